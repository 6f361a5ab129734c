import type { ServerReport } from "../model/serverReport";
import type { AnalysisDiagnostic } from "./codes";

/** The diagnostics about one server: its own rules (inherited members included) and a cycle on its class. */
export function diagnosticsOf(server: ServerReport, all: readonly AnalysisDiagnostic[]): AnalysisDiagnostic[] {
  return all.filter(
    (d) =>
      (d.server && d.server.loc.file === server.loc.file && d.server.loc.span.start === server.loc.span.start) ||
      (!d.server && d.loc.file === server.loc.file && d.loc.span.start === server.loc.span.start),
  );
}
