import { Project } from "ts-morph";
import { TextDocuments, type Connection, type InitializeParams, type InitializeResult } from "vscode-languageserver";
import { CodeActionKind, CodeLensRefreshRequest, DidChangeConfigurationNotification, FileChangeType, TextDocumentSyncKind } from "vscode-languageserver-protocol";
import { TextDocument } from "vscode-languageserver-textdocument";
import { registerCodeActions } from "./lsp/features/codeActions";
import { registerCodeLens } from "./lsp/features/codeLens";
import { registerDiagnostics } from "./lsp/features/diagnostics";
import { registerHover } from "./lsp/features/hover";
import { registerServerReport } from "./lsp/features/serverReport";
import { LanguageSession } from "./lsp/session";
import { uriToPath } from "./lsp/uris";

export interface ServerOptions {
  /** Milliseconds to wait before asking the client to refresh after a dependency changed (0 in tests). */
  readonly refreshDelayMs?: number;
}

/**
 * The language server, on any connection (stdio, IPC, or in-memory streams in tests): declares the
 * capabilities and registers one thin adapter per feature over a shared `LanguageSession`.
 */
export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  const fileSystem = new Project({ skipLoadingLibFiles: true }).getFileSystem();
  const session = new LanguageSession(connection, documents, fileSystem);
  let refreshDelay = options.refreshDelayMs ?? 300;
  let canRefreshLenses = false;
  let canRefreshDiagnostics = false;
  let refreshTimer: NodeJS.Timeout | undefined;

  /** Asks the client to pull diagnostics and lenses again (debounced): a file others depend on changed. */
  const scheduleRefresh = () => {
    if (refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = undefined;
      if (canRefreshDiagnostics) void connection.languages.diagnostics.refresh().catch(() => undefined);
      if (canRefreshLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
    }, refreshDelay);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as { refreshDelayMs?: number };
    if (typeof init.refreshDelayMs === "number") refreshDelay = init.refreshDelayMs;
    session.configurationSupported = params.capabilities.workspace?.configuration === true;
    canRefreshLenses = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    canRefreshDiagnostics = params.capabilities.workspace?.diagnostics?.refreshSupport === true;
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    session.setFolders(folders);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        codeLensProvider: { resolveProvider: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] },
        diagnosticProvider: { identifier: "mcpCapabilityLens", interFileDependencies: true, workspaceDiagnostics: false },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: "mcp-capability-lens", version: typeof __VERSION__ === "string" ? __VERSION__ : "dev" },
    };
  });

  connection.onInitialized(() => {
    if (session.configurationSupported) void connection.client.register(DidChangeConfigurationNotification.type, { section: "mcpCapabilityLens" }).catch(() => undefined);
    connection.workspace.onDidChangeWorkspaceFolders?.((e) => {
      const current = session.folders.map((f) => `file://${f}`);
      const removed = new Set(e.removed.map((f) => uriToPath(f.uri)));
      session.setFolders([...current.filter((u) => !removed.has(uriToPath(u))), ...e.added.map((f) => f.uri)]);
      scheduleRefresh();
    });
  });

  connection.onDidChangeConfiguration(() => {
    session.settingsChanged();
    scheduleRefresh();
  });

  documents.onDidChangeContent((e) => {
    const path = uriToPath(e.document.uri);
    if (!path) return;
    const { workspace } = session.workspaceFor(path);
    if (workspace.dependentsOf(path).length > 0) {
      session.sync(e.document.uri);
      scheduleRefresh();
    }
  });
  documents.onDidClose((e) => session.closed(e.document.uri));

  connection.onDidChangeWatchedFiles((params) => {
    let refresh = false;
    for (const change of params.changes) {
      const path = uriToPath(change.uri);
      if (!path) continue;
      const name = path.slice(path.lastIndexOf("/") + 1);
      for (const workspace of session.allWorkspaces()) {
        if (/^tsconfig.*\.json$/.test(name)) workspace.configChanged();
        else if (change.type === FileChangeType.Changed) {
          if (documents.get(change.uri)) continue; // the editor's text wins over the disk
          workspace.changedOnDisk(path);
        } else workspace.filesCreatedOrDeleted([path]);
      }
      if (name === "package.json") session.packageJsonChanged();
      session.filesChanged();
      refresh = true;
    }
    if (refresh) scheduleRefresh();
  });

  registerHover(connection, session);
  registerCodeLens(connection, session);
  registerDiagnostics(connection, session);
  registerCodeActions(connection, session);
  registerServerReport(connection, session);

  documents.listen(connection);
  connection.listen();
}

declare const __VERSION__: string;
