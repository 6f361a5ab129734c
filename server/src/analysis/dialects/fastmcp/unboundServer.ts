// `await new App().run()`: a server of the program's own subclass of FastMCP, never bound to a name,
// whose one use is the call of a method right where it is made.
import type { FastmcpSite } from "./findServers";

/** The name the walk gives a server that is never bound (`new App().run()`). */
export const UNBOUND = "<new>";

/** `new App().run()`: the method called on the server right where it is made, when that is its next event. */
export function calledOnItsOwn(site: FastmcpSite): string | undefined {
  const next = site.unit.events[site.eventIndex + 1]?.event;
  if (next?.k !== "invoke" || next.callee.k !== "get" || next.callee.key.k !== "static") return undefined;
  const object = next.callee.object;
  return object.k === "new" && object.span.start === site.event.span.start && object.span.end === site.event.span.end ? next.callee.key.name : undefined;
}
