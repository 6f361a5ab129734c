// In-memory workspaces for unit tests: the real analysis on files that exist only in memory.
import { InMemoryFileSystemHost } from "ts-morph";
import type { AnalysisDiagnostic } from "../../server/src/analysis/core/model/diagnostics";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { Workspace, type WorkspaceAnalysis } from "../../server/src/analysis/core/workspace";

export const ROOT = "/w";

export interface SimpleDiagnostic {
  readonly code: string;
  readonly severity: string;
  /** Relative to the workspace root. */
  readonly file: string;
  /** 1-based, like the CLI's report. */
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** The text the range covers. */
  readonly text: string;
  readonly message: string;
  readonly raw: AnalysisDiagnostic;
}

export interface MemoryResult {
  readonly workspace: Workspace;
  readonly analysis: WorkspaceAnalysis;
  readonly servers: ReadonlyMap<string, ServerReport>;
  readonly diagnostics: readonly SimpleDiagnostic[];
  /** Diagnostics with a given code. */
  codes(code: string): SimpleDiagnostic[];
}

/** Writes `files` (paths relative to /w) into a fresh in-memory workspace. */
export function memoryWorkspace(files: Readonly<Record<string, string>>): { workspace: Workspace; fs: InMemoryFileSystemHost; paths: string[] } {
  const fs = new InMemoryFileSystemHost();
  const paths: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const p = `${ROOT}/${name}`;
    fs.writeFileSync(p, text);
    if (/\.(ts|tsx|mts|cts)$/.test(name) && !/\.d\.ts$/.test(name) && !name.startsWith("node_modules/")) paths.push(p);
  }
  return { workspace: new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: [ROOT] }), fs, paths };
}

/** Analyses every source file of an in-memory workspace (not `.d.ts`, not node_modules). */
export function analyze(files: Readonly<Record<string, string>>, options: { tasks?: boolean } = {}): MemoryResult {
  const { workspace, paths } = memoryWorkspace(files);
  return analyzeWith(workspace, paths, options);
}

export function analyzeWith(workspace: Workspace, paths: readonly string[], options: { tasks?: boolean } = {}): MemoryResult {
  const analysis = workspace.analyzeFiles(paths, { tasksExtension: options.tasks ?? false });
  const diagnostics = analysis.diagnostics.map((d) => simplify(workspace, d));
  return {
    workspace,
    analysis,
    servers: new Map(analysis.servers.map((s) => [s.name, s])),
    diagnostics,
    codes: (code) => diagnostics.filter((d) => d.code === code),
  };
}

function simplify(workspace: Workspace, d: AnalysisDiagnostic): SimpleDiagnostic {
  const start = workspace.position(d.loc.file, d.loc.span.start);
  const end = workspace.position(d.loc.file, d.loc.span.end);
  return {
    code: d.code,
    severity: d.severity,
    file: d.loc.file.slice(ROOT.length + 1),
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
    text: workspace.files.text(d.loc.file)?.slice(d.loc.span.start, d.loc.span.end) ?? "",
    message: d.message,
    raw: d,
  };
}
