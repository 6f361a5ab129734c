import type { Connection, Disposable } from "vscode-languageserver";
import { ListServersRequest, ServerReportRequest, StatsRequest, type ServerListEntry, type ServerReportResult } from "../../../../common/protocol";
import { discoverFilesAsync } from "../../files/discoverFiles";
import { throwIfCancelled } from "../../analysis/core/cancellation";
import { diagnosticsByServer } from "../../analysis/core/model/ofServer";
import { toWireServer } from "../convert";
import { slicer } from "../slices";
import { guard } from "../guard";
import type { LanguageSession } from "../session";
import { pathToUri } from "../uris";

/** Files the server picker lists at most: a bound on the first, workspace-wide analysis. */
const MAX_LISTED_FILES = 5000;
/** Folder entries the picker's walk reads at most (a folder of a million generated files). */
const MAX_WALKED_ENTRIES = 200_000;

/**
 * The preview's data: every server of a document, and which one the cursor (or a name) selects. A
 * document that does not parse keeps answering with its last good report, marked stale.
 */
export function registerServerReport(connection: Connection, session: LanguageSession): Disposable[] {
  const lastGood = new Map<string, ServerReportResult>();
  /** What the walk skipped is logged once per session, not at every listing. */
  const logged = new Set<string>();
  const empty = (uri: string): ServerReportResult => ({ uri, version: null, tasksExtension: false, tasksSource: "default", servers: [], selected: -1 });

  const report = connection.onRequest(
    ServerReportRequest.type,
    guard(connection, "serverReport", empty(""), async (params, token) => {
      const analyzed = await session.analyze(params.uri, token);
      if (!analyzed) return empty(params.uri);
      const summary = analyzed.workspace.files.summary(analyzed.path);
      const previous = lastGood.get(params.uri);
      if (summary && summary.parseErrors > 0 && previous && previous.servers.length > 0) {
        return { ...previous, stale: "The file has syntax errors: showing the last result that parsed." };
      }
      const grouped = diagnosticsByServer(analyzed.analysis.servers, analyzed.analysis.diagnostics);
      const servers = analyzed.analysis.servers.map((s) => toWireServer(session, s, grouped.get(s)!));
      let selected = -1;
      if (params.name !== undefined) selected = servers.findIndex((s) => s.name === params.name);
      else if (params.position && analyzed.document) {
        const offset = analyzed.document.offsetAt(params.position);
        selected = analyzed.analysis.servers.findIndex((s) => offset >= s.span.start && offset <= s.span.end);
      }
      const result: ServerReportResult = {
        recognised: analyzed.workspace.dialects.map((d) => d.words.recognises),
        uri: params.uri,
        version: analyzed.document?.version ?? null,
        tasksExtension: analyzed.tasksExtension,
        tasksSource: analyzed.tasksSource,
        servers,
        selected,
      };
      if (!summary || summary.parseErrors === 0) lastGood.set(params.uri, result);
      return result;
    }),
  );

  const list = connection.onRequest(
    ListServersRequest.type,
    guard(connection, "listServers", { servers: [] }, async (_params, token) => {
      session.syncAll();
      const servers: ServerListEntry[] = [];
      for (const folder of session.folders) {
        // Asynchronous and cancellable: the server keeps answering hovers while it walks, and links
        // leading out of the folder are not followed.
        const walked = await discoverFilesAsync([folder], folder, { maxFiles: MAX_LISTED_FILES, maxEntries: MAX_WALKED_ENTRIES }, token);
        for (const w of walked.warnings) {
          if (logged.has(`${folder}\u0000${w}`)) continue;
          logged.add(`${folder}\u0000${w}`);
          connection.console.warn(`listServers: ${folder}: ${w}`);
        }
        const files = walked.files;
        const { workspace, root } = session.workspaceFor(`${folder}/x.ts`);
        const settings = await session.settings(pathToUri(folder));
        const tasks = session.tasksFor(root, settings);
        // File by file, yielding between them: a picker over thousands of files must stay cancellable.
        const pause = slicer(token);
        for (const file of files) {
          throwIfCancelled(token);
          const analysis = await workspace.analyzeFileAsync(file, { tasksExtension: tasks.value, token });
          for (const s of analysis.servers) servers.push({ name: s.name, uri: pathToUri(s.loc.file), line: workspace.position(s.loc.file, s.loc.span.start).line });
          await pause();
        }
      }
      return { servers };
    }),
  );
  const stats = connection.onRequest(StatsRequest.type, () => {
    const out = { parses: 0, parsesByFile: {} as Record<string, number>, classAnalyses: 0, classCacheHits: 0 };
    for (const w of session.allWorkspaces()) {
      out.parses += w.files.stats.parses;
      for (const [f, n] of w.files.stats.parsesByFile) out.parsesByFile[f] = (out.parsesByFile[f] ?? 0) + n;
      out.classAnalyses += w.stats.classAnalyses;
      out.classCacheHits += w.stats.classCacheHits;
    }
    return out;
  });
  return [report, list, stats];
}
