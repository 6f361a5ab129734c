// One item of a loop or of a callback run on each item (`for (const t of TOOLS)`, `TOOLS.forEach((t) =>
// ...)`): the names it goes by in the body, and the scope those names are read in for one item.
import type { Binding, Scope, Value } from "./values";
import type { LoopGuard, ValueExpr } from "../model/summary";

/** A callback's first parameter, and the collection it is each item of (evaluated where the callback is written). */
export interface EachItem {
  /** The item's own name (`for (const t of …)`, a callback's `(t) =>`); none when it is destructured. */
  readonly param?: string;
  /** `for (const [name, def] of Object.entries(TOOLS))`: names given elements of each item. */
  readonly elements?: readonly { readonly name: string; readonly index: number }[];
  readonly over: ValueExpr;
  readonly scope: Scope;
  /** Parameters of the function called in the loop that are given the item itself (`registerCrud(server, e)`). */
  readonly passes?: readonly string[];
}

/** The names one item of `each` goes by in the loop's body: itself, the parameters it is passed as, its destructured elements. */
export function itemVars(each: EachItem, item: Value): Map<string, Binding> {
  const vars = new Map<string, Binding>();
  for (const name of [...(each.param !== undefined ? [each.param] : []), ...(each.passes ?? [])]) vars.set(name, { value: item });
  for (const { name, index } of each.elements ?? []) {
    const value: Value = (item.t === "arr" ? item.items[index] : undefined) ?? { t: "dyn", text: name, loc: item.loc, why: "an element of a loop's item not known statically" };
    vars.set(name, { value });
  }
  return vars;
}

/** A `for … of` loop's item, by its own name or its destructured elements' names. */
export function loopItem(loop: Extract<LoopGuard, { kind: "of" | "in" }>, scope: Scope): EachItem {
  return { ...(loop.binding !== undefined ? { param: loop.binding } : {}), ...(loop.elements ? { elements: loop.elements } : {}), over: loop.over, scope };
}

/** Every name an item of `each` goes by in the loop's body. */
export function itemNames(each: EachItem): string[] {
  return [...(each.param !== undefined ? [each.param] : []), ...(each.elements ?? []).map((e) => e.name)];
}
