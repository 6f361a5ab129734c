// SDK v2's entry points call the factory they are given with the era each connection (or request)
// speaks: `serveStdio((ctx) => { …; if (ctx.era === "modern") server.registerTool(…); return server; })`
// serves the tool to 2026-07-28 clients only. Such a factory, written in place, is replayed once per
// era with its context holding that era, and each era's capabilities come from its own run.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { ServerReport } from "../../core/model/serverReport";
import type { FlowUnit, Span, ValueExpr } from "../../core/model/summary";
import { sortUnknown, type UnknownPart } from "../../core/model/unknown";
import { eraReadIn } from "./eraConditions";
import { entryServing } from "./entryFactories";
import type { SdkSite } from "./findSdkServers";
import type { SdkDetails } from "./details";

export type EraRun = "legacy" | "modern";

const ENTRY_POINTS = new Set(["serveStdio", "createMcpHandler"]);

/** `{ era: "legacy" }`: the context a factory is called with, as the replay binds its first parameter. */
export function eraContext(era: EraRun, span: Span): ValueExpr {
  return { k: "obj", entries: [{ k: "prop", key: { k: "static", name: "era", span }, value: { k: "lit", value: era, span } }], span };
}

/**
 * Whether the server is made by a factory written as an entry point's argument that reads its
 * context's era (`ctx.era`, by a plain parameter name) only around what it registers: it throws
 * nowhere, and the era does not choose what it returns (both are said by a single run's era rules,
 * eraConditions.ts).
 */
export function splitsByEra(ev: Evaluator, site: SdkSite): boolean {
  const unit = site.unit;
  if (site.version !== "v2" || !unit.params[0]) return false;
  if (unit.kind === "closure" ? !ENTRY_POINTS.has(unit.passedTo ?? "") : unit.kind !== "function" || !onlyServedByName(ev, site.file, unit)) return false;
  if (unit.events.some(({ event }) => event.k === "throw")) return false;
  const param = unit.params[0];
  const text = ev.host.text?.(site.file)?.slice(unit.span.start, unit.span.end);
  if (text === undefined || !new RegExp(`(?<![\\w$.])${param.replace(/\$/g, "\\$")}\\s*\\??\\.\\s*era\\b`).test(text)) return false;
  // An era that decides what the factory returns is said by the single run (eraConditions.ts), unless
  // it is read only inside the server's construction (`capabilities: ctx.era === "legacy" ? …`).
  const decides = eraReadIn(ev, site.file, unit);
  return decides === undefined || (decides.span.start >= site.event.span.start && decides.span.end <= site.event.span.end);
}

interface Analysed {
  readonly server: ServerReport;
  readonly diagnostics: AnalysisDiagnostic[];
}

/** One report from the two runs: each era from its own, what both say once. */
export function mergeEraRuns(legacy: Analysed, modern: Analysed): Analysed {
  const key = (x: object) => JSON.stringify(x);
  const unknownOf = (a: Analysed, era: EraRun) => a.server.unknown.filter((u) => u.era === undefined || u.era === era).map(({ era: _, ...rest }) => rest);
  const l = unknownOf(legacy, "legacy");
  const m = unknownOf(modern, "modern");
  const both = new Set(l.map(key).filter((k) => m.some((x) => key(x) === k)));
  const unknown: UnknownPart[] = [
    ...l.map((u) => (both.has(key(u)) ? u : { ...u, era: "legacy" as const })),
    ...m.filter((u) => !both.has(key(u))).map((u) => ({ ...u, era: "modern" as const })),
  ];
  const provenanceOf = (a: Analysed, era: EraRun) => a.server.provenance.filter((p) => p.era === era || p.era === "both").map(({ era: _, ...rest }) => rest);
  const pl = provenanceOf(legacy, "legacy");
  const pm = provenanceOf(modern, "modern");
  const shared = new Set(pl.map(key).filter((k) => pm.some((x) => key(x) === k)));
  const provenance: ProvenanceEntry[] = [
    ...pl.map((p) => ({ ...p, era: shared.has(key(p)) ? ("both" as const) : ("legacy" as const) })),
    ...pm.filter((p) => !shared.has(key(p))).map((p) => ({ ...p, era: "modern" as const })),
  ];
  const sorted = sortUnknown(unknown);
  const threw = legacy.server.startupThrows ?? modern.server.startupThrows;
  const eraNotes = { ...(legacy.server.eraNotes?.legacy ? { legacy: legacy.server.eraNotes.legacy } : {}), ...(modern.server.eraNotes?.modern ? { modern: modern.server.eraNotes.modern } : {}) };
  // The editor's explanations: every step either run took, each once.
  const [ld, md] = [legacy.server.details as SdkDetails, modern.server.details as SdkDetails];
  const details: SdkDetails = { ...ld, steps: unique([...ld.steps, ...md.steps], key) };
  const server: ServerReport = {
    ...legacy.server,
    details,
    exact: sorted.length === 0,
    legacy: legacy.server.legacy,
    modern: modern.server.modern,
    unknown: sorted,
    provenance,
    ...(threw ? { startupThrows: threw } : {}),
    eraNotes,
  };
  const diagnostics = unique([...legacy.diagnostics, ...modern.diagnostics], (d) => key([d.code, d.loc, d.message]));
  return { server, diagnostics };
}

/** The items in order, each key once. */
function unique<T>(items: readonly T[], keyOf: (x: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((x) => {
    const k = keyOf(x);
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

/**
 * `serveStdio(build)` with `function build(ctx) { … }`: the function is the entry point's factory and
 * nothing else's, when the file names it only where it is declared and in that call, and does not
 * export it (another caller would run it with a context of its own).
 */
function onlyServedByName(ev: Evaluator, file: string, unit: FlowUnit): boolean {
  const summary = ev.summary(file);
  const text = ev.host.text?.(file);
  if (!summary?.flow || text === undefined || [...summary.exports.values()].some((e) => e.k === "local" && e.local === unit.name)) return false;
  const uses = text.match(new RegExp(`(?<![\\w$.])${unit.name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))?.length ?? 0;
  if (uses !== 2) return false;
  const names = new Set([unit.name]);
  return summary.flow.units.some((u) => u.events.some((e) => ENTRY_POINTS.has(entryServing(ev, file, summary, e.event, names)?.via ?? "")));
}
