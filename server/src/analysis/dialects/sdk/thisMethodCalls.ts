// `this.addTools()` in a class's method, `registry.start(server)`: the summary records a call whose name
// is also a framework's method (fastmcp's `addTools`, `start`) as a method call on its receiver, like
// `server.addTools(...)`. On `this` that is not the server, it is the class's own method, and runs
// like any other call of it; on another object that is not the server, a method the SDK's objects do
// not have is that object's own function, followed as any call is (`registry.install(server)` is).
import type { CallEvent, InvokeEvent } from "../../core/model/summary";
import { callAsInvoke } from "../../core/model/callAsInvoke";


/** The call as the invoke of the method it names on `this`; undefined for any other receiver. */
export function thisMethodInvoke(event: CallEvent): InvokeEvent | undefined {
  if (event.receiver.length !== 1 || event.receiver[0] !== "this") return undefined;
  return callAsInvoke(event);
}

/**
 * A call on an object that is not the server (nor `this`), of a method the SDK's own objects do not
 * have (`sdkMethods`), as the invoke of that object's method. The SDK's own names stay as they were:
 * `transport.connect(server)` of a program's transport wrapper, `client.close()`, are not followed.
 */
export function otherMethodInvoke(event: CallEvent, sdkMethods: ReadonlySet<string>): InvokeEvent | undefined {
  return event.receiver[0] === "this" || sdkMethods.has(event.method) ? undefined : callAsInvoke(event);
}
