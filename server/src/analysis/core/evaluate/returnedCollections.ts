// `for (const tool of getAllTools(client)) tool.install(server)`: a loop over what a function returns,
// where the function does nothing but return a collection the source writes (`return [new A(), new
// B(client)]`, `() => ALL_TOOLS`). The loop goes over that collection, read where the function writes
// it, with the function's parameters standing for the call's arguments. Also through a const holding
// such a call (`const tools = getAllTools(); tools.forEach(...)`), unless the code changes that const
// or hands it to a call that might.
import type { Evaluator } from "./evaluator";
import { handedOnNamesOf } from "./handedOn";
import { mutatedNamesOf } from "./mutation";
import { constDeclaration, isExportedEmptyTable } from "./constDeclarations";
import type { Binding, Scope, Value } from "./values";
import type { ValueExpr } from "../model/summary";
import { bindingOf, unitScope } from "./unitScope";
import { TABLE_EVAL } from "./tableEval";

export interface Collection {
  readonly expr: ValueExpr;
  readonly scope: Scope;
}

/** How many calls and consts the search passes through. */
const MAX_HOPS = 6;

/**
 * The expression a loop's collection stands for once calls of return-only functions are seen
 * through; `over` itself when it is no such call (or one the analysis does not see through).
 */
export function returnedCollection(ev: Evaluator, over: ValueExpr, scope: Scope, className?: string): Collection {
  let current: Collection = { expr: over, scope };
  // `for (const tool of this.tools)` in a method of the class that stores that array.
  const field = className !== undefined ? thisField(current.expr) : undefined;
  if (field !== undefined) current = fieldArray(ev, scope.file, className!, field, over.span) ?? current;
  for (let hops = 0; hops < MAX_HOPS; hops++) {
    const next = current.expr.k === "call" ? (objectItems(ev, current.expr, current.scope) ?? keptItems(ev, current.expr, current.scope) ?? callResult(ev, current.expr, current.scope)) : current.expr.k === "ref" ? held(ev, current.expr.name, current.scope, CALL) : undefined;
    if (!next) break;
    current = next;
  }
  return current;
}

/**
 * `TOOLS.filter((t) => t.enabled)`, `ALL.filter((t) => ENABLED.includes(t.name))`: the items of an
 * array literal the test keeps, when the test is an arrow (or function) that only returns a value
 * and that value is known for every item. Any item whose test is not known leaves the call as it is.
 */
function keptItems(ev: Evaluator, call: Extract<ValueExpr, { k: "call" }>, scope: Scope): Collection | undefined {
  const c = call.callee;
  const test = call.args[0];
  if (c.k !== "get" || c.key.k !== "static" || c.key.name !== "filter" || call.args.length !== 1 || test?.k !== "fn") return undefined;
  const fn = test.fn;
  const param = fn.params[0];
  if (!fn.result || fn.wraps || fn.rest || !param || fn.params.length > 1) return undefined;
  // The array as written (a const the program does not change: the evaluator refuses one it does).
  const source = returnedCollection(ev, c.object, scope);
  if (ev.evaluate(source.expr, source.scope, TABLE_EVAL).t !== "arr") return undefined;
  const items = arrayItemsOf(ev, source.expr, source.scope, 0);
  const home = items?.[0]?.scope;
  if (!items || !items.every((i) => i.scope === home)) return undefined;
  const kept: ValueExpr[] = [];
  for (const item of items) {
    const vars = new Map<string, Binding>([[param, { expr: item.expr, scope: item.scope }]]);
    const inner: Scope = { file: scope.file, vars, parent: scope };
    for (const [name, expr] of fn.locals) vars.set(name, { expr, scope: inner });
    const truth = truthiness(ev.evaluate(fn.result, inner, TABLE_EVAL));
    if (truth === undefined) return undefined;
    if (truth) kept.push(item.expr);
  }
  return { expr: { k: "arr", items: kept, span: call.span }, scope: home ?? source.scope };
}

/** Whether a value is truthy, when that is known. */
function truthiness(v: Value): boolean | undefined {
  if (v.t === "prim") return Boolean(v.value);
  return v.t === "dyn" ? undefined : true;
}

/**
 * `Object.values(registrars)`, `Object.keys(registrars)`, `Object.entries(registrars)` of an object literal the source writes (a
 * const nothing changes, or what a return-only function returns): an array of its values, of its
 * keys as strings, or of [key, value] pairs, in the order it writes them. Not when a key is a number (those come first at run
 * time), computed, or spread in (keys not known).
 */
