// `this.addTools()` in a class's method: the summary records a call whose name is also a framework's
// method (fastmcp's `addTools`) as a method call on its receiver, like `server.addTools(...)`. On
// `this` that is not the server, it is the class's own method, and runs like any other call of it.
import type { ValueExpr, CallEvent, InvokeEvent } from "../../core/model/summary";
import { pathOfExpr } from "./instanceCalls";


/** The call as the invoke of the method it names on `this`; undefined for any other receiver. */
export function thisMethodInvoke(event: CallEvent): InvokeEvent | undefined {
  if (event.receiver.length !== 1 || event.receiver[0] !== "this") return undefined;
  const self: ValueExpr = { k: "dyn", text: "this", span: { start: event.span.start, end: event.span.start + 4 } };
  const callee: ValueExpr = { k: "get", object: self, key: { k: "static", name: event.method, span: event.methodSpan }, span: { start: event.span.start, end: event.methodSpan.end } };
  return { k: "invoke", callee, args: event.args.map((a) => pathOfExpr(a) ?? null), argExprs: event.args, span: event.span };
}
