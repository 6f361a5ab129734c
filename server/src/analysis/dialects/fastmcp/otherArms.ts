// `if (readOnly) server.addTool(read) else server.addTool(write)`, and a `switch` with a `default` whose
// every clause adds a prompt: whichever branch runs adds that kind, so the kind is in the session.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { everyCaseDoes, inEitherArm } from "../../core/evaluate/eitherArm";
import type { FlowEventEntry, FlowUnit } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { REGISTRATIONS, type Primitive } from "./rules";

/**
 * Whether the other arm of the `if`/`else` a registration is uncertain by, or every clause of the
 * `switch` it is in, adds the same kind on the same receiver.
 */
export function sameKindInOtherArm(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, kind: Primitive): boolean {
  const { event } = entry;
  if (event.k !== "call") return false;
  const receiver = event.receiver.join(".");
  const adds = (e: FlowEventEntry): boolean => e.event.k === "call" && e.event.receiver.join(".") === receiver && REGISTRATIONS[e.event.method]?.key === kind && !(REGISTRATIONS[e.event.method]!.plural && !(e.event.args[0]?.k === "arr" && e.event.args[0].items.some((i) => i.k !== "spread")));
  if (inEitherArm(ev, file, unit, entry, [], [event.receiver[0]!], adds) !== undefined) return true;
  // `switch (mode) { case "de": server.addPrompt(de); break; default: server.addPrompt(en) }`.
  const addsHere = (st: ts.Statement, sf: ts.SourceFile): boolean => {
    if (!ts.isExpressionStatement(st) || !ts.isCallExpression(st.expression) || !ts.isPropertyAccessExpression(st.expression.expression)) return false;
    const call = st.expression;
    const callee = st.expression.expression;
    const reg = REGISTRATIONS[callee.name.text];
    const list = call.arguments[0];
    return callee.expression.getText(sf) === receiver && reg?.key === kind && (!reg.plural || (list !== undefined && ts.isArrayLiteralExpression(list) && list.elements.some((e) => !ts.isSpreadElement(e))));
  };
  return everyCaseDoes(ev, file, unit, entry, addsHere);
}
