// `if (readOnly) server.registerTool(...read tools) else server.registerTool(...all tools)`: whichever
// arm runs registers a tool, so `tools` is advertised whenever the `if` is reached. Only tools: every
// tool registration adds the same thing, while a prompt or a resource template may add `completions`
// in one arm and not the other.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEvent, FlowEventEntry, FlowUnit } from "../../core/model/summary";
import { otherArm, regionEntered, regionsNeverRun } from "./knownConditions";

const TOOL_METHODS = new Set(["registerTool", "tool"]);

type CallEvent = Extract<FlowEvent, { k: "call" }>;

function isToolCall(e: FlowEvent): e is CallEvent {
  return e.k === "call" && TOOL_METHODS.has(e.method);
}

/**
 * Whether a tool registration under conditions runs, or a tool registration on the same receiver in
 * the other arm of the one `if`/`else` (or `?:`) it is not certain to enter does: every other region
 * beyond `within` (the construction's own branches) of both is certainly entered.
 */
export function toolInEitherArm(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[]): boolean {
  const { event, branches } = entry;
  if (!entry.conditional || !branches || !isToolCall(event)) return false;
  if (branches.length <= within.length || !within.every((b, i) => branches[i] === b)) return false;
  const rest = branches.slice(within.length);
  const open = rest.findIndex((r) => regionEntered(ev, file, unit, r) !== true);
  if (open < 0) return false;
  const arm = otherArm(ev, file, rest[open]!);
  if (!arm) return false;
  const after = (list: readonly string[], from: number) => list.slice(from).every((r) => regionEntered(ev, file, unit, r) === true);
  if (!after(rest, open + 1)) return false;
  const prefix = branches.slice(0, within.length + open);
  const receiver = event.receiver.join(".");
  const inArm = (b: readonly string[] | undefined): b is readonly string[] => b !== undefined && b.length > prefix.length && prefix.every((r, i) => b[i] === r) && b[prefix.length] === arm;
  return unit.events.some((other, index) => {
    const b = other.branches;
    if (other === entry || !other.conditional || !inArm(b) || !isToolCall(other.event) || other.event.receiver.join(".") !== receiver) return false;
    if (!after(b, prefix.length + 1)) return false;
    // A return in that arm before it (`else { if (!ok) return; server.registerTool(...) }`) may skip it.
    return !unit.events.slice(0, index).some((e) => e.event.k === "return" && e.conditional && inArm(e.branches) && !regionsNeverRun(ev, file, unit, e));
  });
}
