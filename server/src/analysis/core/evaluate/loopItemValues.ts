// `for (const name of DISABLED_TOOLS) server.removeTool(name)`: the values a loop's own variable takes
// where a call is given it, one per turn, when every loop around the call goes over a list whose
// items the source gives (read as listFill.ts reads lists: the flow summary records a loop only when
// its body cannot leave a turn early, so every item gets its turn). Only the variable itself: any
// other expression may read a name of the function that is not known. A variable the file gives
// another value somewhere (`name = …`) is not the item.
import type { Evaluator } from "./evaluator";
import type { Value } from "./values";
import type { FlowEventEntry, FlowUnit, LoopGuard, ValueExpr } from "../model/summary";
import { unitScope } from "./unitScope";
import { itemLoops, iterationScopes } from "./listFill";
import { reassigned } from "./itemTurns";
import { TABLE_EVAL } from "./tableEval";

/** The value `expr`, the innermost loop's variable, takes on each turn; undefined when one is not known. `each`: as for listFill. */
export function loopItemValues(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, expr: ValueExpr | undefined, each?: LoopGuard): Value[] | undefined {
  const loops = itemLoops(unit, entry, each);
  const inner = loops.at(-1);
  if (!expr || expr.k !== "ref" || !inner || inner.binding !== expr.name) return undefined;
  const text = ev.host.text?.(file);
  if (text === undefined || reassigned(text, expr.name)) return undefined;
  const scopes = iterationScopes(ev, unit, loops, expr, unitScope(ev, file, unit));
  if (!scopes) return undefined;
  const values = scopes.map((scope) => ev.evaluate(expr, scope, TABLE_EVAL));
  return values.some((v) => v.t === "dyn") ? undefined : values;
}
