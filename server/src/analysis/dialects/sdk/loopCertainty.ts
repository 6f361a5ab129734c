// Whether a registration inside loops certainly runs: each loop goes over a table written in the
// workspace (a const array or object literal, imported or not) that holds at least one item, and the
// loop body cannot skip it (the flow summary records the loops only then).
import type { Evaluator } from "../../core/evaluate/evaluator";
import { DYNAMIC_KEY, type Value } from "../../core/evaluate/values";
import type { FlowEventEntry, FlowUnit, LoopGuard, ValueExpr } from "../../core/model/summary";

/** `Object.entries(X)`, `Object.keys(X)`, `Object.values(X)`: as many items as X has keys. */
const OBJECT_ITERATORS = new Set(["entries", "keys", "values"]);

export function loopsRunCertainly(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry): boolean {
  const guards = entry.loops;
  if (!entry.conditional || !guards || guards.length === 0) return false;
  const hidden = declaredAround(ev, file, unit);
  return guards.every((g) => !readsAny(g.over, hidden) && hasItems(ev, file, g));
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

function readsAny(expr: ValueExpr, names: ReadonlySet<string>): boolean {
  switch (expr.k) {
    case "ref":
      return names.has(expr.name);
    case "get":
      return readsAny(expr.object, names) || (expr.key.k === "computed" && readsAny(expr.key.expr, names));
    case "freeze":
      return readsAny(expr.arg, names);
    case "call":
    case "new":
      return readsAny(expr.callee, names) || expr.args.some((a) => readsAny(a, names));
    case "arr":
      return expr.items.some((i) => readsAny(i.k === "spread" ? i.expr : i, names));
    case "obj":
      return expr.entries.some((e) => (e.k === "spread" ? readsAny(e.expr, names) : readsAny(e.value, names) || (e.key.k === "computed" && readsAny(e.key.expr, names))));
    case "lit":
      return false;
    default:
      // Functions, classes, and what the summary could not represent: not a table.
      return true;
  }
}

function hasItems(ev: Evaluator, file: string, guard: LoopGuard): boolean {
  const over = guard.over;
  const scope = ev.fileScope(file);
  if (guard.kind === "of" && over.k === "call" && isObjectIterator(over.callee) && over.args.length === 1) {
    return keyCount(ev.evaluate(over.args[0]!, scope, { calls: false })) > 0;
  }
  const value = ev.evaluate(over, scope, { calls: false });
  if (value.t === "arr") return value.items.some((i) => i.t !== "dyn");
  return guard.kind === "in" && keyCount(value) > 0;
}

function isObjectIterator(callee: ValueExpr): boolean {
  return callee.k === "get" && callee.object.k === "ref" && callee.object.name === "Object" && callee.key.k === "static" && OBJECT_ITERATORS.has(callee.key.name);
}

/** Keys an object certainly has (a dynamic spread may only add more). */
function keyCount(v: Value): number {
  if (v.t !== "obj") return 0;
  let n = 0;
  for (const k of v.entries.keys()) if (k !== DYNAMIC_KEY) n++;
  return n;
}
