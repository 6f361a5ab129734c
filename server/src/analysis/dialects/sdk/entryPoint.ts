// How a server is served, in words, with the place that decides it: `connect(StdioServerTransport)`,
// `createMcpHandler(...)`, `serveStdio(...)`. The era notes say why an era is not served, or what
// serves it, and link to that place (a fact about the program, not a problem).
import type { Loc } from "../../core/evaluate/values";
import { ERA_NOT_KNOWN, type EraNote } from "../../core/model/serverReport";
import type { FileSummary, ValueExpr } from "../../core/model/summary";
import { sdkImport } from "./findSdkServers";
import type { SdkVersion } from "./sdkTables";

/** What decides the eras, as analyseSdkServer found it. */
export interface EntryFacts {
  readonly version: SdkVersion;
  readonly legacy: boolean;
  readonly modern: boolean;
  /** `createMcpHandler`, `serveStdio`, `connect()`, `code the analysis does not follow`. */
  readonly via: string;
  readonly unknown?: boolean;
  /**
   * SDK v2 served by code the analysis does not follow: whether initialize is answered is not known
   * either (an entry point may be given `legacy: "reject"`), as whether server/discover is.
   */
  readonly legacyOpen?: true;
  /** The call that decides it. */
  readonly loc?: Loc;
  /** The transport `connect(...)` is given, when it names an SDK class (`StdioServerTransport`). */
  readonly transport?: string;
  /** Where the server is built (a note with no entry point of its own links there). */
  readonly construction: Loc;
  /** The factory that hands the server out, when the program serves it elsewhere. */
  readonly factory?: Loc;
  /** The start-up throw that stops both eras; `perRequest`: thrown by the factory an entry point runs for each request. */
  readonly threw?: { readonly code: string; readonly loc: Loc; readonly perRequest?: boolean };
}

/** `connect(StdioServerTransport)`, `createMcpHandler`: the entry point in words. */
/** `via` of a v2 server that no connect(), createMcpHandler or serveStdio in the code read takes. */
export const NOT_SERVED_HERE = "nothing in the code read";

export function entryName(facts: EntryFacts): string {
  if (facts.via === "connect()" || facts.via.startsWith("v1")) return facts.transport ? `connect(${facts.transport})` : "connect()";
  return facts.via;
}

/**
 * The class of the transport `connect` is given: `new StdioServerTransport()` written in place, or a
 * name bound to one in the same file (`const transport = new StreamableHTTPServerTransport(...)`).
 */
export function transportOf(summary: FileSummary | undefined, expr: ValueExpr | undefined): string | undefined {
  if (!summary || !expr) return undefined;
  const sdkClass = (callee: string) => sdkImport(summary, callee)?.name;
  if (expr.k === "new") return expr.callee.k === "ref" ? sdkClass(expr.callee.name) : undefined;
  if (expr.k !== "ref") return undefined;
  const ctor = firstConstructions(summary).get(expr.name);
  return ctor === undefined ? undefined : sdkClass(ctor);
}

/** Per summary: for each name a `new` is first bound to (`const t = new X()`), that class's name. */
const constructions = new WeakMap<FileSummary, ReadonlyMap<string, string>>();

/** The file's first `new` for each name, in the order of its units and their events: each server asks once per call. */
function firstConstructions(summary: FileSummary): ReadonlyMap<string, string> {
  let first = constructions.get(summary);
  if (first) return first;
  const found = new Map<string, string>();
  for (const unit of summary.flow?.units ?? []) {
    for (const { event } of unit.events) {
      if (event.k === "new" && event.target?.length === 1 && !found.has(event.target[0]!)) found.set(event.target[0]!, event.ctor);
    }
  }
  constructions.set(summary, (first = found));
  return first;
}

/** The era note of a server whose factory, run for each request, throws. */
export const EVERY_REQUEST_FAILS = "every request fails";

/**
 * Per era, what serves it or why it is not served, linked to the place that decides it: the
 * `connect(...)` call, the `createMcpHandler(...)`/`serveStdio(...)` call, else the construction.
 */
export function eraNotesOf(facts: EntryFacts): { legacy?: EraNote; modern?: EraNote } {
  if (facts.threw) {
    // createMcpHandler, serveStdio build the server for each request: the program starts, and each request fails.
    const when = facts.threw.perRequest ? EVERY_REQUEST_FAILS : "start-up throws";
    const threw = { text: `${when} (${facts.threw.code})`, loc: facts.threw.loc };
    return { legacy: threw, modern: threw };
  }
  const name = entryName(facts);
  const at = (fallback?: Loc) => {
    const loc = facts.loc ?? fallback;
    return loc ? { loc } : {};
  };
  const served = (era: string): EraNote => ({ text: `served by ${name}${era}`, ...at() });
  // Both eras of a server served by code not followed read alike: stated as answered, not known whether they are.
  const notKnown: EraNote = { text: `${ERA_NOT_KNOWN}${facts.via} serves it`, ...at(facts.factory ?? facts.construction) };
  const legacy: EraNote = facts.legacyOpen ? notKnown : facts.legacy ? served("") : { text: `${name} with legacy: "reject" refuses initialize`, ...at() };
  let modern: EraNote;
  if (facts.modern) modern = served(facts.via === "connect()" ? " (2026-07-28 is in supportedProtocolVersions)" : "");
  else if (facts.version === "v1") modern = { text: "SDK v1 answers initialize only", ...at(facts.construction) };
  else if (facts.unknown) modern = notKnown;
  else if (facts.via === NOT_SERVED_HERE) modern = { text: "no connect(), createMcpHandler or serveStdio in the code read takes this server", ...at(facts.construction) };
  else modern = { text: `served with ${name}: only createMcpHandler or serveStdio answer server/discover`, ...at(facts.construction) };
  // A served era with no place to link says nothing the report does not already show.
  return { ...(legacy.loc || !facts.legacy ? { legacy } : {}), ...(modern.loc || !facts.modern ? { modern } : {}) };
}
