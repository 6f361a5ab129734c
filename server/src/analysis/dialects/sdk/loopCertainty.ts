// Whether a registration inside loops certainly runs: each loop goes over a table written in the
// workspace (a const array or object literal, imported or not) that holds at least one item, and the
// loop body cannot skip it (the flow summary records the loops only then).
import { readsAny } from "../../core/model/valueReads";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope } from "../../core/evaluate/values";
import type { FlowEventEntry, FlowUnit, LoopGuard, ValueExpr } from "../../core/model/summary";
import { certainItems } from "./tableItems";
import { bindingOf, unitScope } from "./unitScope";
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import { mutatedNames } from "../../core/evaluate/mutation";
import { isObjectIterator, keyCount } from "./objectKeys";
import { returnedCollection, thisField } from "./returnedCollections";
import { SDK_EVAL } from "./sdkEval";

/**
 * Whether a conditional event certainly runs once its unit runs past `within` (the branch regions
 * of the server's construction, for events after it in the same unit; else none): every region it is
 * in beyond those is a loop over every item of a table that has items.
 */
export function loopsRunCertainly(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[] = []): boolean {
  const branches = entry.branches;
  if (!entry.conditional || !branches || branches.length < within.length) return false;
  if (!within.every((b, i) => branches[i] === b)) return false;
  const rest = branches.slice(within.length);
  if (!rest.every((b) => b.startsWith("loop:"))) return false;
  const guards = entry.loops ?? [];
  if (guards.length < rest.length) return false;
  const hidden = declaredAround(ev, file, unit);
  // `this.tools` is read where the class stores it, in that code's own scope (see returnedCollections.ts).
  const readsHidden = (over: ValueExpr) => thisField(over) === undefined && readsAny(over, hidden);
  return guards.every((g) => (g.kind === "count" ? !readsAny(g.from, hidden) && !readsAny(g.to, hidden) : !readsHidden(itemSource(g).over)) && hasItems(ev, file, g, ev.fileScope(file), unit.className));
}

/**
 * Whether a conditional event never runs: one of the loops it is in goes over a collection the
 * source settles as empty (`PROMPTS.filter((p) => p.enabled)` with every prompt disabled).
 */
export function loopsNeverRun(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry): boolean {
  if (!entry.conditional || !entry.loops?.length) return false;
  // Read where the loop is written: a parameter or local it reads is not known there.
  const scope = unitScope(ev, file, unit);
  return entry.loops.some((g) => {
    if (g.kind !== "of") return false;
    const source = returnedCollection(ev, itemSource(g).over, scope, unit.className);
    const value = ev.evaluate(source.expr, source.scope, SDK_EVAL);
    return value.t === "arr" && value.items.length === 0;
  });
}

/** Methods whose result has at least as many items as the array they are called on. */
const ITEM_KEEPING = new Set(["map", "sort", "reverse", "toSorted", "toReversed", "concat"]);

/**
 * The table a loop's items come from, through calls that keep every item: `DeleteTools.map((t) =>
 * t()).forEach(...)` goes over as many items as `DeleteTools` has (`filter` may drop them all, and
 * `slice` with arguments some). A callback that throws stops the server anyway.
 */
function itemSource<G extends LoopGuard & { kind: "of" | "in" }>(guard: G): LoopGuard & { kind: "of" | "in" } {
  if (guard.kind !== "of") return guard;
  let over = guard.over;
  for (let hops = 0; hops < 16 && over.k === "call" && over.callee.k === "get" && over.callee.key.k === "static"; hops++) {
    const method = over.callee.key.name;
    if (!ITEM_KEEPING.has(method) && !(method === "slice" && over.args.length === 0)) break;
    over = over.callee.object;
  }
  return over === guard.over ? guard : { kind: "of", over };
}

/** Names declared in the unit and the functions around it: the file's const of that name is not the one read. */
export function declaredAround(ev: Evaluator, file: string, unit: FlowUnit): Set<string> {
  const units = ev.summary(file)?.flow?.units ?? [];
  const out = new Set<string>();
  for (let u: FlowUnit | undefined = unit, hops = 0; u && hops < 64; u = u.parent === null ? undefined : units[u.parent], hops++) {
    for (const p of u.params) out.add(p);
    for (const l of u.locals ?? []) out.add(l);
  }
  return out;
}


/** Whether the table a loop goes over holds at least one item, read in `scope` (the file's by default). */
export function hasItems(ev: Evaluator, file: string, guard: LoopGuard, scope: Scope = ev.fileScope(file), className?: string, depth = 0): boolean {
  if (guard.kind === "count") {
    const from = ev.evaluate(guard.from, scope, SDK_EVAL);
    const to = ev.evaluate(guard.to, scope, SDK_EVAL);
    if (from.t !== "prim" || to.t !== "prim" || typeof from.value !== "number" || typeof to.value !== "number") return false;
    return guard.inclusive ? from.value <= to.value : from.value < to.value;
  }
  const over = itemSource(guard).over;
  if (guard.kind === "of" && over.k === "call" && isObjectIterator(over.callee) && over.args.length === 1) {
    return keyCount(ev, ev.evaluate(over.args[0]!, scope, SDK_EVAL)) > 0;
  }
  const source = returnedCollection(ev, over, scope, className);
  // `readOnly ? readTools : [...readTools, ...writeTools]`: items whichever side is taken.
  // (`const a = x ? a : b` would go round for ever: a few levels of conditionals are read, no more.)
  const sides = depth < 8 ? conditionalSides(ev, source.expr, source.scope) : undefined;
  if (sides) return sides.every((side) => hasItems(ev, file, { ...guard, over: side.expr }, side.scope, className, depth + 1));
  const value = ev.evaluate(source.expr, source.scope, SDK_EVAL);
  if (value.t === "arr") return value.items.some((i) => i.t !== "dyn") || certainItems(ev, source.expr, source.scope) > 0;
  return guard.kind === "in" && keyCount(ev, value) > 0;
}

/** The two sides of the conditional expression a collection is, written in place or held in a const. */
function conditionalSides(ev: Evaluator, expr: ValueExpr, scope: Scope): readonly { expr: ValueExpr; scope: Scope }[] | undefined {
  let cur: { expr: ValueExpr; scope: Scope } | undefined = { expr, scope };
  for (let hops = 0; hops < 8 && cur?.expr.k === "ref"; hops++) {
    const name: string = cur.expr.name;
    const bound = bindingOf(cur.scope, name);
    if (bound) cur = "expr" in bound ? { expr: bound.expr, scope: bound.scope } : undefined;
    else {
      const declared = constDeclaration(ev, cur.scope.file, name);
      // `tools.splice(0)` somewhere in its file: not what the declaration wrote.
      const summary = declared && ev.summary(declared.file);
      const text = declared && ev.host.text?.(declared.file);
      const unchanged = summary && text !== undefined && !mutatedNames(summary, text).has(declared.name);
      cur = declared && unchanged ? { expr: declared.init, scope: ev.fileScope(declared.file) } : undefined;
    }
  }
  if (cur?.expr.k !== "dyn" || !cur.expr.branches) return undefined;
  const at = cur.scope;
  return cur.expr.branches.map((b) => ({ expr: b, scope: at }));
}
