// SDK releases before 0.5.0 had no capabilities option: `Server` advertised `tools`, `prompts`,
// `resources` and `logging` for exactly the list and set-level handlers registered, and never threw
// for a handler it did not declare. The rules of this dialect are those of 0.5.0 and later, so for a
// server that loads an older SDK the legacy era is stated as unknown, never predicted with the newer
// rules (a real server on SDK 0.4 answers `tools: {}` where 1.x semantics would say it cannot start).
import type { DialectRun } from "../../core/dialect";
import { declaredRange as declaredPackageRange } from "../../core/project/declaredPackage";
import type { ServerReport } from "../../core/model/serverReport";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";

const SDK = "@modelcontextprotocol/sdk";

/** The SDK version (or the declared range) that says the file loads an SDK before 0.5.0, else undefined. */
export function sdkBeforeOptions(run: DialectRun, file: string): string | undefined {
  const installed = run.installedVersion(file, SDK);
  if (installed !== undefined) return before05(installed) ? installed : undefined;
  const range = declaredRange(run, file)?.range;
  return range !== undefined && rangeOnlyBefore05(range) ? range : undefined;
}

/** The SDK range the nearest package.json in the workspace declares (dependencies, then peer and dev), and that manifest. */
export function declaredRange(run: DialectRun, file: string): { range: string; manifest: string } | undefined {
  return declaredPackageRange(file, SDK, run.fileText, run.withinWorkspace);
}

function before05(version: string): boolean {
  const m = /^(\d+)\.(\d+)\./.exec(version);
  return m !== null && Number(m[1]) === 0 && Number(m[2]) < 5;
}

/** `^0.4.0`, `~0.4.1`, `0.4.0`, `0.3.x`: ranges whose every version is below 0.5.0. */
function rangeOnlyBefore05(range: string): boolean {
  const m = /^\s*[\^~=v]*\s*0\.(\d+)(\.[\dx*]+)?([-+][\w.]+)?\s*$/.exec(range);
  return m !== null && Number(m[1]) < 5;
}

/** The server as the older SDK may send it: nothing stated for the legacy era, and no 0.5+ rule applied. */
export function asPreOptionsServer(server: ServerReport, version: string): { server: ServerReport; diagnostics: AnalysisDiagnostic[] } {
  const reason = `this server loads SDK ${version}, older than 0.5.0, which advertises what its list handlers imply rather than declared capabilities; the analysis knows the rules of 0.5.0 and later`;
  return {
    server: {
      ...server,
      exact: false,
      legacy: {},
      unknown: [{ path: [], spread: true, reason, era: "legacy", loc: server.loc }],
      eraNotes: server.eraNotes?.modern ? { modern: server.eraNotes.modern } : {},
    },
    diagnostics: [],
  };
}
