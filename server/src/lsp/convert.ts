// Analysis results in LSP terms: diagnostics, fixes as workspace edits, servers as the preview's data.
import { Diagnostic, DiagnosticSeverity, type Range } from "vscode-languageserver-protocol";
import { DIAGNOSTIC_SOURCE, RULES_URL, type WireDiagnostic, type WireFix, type WireServer } from "../../../common/protocol";
import type { AnalysisDiagnostic, FixData, Severity } from "../analysis/core/model/diagnostics";
import type { EraNote, ServerReport } from "../analysis/core/model/serverReport";
import { basename } from "../analysis/core/project/paths";
import type { LensSettings } from "../../../common/protocol";
import type { LanguageSession } from "./session";

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function isShown(d: AnalysisDiagnostic, settings: LensSettings): boolean {
  return settings.diagnostics.enabled && !settings.diagnostics.disabledCodes.includes(d.code);
}

/**
 * An analysis diagnostic as shown in `file`. One located in another file (an inherited member of a
 * server declared here) is placed on the server's name, says where it comes from, and links there.
 */
export function toLspDiagnostic(session: LanguageSession, d: AnalysisDiagnostic, file: string): Diagnostic | undefined {
  const here = d.loc.file === file;
  if (!here && d.server?.loc.file !== file) return undefined;
  const range = session.range(here ? d.loc : d.server!.loc);
  const related = (d.related ?? [])
    .filter((r) => !(here && r.loc.file === file && r.message.startsWith("in server")))
    .map((r) => ({ location: session.location(r.loc), message: r.message }));
  let message = d.message;
  if (!here) {
    const origin = session.range(d.loc);
    message = `${basename(d.loc.file)}:${origin.start.line + 1}: ${d.message}`;
    related.unshift({ location: session.location(d.loc), message: "where the problem is" });
  }
  return {
    range,
    severity: SEVERITY[d.severity],
    code: d.code,
    codeDescription: { href: `${RULES_URL}${d.code}` },
    source: DIAGNOSTIC_SOURCE,
    message,
    ...(related.length > 0 ? { relatedInformation: related } : {}),
    data: { code: d.code, file: d.loc.file, start: d.loc.span.start },
  };
}

export function toWireFix(session: LanguageSession, fix: FixData): WireFix {
  const changes: Record<string, { range: Range; newText: string }[]> = {};
  for (const e of fix.edits) {
    const uri = session.location(e.loc).uri;
    (changes[uri] ??= []).push({ range: session.range(e.loc), newText: e.newText });
  }
  return { title: fix.title, preferred: fix.preferred ?? false, changes };
}

export function toWireDiagnostic(session: LanguageSession, d: AnalysisDiagnostic): WireDiagnostic {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    location: session.location(d.loc),
    fixes: (d.fixes ?? []).map((f) => toWireFix(session, f)),
  };
}

/** The preview's data for one server; `diagnostics` are that server's own (see `diagnosticsByServer`). */
export function toWireServer(session: LanguageSession, server: ServerReport, diagnostics: readonly AnalysisDiagnostic[]): WireServer {
  const { workspace } = session.workspaceFor(server.loc.file);
  const dialect = workspace.dialectOf(server);
  const classRange = {
    start: workspace.position(server.loc.file, server.span.start),
    end: workspace.position(server.loc.file, server.span.end),
  };
  const note = (n: EraNote | undefined) => (n ? { text: n.text, ...(n.brief !== undefined ? { brief: n.brief } : {}), ...(n.loc ? { location: session.location(n.loc) } : {}) } : undefined);
  const legacyNote = note(server.eraNotes?.legacy);
  const modernNote = note(server.eraNotes?.modern);
  return {
    name: server.name,
    location: session.location(server.loc),
    classRange,
    dialect: server.dialect,
    dialectTag: dialect?.words.tag(server) ?? server.dialect,
    serverNoun: dialect?.words.serverNoun ?? "server",
    ...(dialect?.words.followsTasksSetting ? { followsTasksSetting: true } : {}),
    exact: server.exact,
    tasksExtension: server.tasksExtension,
    legacy: server.legacy,
    modern: server.modern,
    unknown: server.unknown.map((u) => ({
      path: u.path,
      reason: u.reason,
      ...(u.source !== undefined ? { source: u.source } : {}),
      ...(u.spread ? { spread: true } : {}),
      ...(u.loc ? { location: session.location(u.loc) } : {}),
    })),
    eraNotes: { ...(legacyNote ? { legacy: legacyNote } : {}), ...(modernNote ? { modern: modernNote } : {}) },
    provenance: server.provenance.map((p) => {
      const words = dialect?.words.cause(server, p);
      return {
        era: p.era,
        path: p.path,
        because: p.because,
        ...(words ? { cause: { kind: words.kind, label: words.label, spoken: words.spoken, title: words.title } } : {}),
        ...(p.detail ? { detail: p.detail } : {}),
        ...(p.loc ? { location: session.location(p.loc) } : {}),
      };
    }),
    missing: server.missing.map((m) => ({ path: m.path, era: m.era, member: m.member, meant: m.meant, location: session.location(m.loc) })),
    diagnostics: diagnostics.map((d) => toWireDiagnostic(session, d)),
  };
}
