import type { ServerReport } from "./serverReport";
import type { AnalysisDiagnostic } from "./diagnostics";

const keyOf = (file: string, start: number) => `${file}\u0000${start}`;

/**
 * The diagnostics about each server: its own rules (inherited members included) and a cycle on its
 * class. Grouped in one pass, so a report of thousands of servers stays linear.
 */
export function diagnosticsByServer(servers: readonly ServerReport[], all: readonly AnalysisDiagnostic[]): Map<ServerReport, AnalysisDiagnostic[]> {
  const byKey = new Map<string, AnalysisDiagnostic[]>();
  for (const d of all) {
    const at = d.server ? d.server.loc : d.loc;
    const key = keyOf(at.file, at.span.start);
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push(d);
  }
  return new Map(servers.map((s) => [s, byKey.get(keyOf(s.loc.file, s.loc.span.start)) ?? []]));
}

/** The diagnostics about one server. */
export function diagnosticsOf(server: ServerReport, all: readonly AnalysisDiagnostic[]): AnalysisDiagnostic[] {
  return diagnosticsByServer([server], all).get(server)!;
}
