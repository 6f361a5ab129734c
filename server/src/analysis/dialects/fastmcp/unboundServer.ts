// `await new App().run()`: a server of the program's own subclass of FastMCP, never bound to a name,
// whose one use is the call of a method right where it is made.
import type { FlowEvent, Span } from "../../core/model/summary";
import type { FastmcpSite } from "./findServers";

/** The name the walk gives a server that is never bound (`new App().run()`). */
export const UNBOUND = "<new>";

/** `new App().run()`: the method called on the server right where it is made, when that is its next event. */
export function calledOnItsOwn(site: FastmcpSite): string | undefined {
  return methodCalledOnNew(site.unit.events[site.eventIndex + 1]?.event, site.event.span);
}

/** The method `event` calls on the object `new` makes at `made` (`new App().run()`), if that is what it does. */
export function methodCalledOnNew(event: FlowEvent | undefined, made: Span): string | undefined {
  if (event?.k !== "invoke" || event.callee.k !== "get" || event.callee.key.k !== "static") return undefined;
  const object = event.callee.object;
  return object.k === "new" && object.span.start === made.start && object.span.end === made.end ? event.callee.key.name : undefined;
}
