// The human report names files relative to where mcp-caps runs, as its file:line columns do. The
// analysis writes its messages, reasons and notes with absolute paths (it knows no working
// directory); those under the working directory are shortened here, for what people read (the
// human report, the GitHub annotations): the JSON and SARIF documents keep the messages as the
// analysis wrote them.
import type { JsonReport } from "./jsonReport";

/** `text` with every `<cwd>/` removed, so `/home/me/app/src/tools` reads `src/tools`. */
export function shortenPaths(text: string, cwd: string): string {
  const prefix = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return prefix === "/" ? text : text.split(prefix).join("");
}

/** The report with its diagnostics' messages and its unknown parts' reasons shortened. */
export function withShortPaths(report: JsonReport, cwd: string): JsonReport {
  return {
    ...report,
    servers: report.servers.map((s) => ({ ...s, unknown: s.unknown.map((u) => (typeof u.reason === "string" ? { ...u, reason: shortenPaths(u.reason, cwd) } : u)) })),
    diagnostics: report.diagnostics.map((d) => ({ ...d, message: shortenPaths(d.message, cwd) })),
  };
}
