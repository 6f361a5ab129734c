import type { Connection, Disposable } from "vscode-languageserver";
import { DiagnosticSeverity, DocumentDiagnosticReportKind, type Diagnostic } from "vscode-languageserver-protocol";
import { DIAGNOSTIC_SOURCE, StatusNotification } from "../../../../common/protocol";
import type { CancellationToken } from "../../analysis/core/cancellation";
import { isShown, toLspDiagnostic } from "../convert";
import type { LanguageSession } from "../session";
import { guard } from "../guard";
import { slicer } from "../slices";

/**
 * Pull diagnostics (`textDocument/diagnostic`), for clients that declare pull support: see
 * `documentDiagnostics`. Clients without it get the same list pushed (pushDiagnostics.ts).
 */
export function registerDiagnostics(connection: Connection, session: LanguageSession): Disposable {
  return connection.languages.diagnostics.on(
    guard(connection, "diagnostics", { kind: DocumentDiagnosticReportKind.Full, items: [] }, async (params, token) => ({
      kind: DocumentDiagnosticReportKind.Full,
      items: await documentDiagnostics(connection, session, params.textDocument.uri, token),
    })),
  );
}

/**
 * A document's diagnostics: the file's own problems, plus those of inherited members placed on the
 * server that inherits them. The client's status is updated each time.
 */
export async function documentDiagnostics(connection: Connection, session: LanguageSession, uri: string, token: CancellationToken): Promise<Diagnostic[]> {
  const analyzed = await session.analyze(uri, token);
  if (!analyzed) return [];
  const items: Diagnostic[] = [];
  const skipped = analyzed.analysis.skipped;
  if (skipped && (skipped.reason === "failed" || skipped.reason === "too-large")) {
    // Say so rather than show a blank file: the user should know the tool did not look.
    items.push({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: DiagnosticSeverity.Information,
      source: DIAGNOSTIC_SOURCE,
      code: "file-skipped",
      message: `MCP Capability Lens did not analyse ${skipped.reason === "too-large" ? "all of " : ""}this file: ${skipped.detail}.`,
    });
  }
  const seen = new Set<string>();
  const candidates = [...analyzed.analysis.diagnostics, ...analyzed.workspace.diagnosticsLocatedIn(analyzed.path)];
  const pause = slicer(token);
  for (const d of candidates) {
    await pause();
    if (!isShown(d, analyzed.settings)) continue;
    const lsp = toLspDiagnostic(session, d, analyzed.path);
    if (!lsp) continue;
    const key = `${lsp.code}:${lsp.range.start.line}:${lsp.range.start.character}:${lsp.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(lsp);
  }
  const feeds = [...new Set(analyzed.workspace.contributionsIn(analyzed.path).map((c) => c.server.name))];
  void connection.sendNotification(StatusNotification.type, {
    uri: analyzed.uri,
    servers: analyzed.analysis.servers.length,
    ...(feeds.length > 0 ? { feeds } : {}),
    problems: items.filter((i) => i.severity === 1 || i.severity === 2).length,
    elapsedMs: Math.round(analyzed.elapsedMs * 10) / 10,
    tasksExtension: analyzed.tasksExtension,
  });
  return items;
}
