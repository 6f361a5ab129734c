// A callback registered as a request handler of this very server (`server.registerTool(..., cb)`,
// `server.server.setRequestHandler(S, cb)`) runs only when a request reaches the server, so once a
// transport is attached: the SDK's Protocol calls handlers from the transport's onmessage, which
// connect() installs. Both SDK v1's Server and v2's refuse registerCapabilities once a transport is
// attached ("Cannot register capabilities after connecting to transport"), and McpServer's first
// registration of a primitive goes through it; so nothing such a callback does (registering, storing
// the server in an object, handing it to code the analysis does not follow) can change what
// initialize or server/discover answered. Only a callback of THIS server's handlers counts: another
// server's handler may run before this one is connected.
import type { FlowUnit, RefPath } from "../../core/model/summary";
import { callbackTiming } from "./callbackTiming";

const MAX_HOPS = 64;

/**
 * Whether a callback, or a callback it is written in, is given as a request handler to the server
 * itself, under a name that always means the server the handler was registered on.
 * `namesIn(unitId)`: the names the server went by in a unit of the file that ran (none: it did not run).
 */
export function runsInOwnHandler(units: readonly FlowUnit[], unit: FlowUnit, namesIn: (id: number) => ReadonlySet<string> | undefined, text: string): boolean {
  for (let u: FlowUnit | undefined = unit, hops = 0; u && u.kind === "closure" && u.parent !== null && hops < MAX_HOPS; u = units[u.parent], hops++) {
    if (callbackTiming(u.passedTo) !== "after-connect") continue;
    const parent = units[u.parent];
    const names = parent ? namesIn(parent.id) : undefined;
    if (!parent || !names) continue;
    const start = u.span.start;
    const registration = parent.events.find(({ event }) => event.k === "call" && event.method === u!.passedTo && event.args.some((a) => a.k === "fn" && a.span.start === start));
    if (registration?.event.k !== "call") continue;
    const receiver = registration.event.receiver;
    if (isServerName(receiver, names) && neverReassigned(receiver, text)) return true;
  }
  return false;
}

/** `server`, or the low-level Server inside it (`server.server`), under one of the names it goes by. */
function isServerName(receiver: RefPath, names: ReadonlySet<string>): boolean {
  const whole = receiver.join(".");
  if (names.has(whole)) return true;
  return receiver.length > 1 && receiver.at(-1) === "server" && names.has(receiver.slice(0, -1).join("."));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether the name the handler is registered through cannot later mean another server: a handler that
 * reads a reassigned `let server` (or `this.server`) may reach a newer server, not yet connected.
 * A binding written once (`const server = ...`, one `let`, a parameter never assigned) is captured by
 * the callback as it was when registered; `this.field` must be assigned at most once in the file.
 */
function neverReassigned(receiver: RefPath, text: string): boolean {
  const head = receiver[0]!;
  if (head === "this") {
    const field = receiver[1];
    if (field === undefined) return false;
    const f = escapeRe(field);
    const writes = text.match(new RegExp(`\\bthis\\s*\\.\\s*${f}\\s*(?:=(?![=>])|\\+\\+|--|[-+*/%&|^?]{1,3}=)`, "g"))?.length ?? 0;
    // A class field's initializer (`server = new McpServer(...)`) is a write too.
    const initializers = text.match(new RegExp(`(?:^|[;{}])\\s*(?:(?:private|public|protected|readonly|declare|override)\\s+)*${f}\\s*(?:[?!]?\\s*:[^=;]{1,200})?=(?![=>])`, "gm"))?.length ?? 0;
    return writes + initializers <= 1;
  }
  const name = escapeRe(head);
  if (destructuredInto(name, text)) return false;
  const writes = [...text.matchAll(new RegExp(`(?<![\\w$.])${name}\\s*(?:=(?![=>])|\\+\\+|--|[-+*/%&|^?]{1,3}=)|(?<![-+])(?:\\+\\+|--)[ \\t]*${name}(?![\\w$])`, "g"))];
  if (writes.length === 0) return true;
  const preceded = (at: number, keyword: RegExp) => keyword.test(text.slice(Math.max(0, at - 16), at));
  // Each `const` is its own binding, captured as it is; one `let`/`var` and no other write is as good.
  if (writes.every((m) => preceded(m.index!, /\bconst\s+$/))) return true;
  return writes.length === 1 && preceded(writes[0]!.index!, /\b(?:let|var)\s+$/);
}

/** A destructuring assignment that writes the name (`({ server } = other)`, `[server] = list`), not a declaration. */
function destructuredInto(name: string, text: string): boolean {
  for (const m of text.matchAll(new RegExp(`[{\\[,]\\s*${name}\\s*[,}\\]]`, "g"))) {
    const before = text.slice(Math.max(0, m.index! - 200), m.index! + 1);
    if (/\b(?:const|let|var)\s*[{[][^;=]*$/.test(before)) continue;
    const after = text.slice(m.index! + m[0].length - 1, m.index! + m[0].length + 200).split(";")[0]!;
    if (/^[^=]*?[}\]]\s*\)?\s*=(?![=>])/.test(after)) return true;
  }
  return false;
}
