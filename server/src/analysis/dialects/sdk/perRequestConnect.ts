// `app.post("/mcp", async (req, res) => { const transport = new StreamableHTTPServerTransport(...);
// await server.connect(transport); ... })` with one server for the whole program: the first request
// connects it, and from the second on connect() meets a server still connected, which the SDK refuses
// ("Already connected to a transport", v1 from 1.26.0 and v2), so those requests fail. A handler that
// makes its server itself (the SDK's stateless example), or closes something (the transport or the
// server, when the response closes), is not that.
import semver from "semver";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { FlowUnit, ValueExpr } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import { releasedBefore, type SdkRelease } from "./sdkRelease";
import type { SdkVersion } from "./sdkTables";

/** Methods that register a function run for every request or connection (express, fastify, hono, koa routers, node:http). */
const ROUTES = new Set(["get", "post", "put", "patch", "delete", "all", "use", "route", "handle", "createServer"]);
const LISTENS = new Set(["on", "addListener"]);
const PER_REQUEST_EVENTS = new Set(["request", "connection"]);

/** How the handler `unit` is run per request (`app.post(...)`), when it is a function given to such a call. */
export function perRequestHandler(ev: Evaluator, file: string, unit: FlowUnit | undefined): string | undefined {
  if (!unit || unit.kind !== "closure") return undefined;
  const sf = parsedSource(ev, file);
  const fn = sf ? nodeAt(sf, unit.span) : undefined;
  if (!sf || !fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
  return perRequestRoute(file, sf, fn)?.via;
}

/**
 * The route or listener `handler` is given to as an argument (`app.post("/mcp", handler)`,
 * `createServer(handler)`, `server.on("request", handler)`), which runs it for every request: how it
 * is written, and where.
 */
export function perRequestRoute(file: string, sf: ts.SourceFile, handler: ts.Node): { readonly via: string; readonly at: Loc } | undefined {
  const call = handler.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(handler as ts.Expression)) return undefined;
  const callee = call.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
  if (name === undefined) return undefined;
  const at: Loc = { file, span: { start: call.getStart(sf), end: call.end } };
  if (LISTENS.has(name)) {
    const event = call.arguments[0];
    return event && ts.isStringLiteralLike(event) && PER_REQUEST_EVENTS.has(event.text) ? { via: `${callee.getText(sf)}("${event.text}", …)`, at } : undefined;
  }
  if (!ROUTES.has(name)) return undefined;
  return { via: `${callee.getText(sf).replace(/\s+/g, "")}(…)`, at };
}

/**
 * Whether the transport connect() is given is a Streamable HTTP transport the handler makes
 * (`const transport = new StreamableHTTPServerTransport(...)`, or made in the call): one that stays
 * open once connected. An SSE transport closes with its client's connection, after which the next
 * connect() is accepted, so only clients at the same time are refused: not said.
 */
export function madeStreamableTransport(ev: Evaluator, file: string, unit: FlowUnit, arg: ValueExpr | undefined): boolean {
  const text = handlerText(ev, file, unit);
  if (text === undefined || !arg) return false;
  if (arg.k === "new") return arg.callee.k === "ref" && STREAMABLE.test(arg.callee.name);
  if (arg.k !== "ref") return false;
  const name = arg.name.replace(/\$/g, "\\$");
  return new RegExp(`(?<![\\w$])${name}\\s*(?::[^=;]*)?=\\s*new\\s+\\w*StreamableHTTPServerTransport\\b`).test(text);
}

const STREAMABLE = /StreamableHTTPServerTransport$/;

/** `StreamableHTTPServerTransport`, and v2's transports of that name's ending. */
export const isStreamableTransport = (name: string): boolean => STREAMABLE.test(name);

/**
 * SDK v1 from 1.26.0 (read in the 1.25.3 and 1.26.0 builds) and v2 refuse to reuse what serves one
 * client: a second connect() on a connected server, a second request on a stateless transport.
 */
export function reuseRefused(version: SdkVersion, release: SdkRelease): boolean {
  return version === "v2" || !releasedBefore(release.version, [1, 26, 0]);
}

/**
 * Whether every release the server may load refuses a second connect(): the version it names (or the
 * oldest its range allows) is 1.26.0 or newer, and so is any other release the lock allows. No version
 * at all is the newest release, as for every other rule.
 */
export function reuseSurelyRefused(version: SdkVersion, release: SdkRelease): boolean {
  const refused = (r: SdkRelease) => {
    if (r.version === undefined) return true;
    const oldest = oldestIn(r.version);
    return oldest !== undefined && !releasedBefore(oldest, [1, 26, 0]);
  };
  return version === "v2" || (refused(release) && (release.mayLoad === undefined || refused(release.mayLoad.release)));
}

/** The oldest release a version or a range allows (`1.32.2`, `^1.20.0` → 1.20.0); undefined when npm would not read it. */
function oldestIn(range: string): string | undefined {
  try {
    return semver.minVersion(range, { loose: true })?.version;
  } catch {
    return undefined;
  }
}

/**
 * Whether the handler declares `name` itself (`const server = createServer()`, in any block of it): a
 * server of its own. Not another name for one made outside (`const server = shared;`).
 */
export function declaresServer(ev: Evaluator, file: string, unit: FlowUnit, name: string): boolean {
  const text = handlerText(ev, file, unit);
  const n = name.replace(/\$/g, "\\$");
  if (text === undefined) return true;
  const declared = new RegExp(`\\b(?:const|let|var)\\s+(?:${n}(?![\\w$])|[{[][^=;]*(?<![\\w$])${n}(?![\\w$]))`, "g");
  const alias = new RegExp(`^(?:const|let|var)\\s+${n}\\s*(?::[^=;]*)?=\\s*[A-Za-z_$][\\w$]*\\s*(?:;|\\n)`);
  return [...text.matchAll(declared)].some((m) => !alias.test(text.slice(m.index)));
}

/** Whether the handler gives the transport a session id generator: a session's transport stays open while the session lasts. */
export function sessionful(ev: Evaluator, file: string, unit: FlowUnit): boolean {
  return /\bsessionIdGenerator\s*:(?!\s*undefined\b)/.test(handlerText(ev, file, unit) ?? "");
}

/** Whether the handler's code closes anything (`transport.close()`, `server.close()`, on the response's close). */
export function closesSomething(ev: Evaluator, file: string, unit: FlowUnit): boolean {
  const text = handlerText(ev, file, unit);
  return text === undefined || /\.\s*close\s*\(/.test(text);
}

function handlerText(ev: Evaluator, file: string, unit: FlowUnit): string | undefined {
  return ev.host.text?.(file)?.slice(unit.span.start, unit.span.end);
}
