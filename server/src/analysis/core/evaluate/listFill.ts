// Whether a list handed to a registration holds items, read once for each item of the loops it is
// written in: `for (const m of Object.values(modules)) server.addTools(m.tools)` adds tools when one
// module's `tools` certainly holds one, and nothing when every module's list is written empty
// (`prompts: []`). The loops are those of the flow summary, which records a loop only when its body
// cannot leave an iteration early: every item of the collection is visited.
import type { Evaluator } from "./evaluator";
import type { Scope, Value } from "./values";
import type { FlowEventEntry, FlowUnit, LoopGuard, ValueExpr } from "../model/summary";
import { readsAny } from "../model/valueReads";
import { unitScope } from "./unitScope";
import { itemNames, itemVars, loopItem } from "./loopItem";
import { returnedCollection } from "./returnedCollections";
import { TABLE_EVAL } from "./tableEval";

/** "some": an item, certainly, in one iteration at least; "none": no item in any; undefined: not known. */
export type ListFill = "some" | "none" | undefined;

export type ItemLoop = Extract<LoopGuard, { kind: "of" | "in" }>;

/** Most iterations read one by one (the items of nested loops multiply). */
const MAX_ITERATIONS = 256;

/**
 * What `list` holds where `entry` is written in `unit` of `file`. `each`: for a callback run on each
 * item of a collection (`Object.values(m).forEach((x) => server.addTools(x.tools))`), that collection,
 * whose items the callback's first parameter takes.
 */
export function listFill(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, list: ValueExpr | undefined, each?: LoopGuard): ListFill {
  if (!list) return undefined;
  // The function's parameters and locals are not known there; its consts are (unitScope.ts).
  const scopes = iterationScopes(ev, unit, itemLoops(unit, entry, each), list, unitScope(ev, file, unit));
  if (!scopes) return undefined;
  let unknown = false;
  for (const scope of scopes) {
    const fill = valueFill(ev.evaluate(list, scope, TABLE_EVAL));
    if (fill === "some") return "some";
    if (fill === undefined) unknown = true;
  }
  return unknown ? undefined : "none";
}

/**
 * The loops over items around an event, outermost first: a callback's own (`each`, whose items its
 * first parameter takes), then the `for … of` loops of its unit. Only `for … of` loops: the keys a
 * `for … in` goes over are read elsewhere (loopCertainty.ts).
 */
export function itemLoops(unit: FlowUnit, entry: FlowEventEntry, each?: LoopGuard): ItemLoop[] {
  const own = (entry.loops ?? []).filter((g): g is ItemLoop => g.kind === "of");
  const param = unit.params[0];
  return each?.kind === "of" && param ? [{ kind: "of", over: each.over, binding: param }, ...own] : own;
}

/**
 * The scopes `list` is read in, one per iteration of the loops whose items it (or a loop inside them)
 * reads, each loop variable bound to its item; a loop whose items nothing reads is read once.
 * Undefined when a collection read is not known item by item.
 */
export function iterationScopes(ev: Evaluator, unit: FlowUnit, guards: readonly ItemLoop[], list: ValueExpr, scope: Scope): Scope[] | undefined {
  const [g, ...inner] = guards;
  if (!g) return [scope];
  const each = loopItem(g, scope);
  const names = new Set(itemNames(each));
  if (!mayRead(list, names) && !inner.some((i) => mayRead(i.over, names))) return iterationScopes(ev, unit, inner, list, scope);
  const source = returnedCollection(ev, g.over, scope, unit.className);
  const items = ev.evaluate(source.expr, source.scope, TABLE_EVAL);
  if (items.t !== "arr" || items.items.some((i) => i.t === "dyn")) return undefined;
  const out: Scope[] = [];
  for (const item of items.items) {
    const found = iterationScopes(ev, unit, inner, list, { file: scope.file, vars: itemVars(each, item), parent: scope });
    if (!found || out.length + found.length > MAX_ITERATIONS) return undefined;
    out.push(...found);
  }
  return out;
}

/** Whether `expr` may read one of `names` (a function written in it may: it is not looked into). */
function mayRead(expr: ValueExpr, names: ReadonlySet<string>): boolean {
  return names.size > 0 && readsAny(expr, names);
}

/**
 * An array value with an item that is known holds that item. One with no item at all is empty: an
 * unknown spread would have left an unknown item in it. Only unknown items: not known.
 */
function valueFill(v: Value): ListFill {
  if (v.t !== "arr") return undefined;
  if (v.items.some((i) => i.t !== "dyn")) return "some";
  return v.items.length === 0 ? "none" : undefined;
}
