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
import { DYNAMIC_KEY, type Loc, type Value } from "../../core/evaluate/values";

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
  const read = loopItems(ev, file, unit, entry, callee, callbackLoop);
  if (!read) return undefined;
  const out: ItemFunction[] = [];
  for (const value of read.items) {
    const place = memberFunctionPlace(ev, value, read.member);
    const units = place && summary(place.file)?.flow?.units;
    const fn = place && units ? unitAt(units, place.span, place.exact) : undefined;
    if (!place || !units || !fn || fn.bodiless) return undefined;
    out.push({ file: place.file, units, fn });
  }
  return out;
}

/** The items of the loop whose item `callee` (`item.member`) is called on, with the member's name. */
function loopItems(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, callee: ValueExpr, callbackLoop: LoopGuard | undefined): { items: readonly Value[]; member: string } | undefined {
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
  return { items: items.items, member: callee.key.name };
}

/**
 * `for (const m of Object.values({ notes, digest })) m.register(server)` where one item certainly has
 * no such member: a module namespace that does not export it (an ES module of the workspace, with no
 * `export *` that may add it), or an object literal without it (no spread whose keys are not known).
 * Calling it there throws a TypeError ("m.register is not a function"). The first such item, as the
 * source names it (its module's file, or where the object is written); undefined when every item may
 * have it or the items are not known.
 */
export function itemWithoutMember(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, callee: ValueExpr, callbackLoop: LoopGuard | undefined): { readonly member: string; readonly item: Loc } | undefined {
  const read = loopItems(ev, file, unit, entry, callee, callbackLoop);
  // A name every object has through its prototype (`toString`) is never missing.
  if (!read || read.member in Object.prototype) return undefined;
  for (const value of read.items) {
    if (lacks(ev, value, read.member)) return { member: read.member, item: value.t === "ns" ? { file: value.file, span: { start: 0, end: 0 } } : value.loc };
  }
  return undefined;
}

function lacks(ev: Evaluator, value: Value, member: string): boolean {
  if (value.t === "obj") return !value.entries.has(DYNAMIC_KEY) && !value.entries.has(member);
  if (value.t !== "ns" || !SCRIPT_MODULE.test(value.file)) return false;
  const there = ev.summary(value.file);
  return there !== undefined && !there.exportEquals && there.starExports.length === 0 && !there.exports.has(member) && !/\b(?:module\.exports|exports\.)/.test(ev.host.text?.(value.file) ?? "exports.");
}

/** A TypeScript module of the workspace (not a declaration file), whose exports its summary lists. */
const SCRIPT_MODULE = /(?<!\.d)\.(?:ts|tsx|mts)$/;
