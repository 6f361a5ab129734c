// Capabilities chosen by a condition the source decides: `logging: DEBUG ? {} : undefined` or
// `...(WITH_RESOURCES ? { resources: {} } : {})` with `const DEBUG = false`, a const enum value or a
// file's own const object (the rules of knownConditions). Read where the literal is written: in the
// server's own function, or at the top level of a file; or, for the value a call of a workspace
// function returns (literalCalls.ts), in that function's body with its parameters bound to the call's.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span } from "../../core/model/summary";
import { DYNAMIC_KEY, isUndefinedValue, type Binding, type Loc, type ObjEntryValue, type Scope, type Value } from "../../core/evaluate/values";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import type { SdkSite } from "./findSdkServers";
import { decidedOperand, expressionOf } from "../../core/evaluate/knownConditions";
import { unitScope } from "../../core/evaluate/unitScope";
import { SDK_EVAL } from "./sdkEval";

/** The scope a condition at `loc` (its syntax `node`) is read in; undefined where it is not read. */
export type ConditionScope = (loc: Loc, node: ts.Node) => Scope | undefined;

/**
 * The capabilities object with each entry a known condition decides settled; the same object when none is.
 * `args`: the server's function's parameters bound for the run (an SDK v2 factory run for one era, eraSplit.ts).
 */
export function settleConstConditions(ev: Evaluator, site: SdkSite, caps: Value, args?: ReadonlyMap<string, Binding>): Value {
  return settleConditions(ev, caps, (loc, node) => {
    const own = scopeAt(ev, site, loc, node);
    return own && args && args.size > 0 && own.file === site.file && own.vars !== null ? { file: own.file, vars: args, parent: own } : own;
  });
}

/**
 * A call's run of a workspace function: the conditions written in its own body (not in a function
 * nested in it) are read in `scope`, where its parameters are bound to the call's arguments.
 */
export function bodyConditionScope(file: string, body: Span, scope: Scope): ConditionScope {
  return (loc, node) => {
    const fn = loc.file === file ? enclosingFunction(node) : undefined;
    const fnBody = fn && (fn as ts.FunctionLikeDeclarationBase).body;
    return fnBody && fnBody.getStart() === body.start && fnBody.end === body.end ? scope : undefined;
  };
}

/** The same for an object whose conditions are read where `scopeAt` says. */
export function settleConditions(ev: Evaluator, caps: Value, scopeAt: ConditionScope): Value {
  // `capabilities: FEATURES.logging ? { logging: {} } : {}`: the whole object chosen.
  if (caps.t === "dyn") {
    const decided = decide(ev, caps.loc, scopeAt)?.value;
    return decided && decided.t === "obj" ? settleConditions(ev, decided, scopeAt) : caps;
  }
  if (caps.t !== "obj") return caps;
  const entries = new Map<string, ObjEntryValue>(caps.entries);
  let changed = false;
  for (const [k, e] of caps.entries) {
    if (k === DYNAMIC_KEY || e.value.t !== "dyn") continue;
    const decided = decide(ev, e.value.loc, scopeAt);
    if (!decided) continue;
    changed = true;
    if (isUndefinedValue(decided.value)) entries.delete(k);
    else entries.set(k, { ...e, value: decided.value });
  }
  const spread = caps.entries.get(DYNAMIC_KEY);
  if (spread && spread.value.t === "dyn") {
    // Every spread of the literal decided: spreading undefined, null or false adds nothing; an object
    // adds its keys. Only keys written nowhere else, so that their order does not matter.
    const added = new Map<string, ObjEntryValue>();
    const values = decideSpreads(ev, spread.value.loc, scopeAt);
    let settled = values !== undefined;
    for (const v of values ?? []) {
      const keys = isUndefinedValue(v) || (v.t === "prim" && (v.value === null || v.value === false)) ? new Map() : v.t === "obj" && !v.entries.has(DYNAMIC_KEY) ? v.entries : undefined;
      if (!keys || [...keys.keys()].some((key) => entries.has(key) || added.has(key))) settled = false;
      else for (const [key, entry] of keys) added.set(key, entry);
    }
    if (settled) {
      entries.delete(DYNAMIC_KEY);
      for (const [key, entry] of added) entries.set(key, entry);
      changed = true;
    }
  }
  return changed ? { ...caps, entries } : caps;
}

