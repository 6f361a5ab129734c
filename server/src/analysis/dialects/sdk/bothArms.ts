// `if (readOnly) server.registerTool(...read tools) else server.registerTool(...all tools)`, and a
// `switch` with a `default` whose every clause registers a tool: whichever arm runs registers a tool,
// so `tools` is advertised whenever the `if` (or the `switch`) is reached. Only tools: every
// tool registration adds the same thing, while a prompt or a resource template may add `completions`
// in one arm and not the other.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { CallEvent, FlowEvent, FlowEventEntry, FlowUnit } from "../../core/model/summary";
import { everyCaseDoes, inEitherArm } from "../../core/evaluate/eitherArm";
import { ts } from "../../core/typescript";

const TOOL_METHODS = new Set(["registerTool", "tool"]);

function isToolCall(e: FlowEvent): e is CallEvent {
  return e.k === "call" && TOOL_METHODS.has(e.method);
}

/**
 * Whether a tool registration under conditions runs, or a tool registration on the same receiver in
 * the other arm of the one `if`/`else` (or `?:`) it is not certain to enter does: every other region
 * beyond `within` (the construction's own branches) of both is certainly entered.
 */
export function toolInEitherArm(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[]): boolean {
  const { event } = entry;
  if (!isToolCall(event)) return false;
  const receiver = event.receiver.join(".");
  if (inEitherArm(ev, file, unit, entry, within, [event.receiver[0]!], (other) => isToolCall(other.event) && other.event.receiver.join(".") === receiver) !== undefined) return true;
  // `switch (mode) { case "read": server.registerTool(...); break; default: server.registerTool(...) }`.
  const registersTool = (st: ts.Statement, sf: ts.SourceFile): boolean =>
    ts.isExpressionStatement(st) && ts.isCallExpression(st.expression) && ts.isPropertyAccessExpression(st.expression.expression) && TOOL_METHODS.has(st.expression.expression.name.text) && st.expression.expression.expression.getText(sf) === receiver;
  return everyCaseDoes(ev, file, unit, entry, registersTool, within);
}
