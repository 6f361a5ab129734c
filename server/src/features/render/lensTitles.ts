// The one-line era summaries shown as code lenses above a server class (spec/ux/editor-ux.md §1):
// `legacy: logging · resources (subscribe) · tools` | `modern: ... · tools (+listChanged)`.
import type { CodeLensSetting } from "../../../../common/protocol";
import { isDynamicMarker, isPlainObject, type Json, type JsonObject } from "../../analysis/core/evaluate/values";
import type { ServerReport } from "../../analysis/core/model/serverReport";
import type { AnalysisDiagnostic } from "../../analysis/core/model/diagnostics";

/** `io.modelcontextprotocol/tasks` → `tasks`: the last segment of an extension id reads best. */
function shortName(key: string): string {
  return key.includes("/") ? key.slice(key.lastIndexOf("/") + 1) : key;
}

/** The flags worth naming inside a key: `true` ones (for `extensions`: every id). */
function flagsOf(key: string, v: Json | undefined): string[] {
  if (!isPlainObject(v) || isDynamicMarker(v)) return [];
  if (key === "extensions") return Object.keys(v).sort().map(shortName);
  return Object.keys(v)
    .sort()
    .filter((k) => v[k] === true);
}

function item(key: string, flags: readonly string[]): string {
  return flags.length > 0 ? `${key} (${flags.join(", ")})` : key;
}

/** An era left out as a whole because nothing of it is known (not because it is not served). */
export function wholeEraUnknown(server: ServerReport, era: "legacy" | "modern"): boolean {
  if (server[era] !== null || server.eraNotes?.[era]) return false;
  return server.unknown.some((u) => u.path.length === 0 && (u.era === undefined || u.era === era));
}

export function legacyLensTitle(server: ServerReport, reason: string | undefined): string {
  if (wholeEraUnknown(server, "legacy")) return "legacy ≈ not known statically";
  return eraTitle("legacy", server.legacy, server.exact, reason, (key) => item(key, flagsOf(key, server.legacy?.[key])));
}

export function modernLensTitle(server: ServerReport, mode: CodeLensSetting, reason: string | undefined): string {
  const legacy = server.legacy;
  const modern = server.modern;
  if (wholeEraUnknown(server, "modern")) return "modern ≈ not known statically";
  if (!modern || !legacy) return eraTitle("modern", modern, server.exact, reason, (key) => item(key, flagsOf(key, modern?.[key])));
  const keys = [...new Set([...Object.keys(modern), ...Object.keys(legacy)])].sort();
  const parts: string[] = [];
  for (const key of keys) {
    if (!(key in modern)) {
      parts.push(`−${key}`);
      continue;
    }
    const now = flagsOf(key, modern[key]);
    if (!(key in legacy)) {
      parts.push(`+${item(key, now)}`);
      continue;
    }
    const before = new Set(flagsOf(key, legacy[key]));
    const flags = now.map((f) => (before.has(f) ? f : `+${f}`));
    if (mode === "diff") {
      const added = flags.filter((f) => f.startsWith("+"));
      if (added.length > 0) parts.push(item(key, added));
    } else {
      parts.push(item(key, flags));
    }
  }
  const sep = server.exact ? ":" : " ≈";
  if (mode === "diff") return `modern${sep} ${parts.length > 0 ? parts.join(" · ") : "same as legacy"}`;
  return `modern${sep} ${parts.length > 0 ? parts.join(" · ") : "(nothing)"}`;
}

function eraTitle(era: string, caps: JsonObject | null, exact: boolean, reason: string | undefined, render: (key: string) => string): string {
  if (caps === null) return `${era}: not served${reason ? ` (${reason})` : ""}`;
  const keys = Object.keys(caps).sort();
  return `${era}${exact ? ":" : " ≈"} ${keys.length > 0 ? keys.map(render).join(" · ") : "(nothing)"}`;
}

/**
 * The problem lens: what a misspelled member costs (`⚠ completions? (handleCompletion)`), else the
 * number of warnings and errors; nothing when the server is clean.
 */
export function problemLensTitle(server: ServerReport, diagnostics: readonly AnalysisDiagnostic[]): string | undefined {
  const missing = server.missing[0];
  if (missing) return `$(warning) ${missing.path.join(".")}? (${missing.member})`;
  const n = diagnostics.filter((d) => d.severity === "error" || d.severity === "warning").length;
  return n > 0 ? `$(warning) ${n} problem${n === 1 ? "" : "s"}` : undefined;
}

/** Why an era is null, named by the diagnostic code that explains it. */
export function nullReason(diagnostics: readonly AnalysisDiagnostic[]): string | undefined {
  const d = diagnostics.find((x) => x.code === "capabilities-not-callable" || x.code === "capability-not-object" || x.code === "capabilities-dynamic");
  return d?.code;
}
