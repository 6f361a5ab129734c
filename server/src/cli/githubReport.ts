// `--format github`: GitHub Actions workflow commands. Each diagnostic becomes an annotation
// (`::warning file=…,line=…::message`) that GitHub shows on the pull request's diff and the run's
// summary; the human report follows in a collapsed group, with command processing switched off so that
// nothing quoted from a source file can act as a command.
import { createHash } from "node:crypto";
import type { JsonDiagnostic, JsonReport } from "./jsonReport";
import { terminalSafe, terminalSafeLines } from "./terminalText";

const COMMAND: Record<string, "error" | "warning" | "notice"> = { error: "error", warning: "warning", information: "notice", hint: "notice" };

/**
 * A command's message: `%`, CR and LF are percent-escaped, which the runner decodes back (so a file
 * name with a line break names the real file); the other control characters, which the runner would
 * pass to the log as they are, are shown as `\uXXXX`.
 */
export function escapeData(text: string): string {
  return terminalSafeLines(text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A"));
}

/** A command's property value: as a message, and `:` and `,` too, which delimit properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function annotation(d: JsonDiagnostic): string {
  const properties = [
    `file=${escapeProperty(d.file)}`,
    `line=${d.line}`,
    `endLine=${d.endLine}`,
    `col=${d.column}`,
    `endColumn=${d.endColumn}`,
    `title=${escapeProperty(d.code)}`,
  ];
  // A diagnostic's message is one line; one that quotes a line feed from the source shows it escaped.
  return `::${COMMAND[d.severity] ?? "warning"} ${properties.join(",")}::${escapeData(terminalSafe(d.message))}`;
}

/** One annotation per diagnostic, in the report's order. */
export function githubAnnotations(report: JsonReport): string[] {
  return report.diagnostics.map(annotation);
}

/** An annotation without a place in the code (e.g. what `--check` found). */
export function plainAnnotation(kind: "error" | "warning" | "notice", title: string, message: string): string {
  return `::${kind} title=${escapeProperty(title)}::${escapeData(message)}`;
}

/**
 * `text` in a collapsed log group, printed verbatim: `::stop-commands::` turns command processing off
 * until its token comes back. The token is derived from the text, so a text cannot contain it.
 */
export function logGroup(title: string, text: string): string[] {
  const body = terminalSafeLines(text);
  const token = createHash("sha256").update(body).digest("hex").slice(0, 40);
  return [`::group::${escapeData(title)}`, `::stop-commands::${token}`, body, `::${token}::`, "::endgroup::"];
}
