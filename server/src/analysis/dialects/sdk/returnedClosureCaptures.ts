// `handle() { return () => this; }` on the server's own class: the value returned is not the server,
// but a function that gives it to whoever calls it (`extend(server.handle())` registering a tool on
// `get()`). What is done with the server through it is not followed, so it counts as a part of the
// server handed out. Read from the text: a comment or a string can only make this say yes.
import type { Span } from "../../core/model/summary";

/** The returned expression is itself a function (not a call whose arguments hold one). */
const FUNCTION = /^\s*(?:return\b)?[\s(]*(?:async\s+)?(?:function\b|[A-Za-z_$][\w$]*\s*=>|\([^()]*\)\s*(?::[^=]{0,200}?)?=>)/;

/** Whether the expression returned at `span` (the `return` statement, or an arrow's body) is a function whose text names `this`. */
export function returnsFunctionOverThis(text: string | undefined, span: Span): boolean {
  if (text === undefined) return false;
  const returned = text.slice(span.start, span.end);
  return FUNCTION.test(returned) && /(?<![\w$.])this(?![\w$])/.test(returned);
}
