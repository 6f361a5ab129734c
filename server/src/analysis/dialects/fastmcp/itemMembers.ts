// `for (const feature of [git, docs]) feature.register(server)`, the same with
// `FEATURES.forEach((f) => f.register(server))`: a method called on the item of a loop over a
// collection the source gives stands for each item's function of that name, in turn (a module
// namespace's export, an object literal's method). Only when every item gives a function whose code
// the analysis reads; otherwise nothing is claimed and the call stays open.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { memberFunctionPlace, unitAt } from "../../core/evaluate/functionPlaces";
import { returnedCollection } from "../../core/evaluate/returnedCollections";
import { TABLE_EVAL } from "../../core/evaluate/tableEval";
import { unitScope } from "../../core/evaluate/unitScope";
import type { FileSummary, FlowEventEntry, FlowUnit, LoopGuard, ValueExpr } from "../../core/model/summary";

/** Most items read one by one: a larger table is not a list of registrars. */
const MAX_ITEMS = 50;

export interface ItemFunction {
  readonly file: string;
  readonly units: readonly FlowUnit[];
  readonly fn: FlowUnit;
}

/**
 * The functions `callee` (`item.member`) runs, one per item, in order; undefined unless the callee is
 * a method of the innermost loop's item (or of the first parameter of a callback run on each item of
 * `callbackLoop`) and every item gives one. `summary` gives a file's summary with its flow.
 */
export function itemMembers(ev: Evaluator, summary: (file: string) => FileSummary | undefined, file: string, unit: FlowUnit, entry: FlowEventEntry, callee: ValueExpr, callbackLoop: LoopGuard | undefined): ItemFunction[] | undefined {
  if (callee.k !== "get" || callee.key.k !== "static" || callee.object.k !== "ref") return undefined;
  const own = entry.loops?.at(-1);
  const loop = own ?? callbackLoop;
  if (loop?.kind !== "of") return undefined;
  const item = own ? loop.binding : unit.params[0] || undefined;
  if (item === undefined || item !== callee.object.name) return undefined;
  // Read where the loop is written: the function's parameters and locals are not known there.
  const scope = unitScope(ev, file, unit);
  const source = returnedCollection(ev, loop.over, scope, unit.className);
  const items = ev.evaluate(source.expr, source.scope, TABLE_EVAL);
  if (items.t !== "arr" || items.items.length === 0 || items.items.length > MAX_ITEMS) return undefined;
  const out: ItemFunction[] = [];
  for (const value of items.items) {
    const place = memberFunctionPlace(ev, value, callee.key.name);
    const units = place && summary(place.file)?.flow?.units;
    const fn = place && units ? unitAt(units, place.span, place.exact) : undefined;
    if (!place || !units || !fn || fn.bodiless) return undefined;
    out.push({ file: place.file, units, fn });
  }
  return out;
}