function objectItems(ev: Evaluator, call: Extract<ValueExpr, { k: "call" }>, scope: Scope): Collection | undefined {
  const c = call.callee;
  if (c.k !== "get" || c.object.k !== "ref" || c.object.name !== "Object" || c.key.k !== "static" || !["values", "keys", "entries"].includes(c.key.name) || call.args.length !== 1) return undefined;
  if (bindingOf(scope, "Object") || ev.summary(scope.file)?.decls.has("Object")) return undefined;
  let source: Collection = { expr: call.args[0]!, scope };
  for (let hops = 0; hops < MAX_HOPS && source.expr.k !== "obj"; hops++) {
    const next = source.expr.k === "call" ? callResult(ev, source.expr, source.scope) : source.expr.k === "ref" ? held(ev, source.expr.name, source.scope, OBJECT_OR_CALL) : undefined;
    if (!next) return undefined;
    source = next;
  }
  const obj = source.expr;
  if (obj.k !== "obj") return undefined;
  const items: ValueExpr[] = [];
  for (const entry of obj.entries) {
    if (entry.k === "spread" || entry.key.k !== "static" || /^\d+$/.test(entry.key.name)) return undefined;
    const keyItem: ValueExpr = { k: "lit", value: entry.key.name, span: entry.key.span };
    items.push(c.key.name === "values" ? entry.value : c.key.name === "keys" ? keyItem : { k: "arr", items: [keyItem, entry.value], span: entry.key.span });
  }
  return { expr: { k: "arr", items, span: call.span }, scope: source.scope };
}

/** What a call of a function that only declares consts and returns one expression returns, read in its own scope. */
function callResult(ev: Evaluator, call: Extract<ValueExpr, { k: "call" }>, scope: Scope): Collection | undefined {
  const callee = ev.evaluate(call.callee, scope, TABLE_EVAL);
  if (callee.t !== "fn") return undefined;
  const fn = callee.fn;
  // A promise, an iterator, a rest array or a destructured parameter: not what the result expression says.
  if (!fn.result || fn.wraps || fn.rest || fn.params.some((p) => p === "")) return undefined;
  if (call.args.length > fn.params.length) return undefined;
  const vars = new Map<string, Binding>();
  const inner: Scope = { file: callee.scope.file, vars, parent: callee.scope };
  fn.params.forEach((p, i) => {
    const arg = call.args[i];
    // A missing argument takes the parameter's default, which the summary does not keep.
    vars.set(p, arg ? { expr: arg, scope } : { value: { t: "dyn", text: p, loc: { file: scope.file, span: call.span }, why: `${p} is not given` } });
  });
  for (const [name, expr] of fn.locals) vars.set(name, { expr, scope: inner });
  return { expr: fn.result, scope: inner };
}

const CALL: ReadonlySet<ValueExpr["k"]> = new Set(["call"]);
const OBJECT_OR_CALL: ReadonlySet<ValueExpr["k"]> = new Set(["obj", "call"]);

/** The expression of one of those `kinds` a const holds (`const tools = getAllTools()`), when nothing changes it or hands it on. */
function held(ev: Evaluator, name: string, scope: Scope, kinds: ReadonlySet<ValueExpr["k"]>): Collection | undefined {
  const local = bindingOf(scope, name);
  if (local) return "expr" in local && kinds.has(local.expr.k) && unchanged(ev, scope.file, name) ? { expr: local.expr, scope: local.scope } : undefined;
  const declared = constDeclaration(ev, scope.file, name);
  if (!declared || !kinds.has(declared.init.k) || !unchanged(ev, declared.file, declared.name)) return undefined;
  // Imported: the importing file may change it too (`TOOLS["echo"] = ...`); an exported empty table is a
  // registry other modules fill (`export const PROMPTS: string[] = []`).
  if (declared.file !== scope.file && !notMutated(ev, scope.file, name)) return undefined;
  if (isExportedEmptyTable(ev.summary(declared.file), declared.name, declared.init)) return undefined;
  return { expr: declared.init, scope: ev.fileScope(declared.file) };
}

/** Whether `file` neither changes the collection named `name` nor hands it to a call. */
function unchanged(ev: Evaluator, file: string, name: string): boolean {
  const summary = ev.summary(file);
  if (!summary) return false;
  const text = () => ev.host.text?.(file);
  const mutated = mutatedNamesOf(summary, text);
  const handed = handedOnNamesOf(summary, text);
  return mutated !== undefined && handed !== undefined && !mutated.has(name) && !handed.has(name);
}

