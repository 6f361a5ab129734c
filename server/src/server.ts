import { Project } from "ts-morph";
import { TextDocuments, type Connection, type InitializeParams, type InitializeResult } from "vscode-languageserver";
import { CodeActionKind, CodeLensRefreshRequest, DidChangeConfigurationNotification, FileChangeType, TextDocumentSyncKind } from "vscode-languageserver-protocol";
import { GuardedFileSystem } from "./files/guardedFileSystem";
import { BlockDocuments } from "./lsp/blockDocument";
import { registerCodeActions } from "./lsp/features/codeActions";
import { registerCodeLens } from "./lsp/features/codeLens";
import { registerDiagnostics } from "./lsp/features/diagnostics";
import { registerPushDiagnostics, type PushDiagnostics } from "./lsp/features/pushDiagnostics";
import { registerHover } from "./lsp/features/hover";
import { PLAIN_CLIENT_COMMANDS, registerPlainCommands } from "./lsp/features/plainCommands";
import { registerServerReport } from "./lsp/features/serverReport";
import { LanguageSession } from "./lsp/session";
import { uriToPath } from "./lsp/uris";
import type { InitializationOptions } from "../../common/protocol";

export interface ServerOptions {
  /** Milliseconds to wait before asking the client to refresh after a dependency changed (0 in tests). */
  readonly refreshDelayMs?: number;
  /** Milliseconds of quiet after an edit before diagnostics are pushed to a client that does not pull (0 in tests). */
  readonly pushDelayMs?: number;
}

/**
 * The language server, on any connection (stdio, IPC, or in-memory streams in tests): declares the
 * capabilities and registers one thin adapter per feature over a shared `LanguageSession`.
 */
export function startServer(connection: Connection, options: ServerOptions = {}): void {
  // Open documents whose incremental updates cost the edit, not the document (a 5 MB file stays fast).
  const documents = new TextDocuments(BlockDocuments);
  // Every read of the analysis (TypeScript's included) is of a regular file under its size limit.
  const fileSystem = new GuardedFileSystem(new Project({ skipLoadingLibFiles: true }).getFileSystem());
  const session = new LanguageSession(connection, documents, fileSystem);
  let refreshDelay = options.refreshDelayMs ?? 300;
  let canRefreshLenses = false;
  let canShowDocument = false;
  let canRefreshDiagnostics = false;
  let refreshTimer: NodeJS.Timeout | undefined;
  let pushDelay = options.pushDelayMs ?? 200;
  /** Whether the client pulls diagnostics; when it does not, the server pushes them (never both). */
  let pull: boolean | undefined;
  let pushed: PushDiagnostics | undefined;

  /** Asks the client to pull diagnostics and lenses again (debounced): a file others depend on changed. */
  const scheduleRefresh = () => {
    if (refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = undefined;
      if (pushed) pushed.refreshAll();
      else if (canRefreshDiagnostics) void connection.languages.diagnostics.refresh().catch(() => undefined);
      if (canRefreshLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
    }, refreshDelay);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as InitializationOptions;
    session.vscodeMarkdown = init.vscodeMarkdown === true;
    if (typeof init.refreshDelayMs === "number") refreshDelay = init.refreshDelayMs;
    if (typeof init.pushDelayMs === "number") pushDelay = init.pushDelayMs;
    // A client that declares `textDocument.diagnostic` pulls; any other gets diagnostics pushed. Decided
    // once: a second `initialize` (a protocol error) does not add the other way.
    if (pull === undefined) {
      pull = params.capabilities.textDocument?.diagnostic !== undefined;
      if (pull) registerDiagnostics(connection, session);
      else pushed = registerPushDiagnostics(connection, session, documents, pushDelay);
    }
    session.configurationSupported = params.capabilities.workspace?.configuration === true;
    canShowDocument = params.capabilities.window?.showDocument?.support === true;
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
        // VS Code's client runs the lenses' commands itself; another editor asks the server to.
        ...(session.vscodeMarkdown ? {} : { executeCommandProvider: { commands: [...PLAIN_CLIENT_COMMANDS] } }),
        ...(pull ? { diagnosticProvider: { identifier: "mcpCapabilityLens", interFileDependencies: true, workspaceDiagnostics: false } } : {}),
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
        // A manifest decides how a monorepo's packages resolve: as if files had come or gone.
        else if (name === "package.json" || name === "pnpm-workspace.yaml") workspace.filesCreatedOrDeleted([path]);
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
  registerCodeActions(connection, session);
  registerServerReport(connection, session);
  registerPlainCommands(connection, session, () => canShowDocument);

  documents.listen(connection);
  connection.listen();
}

declare const __VERSION__: string;
