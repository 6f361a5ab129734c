// When a callback that uses the server runs, from what it is given to. A request handler, a timer,
// a promise continuation or an event listener runs after start-up; a callback given to anything else
// (a helper the analysis does not follow, a framework hook) may run at once, later, or never.

/** Methods and functions whose callbacks run only after the program's start-up code. */
const LATER = new Set([
  // the SDK's own: handlers run when a request comes in
  "registerTool", "tool", "registerResource", "resource", "registerPrompt", "prompt", "setRequestHandler", "setNotificationHandler",
  // timers and continuations
  "setTimeout", "setInterval", "setImmediate", "queueMicrotask", "nextTick", "then", "catch", "finally",
  // event listeners and HTTP routes
  "on", "once", "addListener", "prependListener", "prependOnceListener", "addEventListener",
  "get", "post", "put", "patch", "delete", "all", "use", "listen",
]);

export type CallbackTiming = "later" | "anytime";

/** `passedTo` as the flow summary records it; undefined: the callback is not a call's argument. */
export function callbackTiming(passedTo: string | undefined): CallbackTiming {
  return passedTo !== undefined && LATER.has(passedTo) ? "later" : "anytime";
}
