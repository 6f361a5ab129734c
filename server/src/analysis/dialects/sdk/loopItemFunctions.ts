// `for (const register of [registerTools, registerPrompts]) register(server)`, the same with
// `[registerTools, registerPrompts].forEach((register) => register(server))`, and `for (const m of
// [issues, wiki]) m.register(server)`: a callee that is the item of a loop over a collection the source
// gives (or a method of it) stands for each item's function in turn. Only when every item is
// a function whose code the analysis reads; otherwise nothing is claimed and the call stays open.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope } from "../../core/evaluate/values";
import type { LoopGuard, ValueExpr } from "../../core/model/summary";
import { functionOfValue, instanceMethod, objectMethod, type FunctionTarget } from "./methodTargets";
import { arrayItemsOf, returnedCollection } from "../../core/evaluate/returnedCollections";
import { SDK_EVAL } from "./sdkEval";

export type ItemFunction = FunctionTarget;

/** Most items read one by one: a larger table is not a list of registrars. */
const MAX_ITEMS = 50;

/**
 * The functions `over` holds, in order (with `member`, each item's method of that name: `m.register`);
 * undefined unless it is an array whose every item gives a readable function.
 */
export function itemFunctions(ev: Evaluator, over: ValueExpr, scope: Scope, want?: (file: string) => void, member?: string, className?: string, element?: number): ItemFunction[] | undefined {
  // An array the file does not change (a changed one evaluates to no array at all), maybe returned by a function.
  const source = returnedCollection(ev, over, scope, className);
  const value = ev.evaluate(source.expr, source.scope, SDK_EVAL);
  if (value.t !== "arr" || value.items.length === 0 || value.items.length > MAX_ITEMS) return undefined;
  // `[new ClockTool(), new StandupPrompt()]`: instances, read from the array's own text.
  const written = member === undefined ? undefined : arrayItemsOf(ev, source.expr, source.scope, 0);
  const out: ItemFunction[] = [];
  for (const [i, whole] of value.items.entries()) {
    // `for (const [name, plugin] of Object.entries(PLUGINS))`: each item's element at `element`.
    const item = element === undefined ? whole : whole.t === "arr" ? whole.items[element] : undefined;
    if (!item) return undefined;
    const writtenWhole = written?.length === value.items.length ? written[i] : undefined;
    const at = element === undefined || !writtenWhole ? writtenWhole : writtenWhole.expr.k === "arr" && writtenWhole.expr.items[element]?.k !== "spread" && writtenWhole.expr.items[element] ? { expr: writtenWhole.expr.items[element] as ValueExpr, scope: writtenWhole.scope } : undefined;
    const found = member === undefined ? functionOfValue(ev, item, want) : (objectMethod(ev, item, member, want) ?? (at && instanceMethod(ev, at.scope, at.expr, member, want)));
    if (!found || found.unit.bodiless) return undefined;
    out.push(found);
  }
  return out;
}

/**
 * `for (const k of ["a", "b"]) installers[k]()`: the keys a loop's item takes, when the collection is
 * an array of strings the source gives; undefined otherwise.
 */
export function itemKeys(ev: Evaluator, over: ValueExpr, scope: Scope): string[] | undefined {
  const value = ev.evaluate(over, scope, SDK_EVAL);
  if (value.t !== "arr" || value.items.length === 0 || value.items.length > MAX_ITEMS) return undefined;
  const keys = value.items.map((item) => (item.t === "prim" && typeof item.value === "string" ? item.value : undefined));
  return keys.every((k): k is string => k !== undefined) ? keys : undefined;
}

/** The innermost loop of `loops` whose item is bound to `name` (`for (const name of ...)`). */
export function loopBinding(loops: readonly LoopGuard[] | undefined, name: string): ItemLoop | undefined {
  const loop = loops?.at(-1);
  return loop?.kind === "of" && (loop.binding === name || loop.element?.name === name) ? loop : undefined;
}

/** `[a, b].forEach((item) => ...)`: the innermost loop over every item, with no variable of its own (a callback's). */
export function callbackLoop(loops: readonly LoopGuard[] | undefined): ItemLoop | undefined {
  const loop = loops?.at(-1);
  return loop?.kind === "of" && loop.binding === undefined ? loop : undefined;
}

type ItemLoop = Extract<LoopGuard, { readonly over: ValueExpr }>;
