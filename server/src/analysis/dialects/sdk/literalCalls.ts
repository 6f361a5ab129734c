// `new Server(info, { capabilities: capabilities() })` with `function capabilities() { return {...} }`:
// a call of a workspace function whose body is consts and one `return` of a static value, given
// static arguments, is that value, unless the program writes into what the function returns
// (`caps().logging = {}`: a function returning a shared const hands out the same object each time).
// An async or generator function returns something else (a promise, an iterator): it stays unknown.
import { ts } from "../../core/typescript";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Scope, Value } from "../../core/evaluate/values";
import type { Span, ValueExpr } from "../../core/model/summary";
import { SDK_EVAL } from "./sdkEval";
import { mutatedNamesOf } from "../../core/evaluate/mutation";

/** `value` (the options evaluated without calls), with the calls written inline in `expr` replaced by their static results. */
export function withLiteralCalls(ev: Evaluator, expr: ValueExpr, scope: Scope, value: Value): Value {
  const calls = new Map<number, Extract<ValueExpr, { k: "call" }>>();
  collectCalls(expr, calls);
  if (calls.size === 0) return value;
  return replace(ev, value, scope, calls, 0);
}

function collectCalls(expr: ValueExpr, out: Map<number, Extract<ValueExpr, { k: "call" }>>): void {
  if (expr.k === "call") out.set(expr.span.start, expr);
  else if (expr.k === "obj") for (const e of expr.entries) if (e.k !== "spread") collectCalls(e.value, out);
}

function replace(ev: Evaluator, value: Value, scope: Scope, calls: ReadonlyMap<number, Extract<ValueExpr, { k: "call" }>>, depth: number): Value {
  if (depth > 8) return value;
  if (value.t === "dyn" && value.loc.file === scope.file) {
    const call = calls.get(value.loc.span.start);
    return (call && call.span.end === value.loc.span.end && staticCall(ev, call, scope)) || value;
  }
  if (value.t !== "obj") return value;
  let changed = false;
  const entries = new Map([...value.entries].map(([k, e]) => {
    const v = replace(ev, e.value, scope, calls, depth + 1);
    if (v !== e.value) changed = true;
    return [k, { ...e, value: v }];
  }));
  return changed ? { ...value, entries } : value;
}

/** The call's static result, or undefined when the callee, an argument or the result is not static. */
function staticCall(ev: Evaluator, call: Extract<ValueExpr, { k: "call" }>, scope: Scope): Value | undefined {
  if (call.callee.k !== "ref") return undefined;
  const callee = ev.lookup(call.callee.name, scope, { file: scope.file, span: call.callee.span }, SDK_EVAL);
  if (callee.t !== "fn" || !callee.fn.result || call.args.some((a) => a.k === "dyn")) return undefined;
  // `caps().logging = {}` somewhere: a function returning a shared object hands out one that changes.
  if (changesResults(ev, scope.file, call.callee.name) || (callee.scope.file !== scope.file && changesResults(ev, callee.scope.file, call.callee.name))) return undefined;
  if (!plainFunction(ev, callee.scope.file, callee.fn.bodySpan)) return undefined;
  const args = call.args.map((a) => ev.evaluate(a, scope, SDK_EVAL));
  if (args.some((a) => !isStatic(a))) return undefined;
  const vars = new Map<string, Binding>();
  callee.fn.params.forEach((p, i) => {
    if (p) vars.set(p, { value: args[i] ?? { t: "prim", value: null, loc: { file: scope.file, span: call.span } } });
  });
  // A parameter without an argument is `undefined`, which no static value stands for: only when unused.
  if (callee.fn.params.length > args.length) return undefined;
  const inner: Scope = { file: callee.scope.file, vars, parent: callee.scope };
  for (const [name, local] of callee.fn.locals) vars.set(name, { expr: local, scope: inner });
  const result = ev.evaluate(callee.fn.result, inner, SDK_EVAL);
  return isStatic(result) ? { ...result, loc: { file: scope.file, span: call.span } } : undefined;
}

/** Whether a file writes into what a call of `name` returns (`name().x = …`). */
function changesResults(ev: Evaluator, file: string, name: string): boolean {
  const summary = ev.summary(file);
  const changed = summary ? mutatedNamesOf(summary, () => ev.host.text?.(file)) : undefined;
  return changed === undefined || changed.has(name);
}

/** A value with nothing unknown in it. */
function isStatic(v: Value): boolean {
  if (v.t === "prim") return true;
  if (v.t === "arr") return v.items.every(isStatic);
  if (v.t === "obj") return [...v.entries.values()].every((e) => isStatic(e.value));
  return false;
}

/** Whether the function whose body is at `body` is neither async nor a generator (its call returns the value itself). */
function plainFunction(ev: Evaluator, file: string, body: Span): boolean {
  const text = ev.host.text?.(file);
  if (text === undefined) return false;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  let found: boolean | undefined;
  const visit = (n: ts.Node): void => {
    if (found !== undefined || n.end < body.start || n.pos > body.end) return;
    if (ts.isFunctionLike(n) && "body" in n && n.body && n.body.getStart(source) === body.start) {
      const mods = ts.canHaveModifiers(n) ? ts.getModifiers(n) ?? [] : [];
      found = !mods.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) && !(n as ts.FunctionLikeDeclarationBase).asteriskToken;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found === true;
}

/**
 * `noteUri("welcome")` with `const noteUri = (id: string) => \`${SCHEME}://notes/${id}\``: a call of a
 * plain workspace function whose result is a template literal, given static arguments, as the
 * function's scope with its parameters bound, and the template's text (for templateNames.ts to read).
 */
export function templateCall(ev: Evaluator, call: ValueExpr, scope: Scope): { readonly text: string; readonly span: Span; readonly scope: Scope } | undefined {
  if (call.k !== "call" || call.callee.k !== "ref") return undefined;
  const callee = ev.lookup(call.callee.name, scope, { file: scope.file, span: call.callee.span }, SDK_EVAL);
  if (callee.t !== "fn" || callee.fn.result?.k !== "dyn" || callee.fn.params.length !== call.args.length) return undefined;
  if (!plainFunction(ev, callee.scope.file, callee.fn.bodySpan)) return undefined;
  const args = call.args.map((a) => ev.evaluate(a, scope, SDK_EVAL));
  if (args.some((a) => a.t !== "prim")) return undefined;
  const vars = new Map<string, Binding>();
  callee.fn.params.forEach((p, i) => {
    if (p) vars.set(p, { value: args[i]! });
  });
  const inner: Scope = { file: callee.scope.file, vars, parent: callee.scope };
  for (const [name, local] of callee.fn.locals) vars.set(name, { expr: local, scope: inner });
  return { text: callee.fn.result.text, span: callee.fn.result.span, scope: inner };
}
