/**
 * Globals of the JavaScript runtime (and the DOM) a class may extend. They cannot carry MCP handlers,
 * so extending one is not a blind spot, and they are never looked for in the project's declaration
 * files (which would mean walking the project for every `class MyError extends Error`).
 */
export const BUILTIN_BASES: ReadonlySet<string> = new Set([
  "Object", "Function", "Array", "Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError",
  "URIError", "AggregateError", "Map", "Set", "WeakMap", "WeakSet", "Promise", "RegExp", "Date", "EventTarget",
  "Event", "AbortController", "Uint8Array", "ArrayBuffer", "DataView", "WeakRef", "FinalizationRegistry", "HTMLElement",
]);
