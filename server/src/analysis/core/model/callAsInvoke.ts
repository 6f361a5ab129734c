// A method call the flow summary recorded as a dialect's method (`x.addTools(server)`, `x.start()`)
// because some dialect reads that name on its server objects: the summary is made once for every
// dialect, so the SDK's `registerTool` and fastmcp's `addTools` are recorded alike on any receiver.
// On an object that is not the dialect's server, such a call is an ordinary call of that object's
// function, and a dialect follows it as it follows any call (`registry.install(server)`).
import type { CallEvent, InvokeEvent, ValueExpr } from "./summary";

/** The call as the invoke of `receiver.method(...)`. */
export function callAsInvoke(event: CallEvent): InvokeEvent {
  const [head, ...rest] = event.receiver;
  const start = event.span.start;
  let object: ValueExpr = head === "this" ? { k: "dyn", text: "this", span: { start, end: start + 4 } } : { k: "ref", name: head!, span: { start, end: start + head!.length } };
  for (const name of rest) object = { k: "get", object, key: { k: "static", name, span: object.span }, span: object.span };
  const callee: ValueExpr = { k: "get", object, key: { k: "static", name: event.method, span: event.methodSpan }, span: { start, end: event.methodSpan.end } };
  return { k: "invoke", callee, args: event.args.map(namePath), argExprs: event.args, span: event.span };
}

/** `server`, `this.server`, `a.b`: the name path an expression is, or null. */
export function namePath(e: ValueExpr): readonly string[] | null {
  if (e.k === "ref") return [e.name];
  if (e.k === "dyn" && e.text === "this") return ["this"];
  if (e.k === "get" && e.key.k === "static") {
    const base = namePath(e.object);
    return base ? [...base, e.key.name] : null;
  }
  return null;
}
