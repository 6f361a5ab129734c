// `new Server(info, { capabilities: capabilities() })` with `function capabilities() { return {...} }`:
// a call of a workspace function whose body is consts and one `return` of a static value, given
// static arguments, is that value, unless the program writes into what the function returns
// (`caps().logging = {}`: a function returning a shared const hands out the same object each time).
// An async or generator function returns something else (a promise, an iterator): it stays unknown,
// except that `await f()` of an async one is the value it returns (awaitedStaticCall).
import { ts } from "../../core/typescript";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { DYNAMIC_KEY, type Binding, type Loc, type Scope, type Value } from "../../core/evaluate/values";
import { UNDEFINED_TEXT, type Span, type ValueExpr } from "../../core/model/summary";
import { SDK_EVAL } from "./sdkEval";
import { mutatedNamesIn, mutatedNamesOf } from "../../core/evaluate/mutation";
import { handedOnNamesIn } from "../../core/evaluate/handedOn";
import { plainFields } from "../../core/summarize/paramFields";
import { assignsTo } from "./serverSubclasses";
import { bodyConditionScope, settleConditions } from "./constConditions";
import { parsedSource } from "./containerStores";

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

/**
 * `const cfg = await loadConfig()` with `async function loadConfig() { return { logs: true } }`: the
 * value the awaited promise holds, by the rules of a plain function's call (static arguments, a
 * result nothing writes into); undefined otherwise. Only awaited right there: a promise kept or
 * handed on is awaited later, or never. The caller's scope leaves the local unknown if the code
 * changes it or hands it on (unitScope.ts).
 */
export function awaitedStaticCall(ev: Evaluator, call: Extract<ValueExpr, { k: "call" }>, scope: Scope): Value | undefined {
  return staticCall(ev, call, scope, true);
}

/** The call's static result, or undefined when the callee, an argument or the result is not static. `awaited`: of an async function, awaited. */
function staticCall(ev: Evaluator, call: Extract<ValueExpr, { k: "call" }>, scope: Scope, awaited = false): Value | undefined {
  if (call.callee.k !== "ref") return undefined;
  const callee = ev.lookup(call.callee.name, scope, { file: scope.file, span: call.callee.span }, SDK_EVAL);
  if (callee.t !== "fn" || !callee.fn.result || callee.fn.rest || call.args.some((a) => a.k === "dyn")) return undefined;
  // `caps().logging = {}` somewhere: a function returning a shared object hands out one that changes.
  if (changesResults(ev, scope.file, call.callee.name) || (callee.scope.file !== scope.file && changesResults(ev, callee.scope.file, call.callee.name))) return undefined;
  const fn = plainFunction(ev, callee.scope.file, callee.fn.bodySpan, awaited);
  // A parameter without an argument is `undefined`, which no static value stands for.
  if (!fn || callee.fn.params.length > call.args.length) return undefined;
  const args = call.args.map((a) => ev.evaluate(a, scope, SDK_EVAL));
  if (args.some((a) => !isStatic(a))) return undefined;
  const vars = parameterBindings(fn, call.args, args, scope, ev.host.text?.(scope.file), { file: callee.scope.file, span: callee.fn.bodySpan });
  const inner: Scope = { file: callee.scope.file, vars, parent: callee.scope };
  for (const [name, local] of callee.fn.locals) vars.set(name, { expr: local, scope: inner });
  // `return { tools: {}, ...(opts.logging ? { logging: {} } : {}) }`: its conditions read the call's arguments.
  const result = settleConditions(ev, ev.evaluate(callee.fn.result, inner, SDK_EVAL), bodyConditionScope(callee.scope.file, callee.fn.bodySpan, inner));
  return isStatic(result, true) ? { ...result, loc: { file: scope.file, span: call.span } } : undefined;
}

/**
 * The function's parameters bound to the call's arguments (`exprs` read in the caller's `scope`,
 * evaluated to `values`): a name as its argument, so that a condition may read members of an object
 * given as a literal (`opts.logging`); the names of an object pattern as the keys the argument object
 * has (`{ logging }`), or `undefined` for a key an object literal lacks. A name the body assigns, or
 * whose object it changes or hands to a call (which could change it first), and any other field (a
 * default taking over, a key of the prototype) is unknown: it must not fall through to a name of the file.
 */
