// When a callback that uses the server runs, from what it is given to. A request handler given to
// the SDK runs when a request comes in, so after the server is connected. Anything else — a timer,
// a promise continuation, an event listener, a helper the analysis does not follow — may run before
// the server is connected (a module whose importer connects it later), after, or never.

/** The SDK's methods whose callbacks are request handlers. */
const HANDLER_METHODS = new Set([
  "registerTool", "tool", "registerResource", "resource", "registerPrompt", "prompt", "setRequestHandler", "setNotificationHandler",
]);

/** The SDK's hook the server calls once a client has finished the handshake: after connect(). */
const AFTER_HANDSHAKE = "oninitialized";

export type CallbackTiming = "after-connect" | "anytime";

/** `passedTo` as the flow summary records it; undefined: the callback is not a call's argument (nor a property's value). */
export function callbackTiming(passedTo: string | undefined): CallbackTiming {
  return passedTo !== undefined && (HANDLER_METHODS.has(passedTo) || passedTo === AFTER_HANDSHAKE) ? "after-connect" : "anytime";
}
