// A `return` under a condition ends its function early: what the function does after it may not run
// (`if (!config.enabled) return; server.registerTool(...)` registers only when enabled). Only a return
// whose condition is known never to hold (`if (DEBUG) return;` with `const DEBUG = false`) leaves the
// rest certain, and so does one the SDK decides (`if (server instanceof McpServer) { …; return; }` on a
// low-level Server: serverConditions.ts), when the walk passes its facts.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { regionsNeverRun, type Arguments, type ConditionFacts } from "../../core/evaluate/knownConditions";

const returnsOf = new WeakMap<FlowUnit, readonly number[]>();

/** The indices of the unit's conditional `return`s (its own: a nested function's are in its own unit). */
function conditionalReturns(unit: FlowUnit): readonly number[] {
  let out = returnsOf.get(unit);
  if (!out) {
    const found: number[] = [];
    unit.events.forEach((e, i) => {
      if (e.event.k === "return" && e.conditional) found.push(i);
    });
    returnsOf.set(unit, (out = found));
  }
  return out;
}

/** Whether the unit may have returned, between event `from` and event `index`, before reaching the latter. */
export function mayHaveReturned(ev: Evaluator, file: string, unit: FlowUnit, from: number, index: number, args?: Arguments, facts?: ConditionFacts): boolean {
  for (const r of conditionalReturns(unit)) {
    if (r < from) continue;
    if (r >= index) return false;
    if (!regionsNeverRun(ev, file, unit, unit.events[r]!, args, facts)) return true;
  }
  return false;
}
