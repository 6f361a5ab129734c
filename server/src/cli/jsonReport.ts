import type { AnalysisDiagnostic } from "../analysis/core/model/diagnostics";
import { sortKeysDeep, type Json, type JsonObject } from "../analysis/core/evaluate/values";
import type { ServerReport } from "../analysis/core/model/serverReport";
import { relativePath } from "../analysis/core/project/paths";
import type { WorkspaceAnalysis } from "../analysis/core/workspace";
import type { LineCharacter } from "../analysis/core/model/positions";

export interface ReportContext {
  readonly cwd: string;
  readonly version: string;
  readonly tasksExtension: boolean;
  readonly position: (file: string, offset: number) => LineCharacter;
}

export interface JsonServer {
  name: string;
  file: string;
  line: number;
  column: number;
  /** `conduit`, `sdk-v1`, `sdk-v2`, or a framework's name. */
  dialect: string;
  /** The framework version whose rules were applied, when they depend on it. */
  frameworkVersion?: string;
  exact: boolean;
  legacy: JsonObject | null;
  modern: JsonObject | null;
  /** Present when the server's start-up throws, so neither era is answered: the diagnostic code that says why, and where. */
  startupThrows?: JsonObject;
  unknown: JsonObject[];
  provenance: JsonObject[];
}

export interface JsonDiagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
  message: string;
}

export interface JsonReport {
  tool: "mcp-caps";
  version: string;
  tasksExtension: boolean;
  servers: JsonServer[];
  diagnostics: JsonDiagnostic[];
}

/** The report of spec/cli.md: paths relative to the working directory, 1-based positions, keys sorted. */
export function toJsonReport(analysis: WorkspaceAnalysis, ctx: ReportContext): JsonReport {
  const rel = (file: string) => relativePath(ctx.cwd, file);
  const at = (file: string, offset: number) => {
    const p = ctx.position(file, offset);
    return { line: p.line + 1, column: p.character + 1 };
  };
  const servers = analysis.servers.map((s) => jsonServer(s, rel, at));
  servers.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  const diagnostics = analysis.diagnostics.map((d) => jsonDiagnostic(d, rel, at));
  diagnostics.sort(
    (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || a.code.localeCompare(b.code)),
  );
  const report: JsonReport = { tool: "mcp-caps", version: ctx.version, tasksExtension: ctx.tasksExtension, servers, diagnostics };
  return sortKeysDeep(report as unknown as Json) as unknown as JsonReport;
}

function jsonServer(s: ServerReport, rel: (f: string) => string, at: (f: string, o: number) => { line: number; column: number }): JsonServer {
  return {
    name: s.name,
    file: rel(s.loc.file),
    ...at(s.loc.file, s.loc.span.start),
    dialect: s.dialect,
    ...(s.frameworkVersion ? { frameworkVersion: s.frameworkVersion } : {}),
    exact: s.exact,
    legacy: s.legacy,
    modern: s.modern,
    ...(s.startupThrows ? { startupThrows: { code: s.startupThrows.code, ...(s.startupThrows.loc ? { file: rel(s.startupThrows.loc.file), line: at(s.startupThrows.loc.file, s.startupThrows.loc.span.start).line } : {}) } } : {}),
    unknown: s.unknown.map((u) => ({
      path: [...u.path],
      ...(u.source !== undefined ? { source: u.source } : {}),
      ...(u.spread ? { spread: true } : {}),
      reason: u.reason,
      ...(u.loc ? { file: rel(u.loc.file), line: at(u.loc.file, u.loc.span.start).line } : {}),
      ...(u.era ? { era: u.era } : {}),
    })),
    provenance: s.provenance.map((p) => ({
      era: p.era,
      path: [...p.path],
      because: p.because,
      ...(p.loc ? { file: rel(p.loc.file), line: at(p.loc.file, p.loc.span.start).line } : {}),
      ...(p.detail ? { detail: p.detail } : {}),
    })),
  };
}

function jsonDiagnostic(d: AnalysisDiagnostic, rel: (f: string) => string, at: (f: string, o: number) => { line: number; column: number }): JsonDiagnostic {
  const start = at(d.loc.file, d.loc.span.start);
  const end = at(d.loc.file, d.loc.span.end);
  return {
    file: rel(d.loc.file),
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    severity: d.severity,
    code: d.code,
    message: d.message,
  };
}