/** The value a decided condition at `loc` gives, or undefined. */
function decide(ev: Evaluator, loc: Loc, scopeAt: ConditionScope): { value: Value } | undefined {
  const sf = parsedSource(ev, loc.file);
  const node = sf ? nodeAt(sf, loc.span) : undefined;
  return node && ts.isExpression(node) ? decideNode(ev, loc, node, scopeAt) : undefined;
}

/**
 * The values each spread of the object literal the spread at `loc` is in gives (or each source of the
 * `Object.assign({}, …)` it is an argument of, read as such a literal by the evaluator), when
 * conditions the source decides choose every one not already known: a spread of a known object
 * (`...BASE`) is in the object's keys already.
 */
function decideSpreads(ev: Evaluator, loc: Loc, scopeAt: ConditionScope): Value[] | undefined {
  const sf = parsedSource(ev, loc.file);
  const at = sf ? nodeAt(sf, loc.span) : undefined;
  const sources = at && (assignSources(at) ?? literalSpreads(at));
  if (!sources) return undefined;
  const values: Value[] = [];
  for (const source of sources) {
    const decided = decideNode(ev, loc, source, scopeAt);
    if (decided) values.push(decided.value);
    else if (!knownObject(ev, loc, source, scopeAt)) return undefined;
  }
  return values;
}

/** The spread expressions of the object literal whose spread `node` is (or is in). */
function literalSpreads(node: ts.Node): ts.Expression[] | undefined {
  let cur: ts.Node | undefined = node;
  while (cur && !ts.isSpreadAssignment(cur) && !ts.isObjectLiteralExpression(cur)) cur = cur.parent;
  return cur && ts.isSpreadAssignment(cur) ? cur.parent.properties.filter(ts.isSpreadAssignment).map((p) => p.expression) : undefined;
}

/** The sources of `Object.assign({ … }, a, b)` when `node` is one of them: every argument, the target literal too. */
function assignSources(node: ts.Node): readonly ts.Expression[] | undefined {
  let arg: ts.Node = node;
  while (ts.isParenthesizedExpression(arg.parent)) arg = arg.parent;
  const call = arg.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.some((a) => a === arg)) return undefined;
  const callee = call.expression;
  const isAssign = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === "Object" && callee.name.text === "assign";
  return isAssign && call.arguments.length > 0 && ts.isObjectLiteralExpression(call.arguments[0]!) ? call.arguments : undefined;
}

/** Whether a spread source is an object whose keys are all known (already merged where it is spread). */
function knownObject(ev: Evaluator, loc: Loc, node: ts.Expression, scopeAt: ConditionScope): boolean {
  let e = node;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  // The target literal of `Object.assign`: its own spreads are settled on their own.
  if (ts.isObjectLiteralExpression(e)) return e.properties.every((p) => !ts.isSpreadAssignment(p));
  const scope = scopeAt(loc, node);
  const expr = scope && expressionOf(ev, loc.file, e);
  const value = scope && expr && ev.evaluate(expr, scope, SDK_EVAL);
  return value !== undefined && value.t === "obj" && !value.entries.has(DYNAMIC_KEY);
}

function decideNode(ev: Evaluator, loc: Loc, node: ts.Expression, scopeAt: ConditionScope): { value: Value } | undefined {
  const scope = scopeAt(loc, node);
  if (!scope) return undefined;
  const operand = decidedOperand(ev, loc.file, scope, node);
  return operand ? { value: ev.evaluate(operand, scope, SDK_EVAL) } : undefined;
}

/** The server's own function's scope, or the file's for a literal outside any function; else undefined. */
function scopeAt(ev: Evaluator, site: SdkSite, loc: Loc, node: ts.Node): Scope | undefined {
  const unitSpan = site.unit.span;
  if (loc.file === site.file && site.unit.kind !== "module" && loc.span.start >= unitSpan.start && loc.span.end <= unitSpan.end) {
    const innermost = enclosingFunction(node);
    return innermost && innermost.getStart() === unitSpan.start && innermost.end === unitSpan.end ? unitScope(ev, site.file, site.unit) : undefined;
  }
  return enclosingFunction(node) ? undefined : ev.fileScope(loc.file);
}

function enclosingFunction(node: ts.Node): ts.Node | undefined {
  for (let cur = node.parent; cur; cur = cur.parent) if (ts.isFunctionLike(cur) || ts.isClassLike(cur)) return cur;
  return undefined;
}
