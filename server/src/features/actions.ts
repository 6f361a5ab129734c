// Code actions, without LSP: the fixes of the diagnostics in a range, and the refactorings a dialect
// offers for the server there (handler stubs).
import type { AnalysisDiagnostic, FixData } from "../analysis/core/model/diagnostics";
import type { ServerReport } from "../analysis/core/model/serverReport";
import type { Span } from "../analysis/core/model/summary";
import { ignoreDirectiveEdit } from "../analysis/core/model/ignoreComments";
import { diagnosticsFor, editorContext, type FeatureContext } from "./context";

export interface QuickFix {
  readonly fix: FixData;
  readonly diagnostic: AnalysisDiagnostic;
  /** The server the diagnostic is about, for "Show in Capability Preview". */
  readonly server?: ServerReport;
}

const overlaps = (a: Span, b: Span) => a.start <= b.end && b.start <= a.end;

/** The quick fixes of the diagnostics shown in `span` of the file (one located elsewhere is shown on its server). */
export function quickFixesIn(ctx: FeatureContext, span: Span): QuickFix[] {
  const out: QuickFix[] = [];
  const seen = new Set<AnalysisDiagnostic>();
  for (const d of diagnosticsFor(ctx)) {
    if (seen.has(d)) continue;
    seen.add(d);
    const shownAt = d.loc.file === ctx.file ? d.loc : d.server?.loc.file === ctx.file ? d.server.loc : undefined;
    if (!shownAt || !overlaps(shownAt.span, span)) continue;
    const server = d.server ? ctx.analysis.servers.find((s) => s.loc.file === d.server!.loc.file && s.loc.span.start === d.server!.loc.span.start) : undefined;
    for (const fix of d.fixes ?? []) out.push({ fix, diagnostic: d, ...(server ? { server } : {}) });
    const ignore = ignoreFix(ctx, d);
    if (ignore) out.push({ fix: ignore, diagnostic: d, ...(server ? { server } : {}) });
  }
  return out;
}

/** `// mcp-caps-ignore-next-line <code>` above where the diagnostic is, in that file. */
function ignoreFix(ctx: FeatureContext, d: AnalysisDiagnostic): FixData | undefined {
  // Not in an installed package or a declaration file (a problem inherited from one is shown on the
  // server): the directive would be written into code that is not the user's.
  if (d.loc.file.includes("/node_modules/") || d.loc.file.endsWith(".d.ts")) return undefined;
  const text = ctx.workspace.files.text(d.loc.file);
  if (text === undefined) return undefined;
  const info = ctx.workspace.dialects.find((dialect) => d.code in dialect.codes)?.codes[d.code];
  const { at, newText } = ignoreDirectiveEdit(text, d.loc.span.start, d.code);
  return { title: info?.ignoreTitle ?? `Ignore ${d.code} here`, ignores: true, edits: [{ loc: { file: d.loc.file, span: { start: at, end: at } }, newText }] };
}

/**
 * Refactorings for the server a range touches. `wholeServer`: the user asked for refactorings, so
 * anywhere in the server counts; otherwise only its name (inside the body they would bury the fixes).
 */
export function refactorsIn(ctx: FeatureContext, span: Span, wholeServer: boolean): FixData[] {
  const server = ctx.analysis.servers.find((s) => overlaps(wholeServer ? s.span : s.loc.span, span));
  if (!server) return [];
  return [...(ctx.workspace.dialectOf(server)?.editor?.refactors?.(editorContext(ctx, server), server, wholeServer ? span : server.span) ?? [])];
}
