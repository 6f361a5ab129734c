// A throw inside `try { ... } catch { ... }` does not stop the program when the catch keeps it going:
// the catch takes the error. Only a catch that neither throws again nor ends the process counts;
// anything else (a `finally` alone, a rethrow, `process.exit(1)` in the catch) leaves the throw as it was.
import type { Evaluator } from "./evaluator";
import type { FlowEventEntry } from "../model/summary";
import { ts } from "../typescript";
import { parsedSource } from "../summarize/parsedSource";
import { nodeAt } from "../summarize/nodeAt";
import { ENDS_PROGRAM_TEXT } from "../summarize/deadCode";
import { mayExitEarly } from "../summarize/loopShapes";
import { perParse } from "../summarize/perParse";

/** The innermost `try` around the event whose `catch` (or `finally`) keeps the program running. */
export function catchingTry(ev: Evaluator, file: string, entry: FlowEventEntry): { readonly sf: ts.SourceFile; readonly statement: ts.TryStatement } | undefined {
  const regions = entry.branches;
  if (!entry.conditional || !regions || regions.length === 0) return undefined;
  const sf = parsedSource(ev, file);
  if (!sf) return undefined;
  for (const region of [...regions].reverse()) {
    const m = /^(\d+):(\d+)$/.exec(region);
    if (!m) continue;
    const block = blockAt(sf, Number(m[1]), Number(m[2]));
    const parent = block?.parent;
    if (!block || !parent || !ts.isTryStatement(parent) || parent.tryBlock !== block) continue;
    // `finally { return s; }`: the finally's own exit replaces the throw.
    if (parent.finallyBlock && mayExitEarly(parent.finallyBlock)) return { sf, statement: parent };
    if (parent.catchClause !== undefined && !ENDS_PROGRAM_TEXT.test(parent.catchClause.block.getText(sf))) return { sf, statement: parent };
  }
  return undefined;
}

/** Whether the event sits in the `try` block of a `try` whose `catch` keeps the program running. */
export function caughtAround(ev: Evaluator, file: string, entry: FlowEventEntry): boolean {
  return catchingTry(ev, file, entry) !== undefined;
}

/** The block spanning exactly [start, end); kept per parse: every event of a `try` block (of every server) asks again. */
const blockAt = (sf: ts.SourceFile, start: number, end: number): ts.Block | undefined => blockByKey(sf, `${start}:${end}`);
const blockByKey = perParse((sf, key) => {
  const [start, end] = key.split(":").map(Number) as [number, number];
  return nodeAt(sf, { start, end }, ts.isBlock) as ts.Block | undefined;
});

/**
 * Whether the event is conditional only because it is written in `try` blocks (of its own function):
 * it runs unless something before it there throws, and what follows it in those blocks runs after it.
 */
export function onlyInTryBlocks(ev: Evaluator, file: string, entry: FlowEventEntry): boolean {
  const regions = entry.branches;
  if (!entry.conditional || !regions || regions.length === 0) return false;
  const sf = parsedSource(ev, file);
  if (!sf) return false;
  return regions.every((region) => {
    const m = /^(\d+):(\d+)$/.exec(region);
    const block = m ? blockAt(sf, Number(m[1]), Number(m[2])) : undefined;
    return block !== undefined && block.parent !== undefined && ts.isTryStatement(block.parent) && block.parent.tryBlock === block;
  });
}

/**
 * The regions of `entry` that are `try` blocks whose first statement is the event's call itself:
 * `try { server.tool(name, …) } catch …`, the method called on a plain name, with arguments that
 * cannot throw while they are built (literals, names, functions, object and array literals of such,
 * and chains of calls on a name `harmless` vouches for, e.g. a schema library's `z.string().min(1)`). Nothing in the block runs
 * before it, so it runs whenever the `try` does: the block alone does not make it conditional (a
 * throw of the call itself is still the catch's to take).
 */
export function leadingTryRegions(ev: Evaluator, file: string, entry: FlowEventEntry, harmless: (root: ts.Identifier) => boolean): ReadonlySet<string> {
  const out = new Set<string>();
  const regions = entry.branches;
  if (!entry.conditional || !regions || entry.event.k !== "call") return out;
  const sf = parsedSource(ev, file);
  if (!sf) return out;
  for (const region of regions) {
    const m = /^(\d+):(\d+)$/.exec(region);
    const block = m ? blockAt(sf, Number(m[1]), Number(m[2])) : undefined;
    if (!block?.parent || !ts.isTryStatement(block.parent) || block.parent.tryBlock !== block) continue;
    const first = block.statements[0];
    if (!first || !ts.isExpressionStatement(first)) continue;
    let call: ts.Expression = first.expression;
    while (ts.isParenthesizedExpression(call)) call = call.expression;
    if (!ts.isCallExpression(call) || call.getStart(sf) !== entry.event.span.start || call.end !== entry.event.span.end) continue;
    const callee = call.expression;
    if (call.questionDotToken || !ts.isPropertyAccessExpression(callee) || callee.questionDotToken || !ts.isIdentifier(callee.expression)) continue;
    if (call.arguments.every((a) => builtSafely(a, harmless, 0))) out.add(region);
  }
  return out;
}

/** Whether building `e` cannot throw: a literal, a name, a function, an object or array literal of such, a chain of calls on a name `harmless` vouches for. */
function builtSafely(e: ts.Expression, harmless: (root: ts.Identifier) => boolean, depth: number): boolean {
  if (depth > 16) return false;
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) return builtSafely(e.expression, harmless, depth + 1);
  if (ts.isStringLiteral(e) || ts.isNumericLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isIdentifier(e) || ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return true;
  if (e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword || e.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isArrayLiteralExpression(e)) return e.elements.every((x) => !ts.isSpreadElement(x) && builtSafely(x, harmless, depth + 1));
  if (ts.isObjectLiteralExpression(e)) {
    return e.properties.every((p) => {
      if (p.name && ts.isComputedPropertyName(p.name)) return false;
      if (ts.isShorthandPropertyAssignment(p)) return !p.objectAssignmentInitializer;
      if (ts.isPropertyAssignment(p)) return builtSafely(p.initializer, harmless, depth + 1);
      return ts.isMethodDeclaration(p);
    });
  }
  if (!ts.isCallExpression(e) || e.questionDotToken || !ts.isPropertyAccessExpression(e.expression) || !e.arguments.every((a) => builtSafely(a, harmless, depth + 1))) return false;
  // `z.string().min(1)`: each call of the chain down to the name.
  const object = e.expression.expression;
  return ts.isIdentifier(object) ? harmless(object) : ts.isCallExpression(object) && builtSafely(object, harmless, depth + 1);
}
