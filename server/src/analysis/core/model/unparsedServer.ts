// A server written in a file that does not parse: TypeScript's parser recovers and the analysis reads
// what it can, but Node (tsx, or the compiler's output) refuses such a file, so the server does not
// start and sends nothing. What the source would advertise once fixed is no fact about what it sends.
import type { FileSummary } from "./summary";
import type { AnalysisDiagnostic, CodeTable } from "./diagnostics";
import { ERA_NOT_KNOWN, type ServerReport } from "./serverReport";

export const PARSE_ERROR_CODE = "source-does-not-parse";
export const PARSE_RECOVERED_CODE = "source-read-as-recovered";

/** The code every dialect whose runtime runs the source may report: the file it is written in does not parse. */
export const PARSE_CODES: CodeTable = {
  [PARSE_ERROR_CODE]: { severity: "error", summary: "the server's file does not parse: Node refuses it, and the server does not start" },
  [PARSE_RECOVERED_CODE]: { severity: "information", summary: "the server class's file does not parse: what it declares is read as far as TypeScript's parser recovers" },
};

/** The era note of a server whose file does not parse (an editor may keep what it last showed instead). */
export const UNPARSED_ERA = `${ERA_NOT_KNOWN}the file does not parse`;

export function withParseErrors(server: ServerReport, summary: FileSummary): ServerReport {
  const error = summary.firstParseError;
  if (summary.parseErrors === 0 || !error) return server;
  const loc = { file: server.loc.file, span: { start: error.start, end: error.start } };
  const reason = `the file does not parse (${error.message.replace(/\.$/, "")}): a server whose code does not parse does not start, so what it sends is not known until that is fixed`;
  const note = { text: UNPARSED_ERA, loc };
  return {
    ...server,
    exact: false,
    legacy: null,
    modern: null,
    unknown: [{ path: [], reason, loc }],
    provenance: [],
    eraNotes: { legacy: note, modern: note },
  };
}

/**
 * The first place the file does not parse, about the server written in it: an error for a server the
 * analysis refuses to predict (withParseErrors), information for a description read as far as the
 * parser recovers (a dialect that does not run its source: the file still needs fixing to run).
 */
export function parseErrorDiagnostic(server: ServerReport, summary: FileSummary, recovered = false): AnalysisDiagnostic | undefined {
  const error = summary.firstParseError;
  if (summary.parseErrors === 0 || !error) return undefined;
  const more = summary.parseErrors > 1 ? ` (and ${summary.parseErrors - 1} more syntax error${summary.parseErrors > 2 ? "s" : ""})` : "";
  const what = `${error.message.replace(/\.$/, "")}${more}`;
  return {
    code: recovered ? PARSE_RECOVERED_CODE : PARSE_ERROR_CODE,
    severity: recovered ? "information" : "error",
    message: recovered
      ? `${what}: the capabilities of ${server.name} are read as far as TypeScript's parser recovers, but Node refuses a file that does not parse, so nothing is served until this is fixed.`
      : `${what}: Node refuses a file that does not parse, so the server written in it does not start and sends nothing until this is fixed.`,
    loc: { file: server.loc.file, span: { start: error.start, end: error.start } },
    server: { name: server.name, loc: server.loc },
  };
}
