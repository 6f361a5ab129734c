// One item of a loop, bound to the expression the source writes for it rather than to its value:
// `Object.entries(PROMPTS).forEach(([name, p]) => server.registerPrompt(name, { argsSchema: p.args }, …))`
// with `PROMPTS` an object literal. A value keeps what an argument is, not how it is written, and a
// check that looks at the writing (a `completable(...)` call, a `new ResourceTemplate(...)`) needs the
// latter, read item by item in the scope the table is written in.
import type { Evaluator } from "./evaluator";
import type { Binding, Scope, Value } from "./values";
import type { ValueExpr } from "../model/summary";
import { arrayItemsOf, returnedCollection } from "./returnedCollections";
import { itemVars, type EachItem } from "./loopItem";

/**
 * The names each of `items` (the loop's collection, evaluated) goes by, bound to the expressions
 * written for it where the collection is an array literal, or `Object.values/keys/entries` of an
 * object literal (returnedCollections.ts), with as many items as were evaluated; otherwise, and for
 * any element not written plainly, to the item's value (itemVars).
 */
export function writtenItemVars(ev: Evaluator, each: EachItem, items: readonly Value[], className?: string): Map<string, Binding>[] {
  const source = returnedCollection(ev, each.over, each.scope, className);
  const written = arrayItemsOf(ev, source.expr, source.scope, 0);
  const aligned = written?.length === items.length ? written : undefined;
  return items.map((item, i) => {
    const vars = itemVars(each, item);
    const at = aligned?.[i];
    if (!at) return vars;
    for (const name of [...(each.param !== undefined ? [each.param] : []), ...(each.passes ?? [])]) vars.set(name, { expr: at.expr, scope: at.scope });
    for (const { name, index } of each.elements ?? []) {
      const element = elementAt(at.expr, index);
      if (element) vars.set(name, { expr: element, scope: at.scope });
    }
    return vars;
  });
}

/** `[key, value]` written as an array literal: its element at `index`, unless a spread comes before it. */
function elementAt(expr: ValueExpr, index: number): ValueExpr | undefined {
  if (expr.k !== "arr" || expr.items.slice(0, index + 1).some((x) => x.k === "spread")) return undefined;
  return expr.items[index] as ValueExpr | undefined;
}

/** Most combinations of items nested loops are read for: no real server registers more from one call. */
const MAX_COMBINATIONS = 1_000;

/**
 * The scopes a call in `loops` (outermost first) runs in, one per combination of items: each item
 * under the loop's name (or its elements' names, or the parameters of the function called with it),
 * an inner loop's collection read with the outer items bound. `varsOf` binds one level's items (by
 * default to their values). Undefined when a collection is not a list the source gives, or when
 * there are too many.
 */
export function itemScopes(
  loops: readonly EachItem[],
  file: string,
  scope: Scope,
  collection: (over: ValueExpr, at: Scope) => Value,
  varsOf: (each: EachItem, items: readonly Value[]) => Map<string, Binding>[] = (each, items) => items.map((item) => itemVars(each, item)),
): Scope[] | undefined {
  let scopes: Scope[] = [scope];
  for (const [level, each] of loops.entries()) {
    const next: Scope[] = [];
    for (const outer of scopes) {
      const at = level === 0 ? each.scope : outer;
      const over = collection(each.over, at);
      if (over.t !== "arr") return undefined;
      for (const vars of varsOf({ ...each, scope: at }, over.items)) next.push({ file, vars, parent: outer });
      if (next.length > MAX_COMBINATIONS) return undefined;
    }
    scopes = next;
  }
  return scopes;
}
