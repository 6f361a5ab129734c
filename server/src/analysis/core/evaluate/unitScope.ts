// The scope a call inside a function is read in: the function's own `const`s (a prompt's argument
// shape, a URI template held in a local), its parameters and other locals (not known: they hide the
// file's consts of the same name), then the functions around it, then the file.
import type { Evaluator } from "./evaluator";
import { handedOnNamesOf } from "./handedOn";
import { mutatedNamesOf } from "./mutation";
import { changedBesidesBuilding } from "./straightWrites";
import type { Binding, Scope, Value } from "./values";
import type { FlowUnit, ValueExpr } from "../model/summary";

export function unitScope(ev: Evaluator, file: string, unit: FlowUnit | undefined): Scope {
  const summary = ev.summary(file);
  const units = summary?.flow?.units ?? [];
  const chain: FlowUnit[] = [];
  for (let u = unit, hops = 0; u && hops < 64; u = u.parent === null ? undefined : units[u.parent], hops++) chain.push(u);
  // A name the file also declares or imports may mean that one outside the const's block: not read.
  const fileWide = (name: string) => summary !== undefined && (summary.decls.has(name) || summary.imports.has(name));
  // `caps.prompts = {}`, `list.push(...)`: a const whose object the file changes is not its literal.
  // The text is read only when the names are not remembered for this summary yet (once per version).
  let text: { value: string | undefined } | undefined;
  const read = () => (text ??= { value: ev.host.text?.(file) }).value;
  const mutated = summary ? mutatedNamesOf(summary, read) : undefined;
  const handedOn = summary ? handedOnNamesOf(summary, read) : undefined;
  const readable = (name: string) => mutated !== undefined && !mutated.has(name) && !fileWide(name);
  // An object or array handed to a call may be changed there; a server or a function handed on is still itself.
  // So may an awaited result (`const cfg = await loadConfig()`), which a dialect may read as an object.
  const handedObject = (name: string, expr: ValueExpr) => (expr.k === "obj" || expr.k === "arr" || (expr.k === "dyn" && expr.awaited !== undefined)) && handedOn?.has(name) === true;
  let scope = ev.fileScope(file);
  for (const u of chain.reverse()) {
    const vars = new Map<string, Binding>();
    const inner: Scope = { file, vars, parent: scope };
    const unknown = (name: string): Binding => ({ value: { t: "dyn", text: name, loc: { file, span: u.span }, why: `${name} is only known when ${u.name} runs` } satisfies Value });
    const declared = new Map<string, number>();
    for (const l of u.locals ?? []) declared.set(l, (declared.get(l) ?? 0) + 1);
    for (const p of u.params) if (p) vars.set(p, unknown(p));
    for (const l of declared.keys()) vars.set(l, unknown(l));
    // A const declared once in the unit, under a name nothing else uses, is that value wherever it is read.
    for (const [name, expr] of u.consts ?? []) if (declared.get(name) === 1 && !u.params.includes(name) && readable(name) && !handedObject(name, expr)) vars.set(name, { expr, scope: inner });
    // One the body builds by statements is the object built, once they have run (read as Node runs the code).
    for (const [name, b] of u.built ?? []) {
      if (!ev.options.runtimeValues || declared.get(name) !== 1 || u.params.includes(name) || fileWide(name) || handedObject(name, b.expr)) continue;
      const text = read();
      if (summary && text !== undefined && !changedBesidesBuilding(summary, text).has(name)) vars.set(name, { expr: b.expr, scope: inner, from: b.from });
    }
    scope = inner;
  }
  return scope;
}

/**
 * The scope to read one name in: the file's own when no function around the unit binds it (a
 * parameter, a local, a const), which is where `unitScope` would send it; building the unit's scope
 * reads the file's text for what it changes, so a `new Map()` in every test is not worth that.
 */
export function scopeForName(ev: Evaluator, file: string, unit: FlowUnit | undefined, name: string): Scope {
  const units = ev.summary(file)?.flow?.units ?? [];
  for (let u = unit, hops = 0; u && hops < 64; u = u.parent === null ? undefined : units[u.parent], hops++) {
    if (u.params.includes(name) || u.locals?.includes(name) || u.consts?.has(name)) return unitScope(ev, file, unit);
  }
  return ev.fileScope(file);
}

/** A name's binding in the function scopes around (undefined: not bound there, look at the file). */
export function bindingOf(scope: Scope, name: string): Binding | undefined {
  for (let s: Scope | null = scope; s && s.vars; s = s.parent) {
    const b = s.vars.get(name);
    if (b) return b;
  }
  return undefined;
}
