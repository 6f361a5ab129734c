// A registration returns a handle (RegisteredTool, RegisteredPrompt, RegisteredResource…): its
// `remove()`, and an `update({ name })` that renames it, free the name, so the same name may be
// registered again afterwards. Whether the name is free when a second registration of it runs decides
// whether the SDK throws ("Tool a is already registered") and the server stops.
//
// Read from the syntax around the first registration: a `remove()` chained on it, or one on the
// const it is bound to written as a statement of the same block, between the two registrations,
// frees the name for certain. A handle that goes anywhere else (removed under a condition, in a
// function, passed on, returned, stored) may or may not be removed by the time the second runs.
// A handle nothing removes leaves the name taken.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { Span } from "../../core/model/summary";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";
import { climb, nodeAt } from "./containerStores";

/** Whether the name a registration took is free again when a later registration (`later`) runs. */
export type HandleFate = "freed" | "maybe" | "taken";

/** Handle methods that leave the name where it is. */
const KEEPS_NAME = new Set(["enable", "disable"]);

/** The fate of the name registered by the call at `first` (a span of `file`), seen from the registration at `later`. */
export function handleFate(ev: Evaluator, file: string, first: Span, later: Loc): HandleFate {
  const sf = parsedSource(ev, file);
  const call = sf && nodeAt(sf, first);
  if (!call || !ts.isCallExpression(call)) return "maybe";
  const node = climb(call);
  const parent = node.parent;
  // `server.tool("a", cb).remove()`: freed as soon as it is made.
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node && ts.isCallExpression(parent.parent) && parent.parent.expression === parent) {
    return methodFate(parent.name.text, parent.parent);
  }
  if (ts.isExpressionStatement(parent)) return "taken";
  // `const t = server.tool("a", cb)`: what is done with `t`.
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name) && ts.isVariableDeclarationList(parent.parent) && ts.isVariableStatement(parent.parent.parent)) {
    return boundFate(sf, parent.name.text, parent.parent.parent, later);
  }
  return "maybe";
}

/** What calling `method` on a handle does to its name. */
function methodFate(method: string, call: ts.CallExpression): HandleFate {
  if (method === "remove") return "freed";
  if (KEEPS_NAME.has(method)) return "taken";
  if (method !== "update") return "maybe";
  const updates = call.arguments[0];
  if (!updates || !ts.isObjectLiteralExpression(updates)) return "maybe";
  // `update({ name: "b" })` renames it; `update({ enabled: false })` does not. A spread may hold a name.
  if (updates.properties.some((p) => ts.isSpreadAssignment(p) || !p.name || ts.isComputedPropertyName(p.name))) return "maybe";
  return updates.properties.some((p) => p.name && !ts.isComputedPropertyName(p.name) && propertyName(p.name) === "name") ? "freed" : "taken";
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

/**
 * The handle bound to `name` by `declaration`: freed for certain by a statement `name.remove()` (or a
 * renaming `update`) of the same block, after the declaration and before the statement holding the
 * later registration; "maybe" when the name is used in any other way that may free it; otherwise taken.
 */
function boundFate(sf: ts.SourceFile, name: string, declaration: ts.VariableStatement, later: Loc): HandleFate {
  const block = declaration.parent;
  const statements = ts.isBlock(block) || ts.isSourceFile(block) || ts.isModuleBlock(block) ? block.statements : undefined;
  // The later registration must run where its statement is (not in a function that statement declares, run from elsewhere).
  const laterHere = later.file === sf.fileName && statements ? statements.findIndex((s) => s.pos <= later.span.start && later.span.start < s.end && !inFunction(s, later.span)) : -1;
  const declaredAt = statements ? statements.indexOf(declaration) : -1;
  let fate: HandleFate = "taken";
  const visit = (n: ts.Node): void => {
    if (fate === "freed") return;
    if (ts.isIdentifier(n) && n.text === name && !(ts.isVariableDeclaration(n.parent) && n.parent.name === n)) {
      const use = useOf(n);
      if (use === "keeps") return;
      if (use === "frees" && statements && laterHere > declaredAt) {
        const statement = n.parent.parent.parent;
        const at = statements.indexOf(statement as ts.Statement);
        if (at > declaredAt && at < laterHere) {
          fate = "freed";
          return;
        }
      }
      // Removed elsewhere (a branch, a function, after the later one), or handed on: not known.
      fate = "maybe";
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return fate;
}

/** What a mention of the handle's name does: frees the name (`t.remove();` as a statement), leaves it (`t.disable()`), or anything else. */
function useOf(id: ts.Identifier): "frees" | "keeps" | "other" {
  const access = id.parent;
  if (!ts.isPropertyAccessExpression(access) || access.expression !== id) return "other";
  const call = access.parent;
  if (!ts.isCallExpression(call) || call.expression !== access) return "other";
  const fate = methodFate(access.name.text, call);
  if (fate === "taken") return "keeps";
  return fate === "freed" && ts.isExpressionStatement(call.parent) ? "frees" : "other";
}

/** Whether the code at `span` inside `statement` lies in a function (or class) the statement holds. */
function inFunction(statement: ts.Node, span: Span): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || n.end <= span.start || n.pos > span.start) return;
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) {
      found = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(statement);
  return found;
}
