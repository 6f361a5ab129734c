// A server written in a file that does not parse: TypeScript's parser recovers and the analysis reads
// what it can, but Node (tsx, or the compiler's output) refuses such a file, so the server does not
// start and sends nothing. What the source would advertise once fixed is no fact about what it sends.
import type { FileSummary } from "./summary";
import { ERA_NOT_KNOWN, type ServerReport } from "./serverReport";

export function withParseErrors(server: ServerReport, summary: FileSummary): ServerReport {
  const error = summary.firstParseError;
  if (summary.parseErrors === 0 || !error) return server;
  const loc = { file: server.loc.file, span: { start: error.start, end: error.start } };
  const reason = `the file does not parse (${error.message.replace(/\.$/, "")}): a server whose code does not parse does not start, so what it sends is not known until that is fixed`;
  const note = { text: `${ERA_NOT_KNOWN}the file does not parse`, loc };
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
