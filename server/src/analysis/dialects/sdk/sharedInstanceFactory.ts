// `createMcpHandler(() => shared)` with `const shared = new McpServer(...)` at a module's top level: SDK
// v2's HTTP entry point calls its factory for every request and expects a fresh server each time (the
// instance serves one request, bound to that request's era). A factory that hands out the one server
// made at start-up breaks that, as the real SDK 2.4.0 shows (test/sdk/v2SharedFactory.test.ts):
// - once a 2026-era request (server/discover) has been served by it, the instance stays bound to that
//   era, and every later `initialize` is answered -32601 "Method not found" (unless the entry point
//   rejects 2025 clients anyway: `legacy: "reject"`);
// - a request arriving while another is still being served finds the instance busy: the entry point
//   throws "The factory returned an instance that is still serving another request", answered HTTP 500.
// The same holds for v2's low-level Server handed out that way (checked with the real SDK too).
// serveStdio serves one connection and calls its factory for it: a shared instance there is harmless
// (a client that sends initialize after server/discover on the same connection aside), so it is not said.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { FlowUnit } from "../../core/model/summary";
import type { SdkSite } from "./findSdkServers";

/**
 * Whether the factory `unit` certainly returns the same instance on every call: the site's server,
 * made once at the top level of its module and bound to a name no code assigns again, and every
 * return of the factory hands out that name and nothing else is done there.
 */
export function returnsSharedInstance(ev: Evaluator, site: SdkSite, unit: FlowUnit): boolean {
  const target = site.event.target;
  if (site.unit.kind !== "module" || target?.length !== 1 || unit === site.unit) return false;
  const name = target[0]!;
  if (unit.params.includes(name) || unit.locals?.includes(name) || unit.events.length === 0) return false;
  if (!unit.events.every(({ event }) => event.k === "return" && event.source?.length === 1 && event.source[0] === name)) return false;
  return boundOnce(ev.host.text?.(site.file), name);
}

/** `const shared = …`, or a `let`/`var` written only where it is declared: the name holds one server for the program. */
function boundOnce(text: string | undefined, name: string): boolean {
  if (text === undefined) return false;
  const n = name.replace(/\$/g, "\\$");
  const declared = [...text.matchAll(new RegExp(`\\b(const|let|var)\\s+${n}\\b`, "g"))];
  if (declared.length !== 1) return false;
  if (declared[0]![1] === "const") return true;
  // Any other `name =` (not `==`, not a property `x.name =`) may hand the factory another server.
  const writes = [...text.matchAll(new RegExp(`(?<![\\w$.])${n}\\s*(?:[-+*/%&|^]|\\?\\?|&&|\\|\\|)?=(?!=)`, "g"))];
  return writes.length === 1;
}

/** The warning's text, by what the entry point answers 2025 clients (`legacy`: yes, no, not known). */
export function sharedInstanceMessage(entry: string, made: Loc, where: (loc: Loc) => string, legacy: boolean | "unknown"): string {
  const era =
    legacy === false
      ? ""
      : `once a request of the 2026 era (server/discover) has been served, that server stays bound to it, and every later initialize is answered -32601 (Method not found)${legacy === "unknown" ? ` (unless ${entry}'s legacy option is "reject")` : ""}; and `;
  return (
    `${entry} calls its factory for every request and expects a new server each time, but this factory returns the one server made at ${where(made)}: ` +
    `${era}a request arriving while another is still being served gets HTTP 500 ("The factory returned an instance that is still serving another request"). ` +
    `Make the server inside the factory.`
  );
}
