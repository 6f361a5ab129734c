// An async function called without `await` runs up to its first `await`, returns, and its caller
// goes on; the rest of its body runs later. When it connects the server after an await, what its
// caller does next (a registration) may come before connect() or after it: the replay, which runs a
// callee's body in one go, must not take the connect as coming first.
import { isPromiseChain } from "../../core/model/promiseChain";
import type { FlowEvent, FlowUnit, Span } from "../../core/model/summary";

/**
 * Whether `call` (an invoke of `callee`, written in `caller`) is such a race: the call is not
 * awaited, the callee is async and awaits before its first `connect(`, and some later event of the
 * caller may touch the server (a call on one of `paths`, or any other invoke).
 */
export function connectRacesCaller(text: (file: string) => string | undefined, file: string, caller: FlowUnit, call: FlowEvent, calleeFile: string, callee: FlowUnit, paths: ReadonlySet<string>): boolean {
  if (!callerGoesOn(caller, call, paths) || awaited(text(file), call.span)) return false;
  const body = slice(text(calleeFile), callee.span);
  if (body === undefined) return false;
  const head = body.slice(0, Math.max(0, body.indexOf("(")));
  if (!/\basync\b/.test(head)) return false;
  const firstConnect = body.search(/\.\s*connect\s*\(/);
  // The first `await` that is not the connect's own (`await server.connect(...)` calls it first).
  for (const m of body.matchAll(/\bawait\b/g)) {
    if (firstConnect < 0) return true;
    if (m.index > firstConnect) return false;
    if (!OWN_AWAIT.test(body.slice(m.index, firstConnect))) return true;
  }
  return false;
}

/**
 * Whether some later event of `caller`, after `call`, may touch the server: a call on one of `paths`,
 * or any other invoke (a promise chain of the call itself aside).
 */
export function callerGoesOn(caller: FlowUnit, call: FlowEvent, paths: ReadonlySet<string>): boolean {
  const at = caller.events.findIndex((e) => e.event === call);
  if (at < 0) return false;
  return caller.events.slice(at + 1).some(({ event: e }) => (e.k === "invoke" && !isPromiseChain(e, paths)) || (e.k === "call" && paths.has(e.receiver.join("."))));
}

/** `await server.connect(`, `await this.server.connect(`: an await whose operand is the connect call itself. */
const OWN_AWAIT = /^await\s+[\w$.\s]*$/;

function awaited(text: string | undefined, call: Span): boolean {
  return text !== undefined && /\bawait\s*$/.test(text.slice(Math.max(0, call.start - 8), call.start));
}

function slice(text: string | undefined, span: Span): string | undefined {
  return text === undefined ? undefined : text.slice(span.start, span.end);
}
