// `await make().connect(transport)`: the factory's result is connected where it is made, and no name
// ever holds it, so nothing else can be done to it. The call reads as `connect` on the server.
import type { FlowUnit, CallEvent } from "../../core/model/summary";

/** The receiver such a connect is given: a server made on the spot, which no name holds. */
export const MADE_HERE = "<made>";

/** In `unit`, the calls of `factory()` whose result is only the receiver of `.connect(...)`, as connect calls on `receiver`. */
export function connectedInPlace(unit: FlowUnit, factory: string, receiver: string): { index: number; conditional: boolean; call: CallEvent }[] {
  const out: { index: number; conditional: boolean; call: CallEvent }[] = [];
  unit.events.forEach(({ event, conditional }, index) => {
    if (event.k !== "invoke" || event.result || event.resultFields || event.callee.k !== "ref" || event.callee.name !== factory || event.argExprs.length > 0 && event.args.some((a) => a !== null)) return;
    const made = event.span;
    const next = unit.events[index + 1]?.event;
    if (next?.k !== "invoke" || next.callee.k !== "get" || next.callee.key.k !== "static" || next.callee.key.name !== "connect") return;
    const object = next.callee.object;
    if (object.k !== "call" || object.span.start !== made.start || object.span.end !== made.end) return;
    out.push({ index: index + 1, conditional, call: { k: "call", receiver: [receiver], method: "connect", args: next.argExprs, span: next.span, methodSpan: next.callee.key.span } });
  });
  return out;
}

/**
 * `getServer().registerTool(...)`, `App.getInstance().connect(t)`: the event after `index` when it
 * calls one of `methods` on the result of the call at `index`, as that call on `receiver`. For a
 * getter that hands out the same server every time, that is a call on the server.
 */
export function calledOnResult(unit: FlowUnit, index: number, receiver: string, methods: ReadonlySet<string>): { index: number; conditional: boolean; call: CallEvent } | undefined {
  const entry = unit.events[index];
  const made = entry?.event;
  const next = unit.events[index + 1]?.event;
  if (!entry || made?.k !== "invoke" || next?.k !== "invoke" || next.callee.k !== "get" || next.callee.key.k !== "static" || !methods.has(next.callee.key.name)) return undefined;
  const object = next.callee.object;
  if (object.k !== "call" || object.span.start !== made.span.start || object.span.end !== made.span.end) return undefined;
  return { index: index + 1, conditional: entry.conditional, call: { k: "call", receiver: [receiver], method: next.callee.key.name, args: next.argExprs, span: next.span, methodSpan: next.callee.key.span } };
}