function parameterBindings(fn: ts.FunctionLikeDeclaration, exprs: readonly ValueExpr[], values: readonly Value[], scope: Scope, callerText: string | undefined, body: Loc): Map<string, Binding> {
  const text = fn.body ? fn.body.getSourceFile().text.slice(fn.body.pos, fn.body.end) : "";
  let mutated: ReadonlySet<string> | undefined;
  let handed: ReadonlySet<string> | undefined;
  const changed = (name: string, v: Value) =>
    assignsTo(text, name) || ((v.t === "obj" || v.t === "arr") && ((mutated ??= mutatedNamesIn(text)).has(name) || (handed ??= handedOnNamesIn(text)).has(name)));
  const vars = new Map<string, Binding>();
  const unknown = (name: string): Binding => ({ value: { t: "dyn", text: name, loc: body, why: `${name} is only known when the function runs` } });
  fn.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === "this")).forEach((p, i) => {
    const value = values[i]!;
    if (ts.isIdentifier(p.name)) {
      vars.set(p.name.text, changed(p.name.text, value) ? unknown(p.name.text) : { expr: exprs[i]!, scope });
      return;
    }
    for (const name of boundNames(p.name)) vars.set(name, unknown(name));
    if (!ts.isObjectBindingPattern(p.name) || !plainFields(p.name) || value.t !== "obj") return;
    // An object literal written without `__proto__` lacks what it does not write (the summary keeps no entry for `__proto__`).
    const written = exprs[i]!;
    const literal = written.k === "obj" && written.entries.every((e) => e.k === "prop" && e.key.k === "static") && callerText?.slice(written.span.start, written.span.end).includes("__proto__") === false;
    for (const el of p.name.elements) {
      const prop = el.propertyName ?? el.name;
      const key = ts.isIdentifier(prop) || ts.isStringLiteral(prop) ? prop.text : undefined;
      if (key === undefined || key in Object.prototype) continue;
      const entry = value.entries.get(key);
      const name = (el.name as ts.Identifier).text;
      if (entry) {
        if (!changed(name, entry.value)) vars.set(name, { value: entry.value });
      } else if (!el.initializer && literal) vars.set(name, { value: { t: "dyn", text: UNDEFINED_TEXT, loc: { file: scope.file, span: exprs[i]!.span } } });
    }
  });
  return vars;
}

/** Every name a binding pattern declares, nested ones included. */
function boundNames(pattern: ts.BindingName): string[] {
  if (ts.isIdentifier(pattern)) return [pattern.text];
  return pattern.elements.flatMap((el) => (ts.isOmittedExpression(el) ? [] : boundNames(el.name)));
}

/** Whether a file writes into what a call of `name` returns (`name().x = …`). */
function changesResults(ev: Evaluator, file: string, name: string): boolean {
  const summary = ev.summary(file);
  const changed = summary ? mutatedNamesOf(summary, () => ev.host.text?.(file)) : undefined;
  return changed === undefined || changed.has(name);
}

/** A value with nothing unknown in it. */
/**
 * A value with nothing unknown in it; with `keysKnown`, an object may also hold spreads that write
 * only keys known by name (`if (process.env.X) caps.logging = {}` in the function that builds it): the
 * result keeps them as such, each with its reason, where the body wrote it.
 */
function isStatic(v: Value, keysKnown = false): boolean {
  if (v.t === "prim") return true;
  if (v.t === "arr") return v.items.every((i) => isStatic(i));
  if (v.t === "obj") return [...v.entries].every(([k, e]) => (keysKnown && k === DYNAMIC_KEY ? e.mayWrite !== undefined : isStatic(e.value, keysKnown)));
  return false;
}

/**
 * The function whose body is at `body`, when it is neither async nor a generator (its call returns the
 * value itself); with `async`, when it is async and no generator (awaited, its call gives the value).
 */
function plainFunction(ev: Evaluator, file: string, body: Span, async = false): ts.FunctionLikeDeclaration | undefined {
  const source = parsedSource(ev, file);
  if (!source) return undefined;
  let found: ts.FunctionLikeDeclaration | null | undefined;
  const visit = (n: ts.Node): void => {
    if (found !== undefined || n.end < body.start || n.pos > body.end) return;
    if (ts.isFunctionLike(n) && "body" in n && n.body && n.body.getStart(source) === body.start) {
      const mods = ts.canHaveModifiers(n) ? ts.getModifiers(n) ?? [] : [];
      const fn = n as ts.FunctionLikeDeclaration;
      found = mods.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) === async && !fn.asteriskToken ? fn : null;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found ?? undefined;
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