/** Whether `file` does not change the collection it knows as `name` (pushes, element or length assignments). */
function notMutated(ev: Evaluator, file: string, name: string): boolean {
  const summary = ev.summary(file);
  const mutated = summary ? mutatedNamesOf(summary, () => ev.host.text?.(file)) : undefined;
  return mutated !== undefined && !mutated.has(name);
}

/** Whether the file declares the field `private` or `readonly` (or `#field`): nothing outside the class, nor a subclass, writes it. */
export function declaredUnwritable(text: string, field: string): boolean {
  const name = field.replace(/\$/g, "\\$");
  return new RegExp(String.raw`(?:\b(?:private|readonly)\s+(?:readonly\s+)?${name}\b|#${name}\b)`).test(text);
}

/** `this.tools`: the field's name. */
export function thisField(expr: ValueExpr): string | undefined {
  return expr.k === "get" && expr.object.k === "dyn" && expr.object.text === "this" && expr.key.k === "static" ? expr.key.name : undefined;
}

const ASSIGNED = String.raw`\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?=(?!=)`;
const CHANGED = String.raw`\s*(?:\.\s*(?:push|unshift|splice|pop|shift|sort|reverse|fill|copyWithin)\s*\(|\[[^\]\n]*\]${ASSIGNED}|\.\s*length${ASSIGNED})`;

/**
 * The array the class stores in `this.<field>` once, where nothing else can change it: a field
 * initialiser or one statement of the constructor's own body (before the loop, when the loop is in
 * the constructor too), the field declared `private` or `readonly` (nothing outside the class, nor a
 * subclass, writes it), written nowhere else in the file, never changed in place (`push`, an index, its
 * length), nor handed to a call that might change it.
 */
function fieldArray(ev: Evaluator, file: string, className: string, field: string, loop: { readonly start: number }): Collection | undefined {
  const held = fieldValue(ev, file, className, field, loop);
  return held?.expr.k === "arr" ? held : undefined;
}

/**
 * The literal the class stores in `this.<field>` once, where nothing else can change it (see
 * fieldArray); `at` is where it is read (a read in the constructor must come after the write).
 */
export function fieldValue(ev: Evaluator, file: string, className: string, field: string, at: { readonly start: number }): Collection | undefined {
  const units = ev.summary(file)?.flow?.units ?? [];
  const own = units.filter((u) => u.className === className && (u.kind === "method" || u.kind === "field"));
  const writes = own.flatMap((u) => {
    const expr = u.fieldValues?.get(field);
    return expr ? [{ unit: u, expr }] : [];
  });
  const text = ev.host.text?.(file);
  if (writes.length !== 1 || text === undefined) return undefined;
  const { unit, expr } = writes[0]!;
  if (unit.kind === "method" && unit.span.start <= at.start && at.start < unit.span.end && at.start < expr.span.start) return undefined;
  const name = field.replace(/\$/g, "\\$");
  const declared = declaredUnwritable(text, field);
  const assigned = [...text.matchAll(new RegExp(String.raw`\.${name}${ASSIGNED}`, "g"))].length;
  const changed = new RegExp(String.raw`\.${name}${CHANGED}`).test(text);
  // A string cannot be changed in place: only an array handed to a call may be.
  const handed = expr.k === "arr" && new RegExp(String.raw`[(,]\s*(?:\.\.\.)?this\.${name}\s*[,)]`).test(text);
  if (!declared || changed || handed || assigned !== (unit.kind === "method" ? 1 : 0)) return undefined;
  return { expr, scope: unitScope(ev, file, unit) };
}

/** The items of the array literal `over` stands for (itself, or a const's value), each with the scope it is written in. */
export function arrayItemsOf(ev: Evaluator, over: ValueExpr, scope: Scope, depth: number): { expr: ValueExpr; scope: Scope }[] | undefined {
  if (depth > 8) return undefined;
  if (over.k === "arr") {
    // `[...CORE_TOOLS, ...EXTRA_TOOLS]`: the items of each array spread in, in order.
    const out: { expr: ValueExpr; scope: Scope }[] = [];
    for (const item of over.items) {
      if (item.k !== "spread") out.push({ expr: item, scope });
      else {
        const inner = arrayItemsOf(ev, item.expr, scope, depth + 1);
        if (!inner) return undefined;
        out.push(...inner);
      }
    }
    return out;
  }
  if (over.k !== "ref") return undefined;
  const bound = bindingOf(scope, over.name);
  if (bound) return "expr" in bound ? arrayItemsOf(ev, bound.expr, bound.scope, depth + 1) : undefined;
  const declared = constDeclaration(ev, scope.file, over.name);
  return declared ? arrayItemsOf(ev, declared.init, ev.fileScope(declared.file), depth + 1) : undefined;
}
