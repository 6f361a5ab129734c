// A real LSP client for tests: spawns the bundled dist/server.js over stdio and talks JSON-RPC with
// vscode-languageserver-protocol, answering the server's own requests (configuration, refreshes).
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  CodeActionRequest,
  CodeLensRequest,
  CodeLensResolveRequest,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  DocumentDiagnosticRequest,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type CodeAction,
  type CodeLens,
  type Diagnostic,
  type FileEvent,
  type Hover,
  type Position,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Range,
  DidCloseTextDocumentNotification,
  PublishDiagnosticsNotification,
} from "vscode-languageserver-protocol/node";
import { ListServersRequest, ServerReportRequest, StatsRequest, StatusNotification, type AnalysisStats, type AnalysisStatus, type ServerReportResult } from "../../common/protocol";
import { REPO } from "./tempProject";

export const SERVER = join(REPO, "dist", "server.js");

export class LspClient {
  readonly connection: ProtocolConnection;
  readonly process: ChildProcess;
  readonly refreshes = { diagnostics: 0, codeLens: 0 };
  readonly statuses: AnalysisStatus[] = [];
  readonly logs: string[] = [];
  /** Every `textDocument/publishDiagnostics` the server sent, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  /** The server's answer to `initialize`. */
  initialized: InitializeResult | undefined;
  settings: Record<string, unknown> = {};
  #versions = new Map<string, number>();

  private constructor(readonly root: string) {
    this.process = spawn(process.execPath, [SERVER, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    this.process.stderr!.on("data", (d) => this.logs.push(String(d)));
    this.connection = createProtocolConnection(new StreamMessageReader(this.process.stdout!), new StreamMessageWriter(this.process.stdin!));
    this.connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => this.settings));
    this.connection.onRequest("workspace/diagnostic/refresh", () => {
      this.refreshes.diagnostics++;
      return null;
    });
    this.connection.onRequest("workspace/codeLens/refresh", () => {
      this.refreshes.codeLens++;
      return null;
    });
    this.connection.onRequest("client/registerCapability", () => null);
    this.connection.onNotification(StatusNotification.method, (s: AnalysisStatus) => {
      this.statuses.push(s);
    });
    this.connection.onNotification("window/logMessage", (m: { message: string }) => {
      this.logs.push(m.message);
    });
    this.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.published.push(p);
    });
    this.connection.listen();
  }

  /**
   * Starts the server as VS Code would: a client that pulls diagnostics and renders theme icons and
   * command links. With `pullDiagnostics: false` it is a client like most other editors, which do not
   * declare `textDocument.diagnostic`; with `vscodeMarkdown: false`, one that renders plain Markdown.
   */
  static async start(root: string, settings: Record<string, unknown> = {}, options: { pullDiagnostics?: boolean; vscodeMarkdown?: boolean } = {}): Promise<LspClient> {
    const client = new LspClient(root);
    client.settings = settings;
    const pull = options.pullDiagnostics ?? true;
    const vscodeMarkdown = options.vscodeMarkdown ?? true;
    client.initialized = await client.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: client.uri(""),
      workspaceFolders: [{ uri: client.uri(""), name: "test" }],
      initializationOptions: { refreshDelayMs: 0, pushDelayMs: 0, vscodeMarkdown },
      capabilities: {
        workspace: { configuration: true, codeLens: { refreshSupport: true }, diagnostics: { refreshSupport: pull }, workspaceFolders: true },
        textDocument: { hover: { contentFormat: ["markdown"] }, ...(pull ? { diagnostic: { dynamicRegistration: false } } : {}) },
      },
    });
    await client.connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  uri(relative: string): string {
    const href = pathToFileURL(join(this.root, relative)).href;
    return relative === "" ? href.replace(/\/$/, "") : href;
  }

  async open(relative: string, text: string): Promise<void> {
    this.#versions.set(relative, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: this.uri(relative), languageId: "typescript", version: 1, text },
    });
  }

  async change(relative: string, text: string): Promise<void> {
    const version = (this.#versions.get(relative) ?? 1) + 1;
    this.#versions.set(relative, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: this.uri(relative), version },
      contentChanges: [{ text }],
    });
  }

  async close(relative: string): Promise<void> {
    this.#versions.delete(relative);
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: this.uri(relative) } });
  }

  /** The version a document was last opened or changed with. */
  version(relative: string): number | undefined {
    return this.#versions.get(relative);
  }

  async watched(changes: FileEvent[]): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
  }

  async configurationChanged(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
  }

  hover(relative: string, position: Position): Promise<Hover | null> {
    return this.connection.sendRequest(HoverRequest.type, { textDocument: { uri: this.uri(relative) }, position });
  }

  async codeLenses(relative: string): Promise<CodeLens[]> {
    const lenses = (await this.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: this.uri(relative) } })) ?? [];
    return Promise.all(lenses.map((l) => this.connection.sendRequest(CodeLensResolveRequest.type, l)));
  }

  async diagnostics(relative: string): Promise<Diagnostic[]> {
    const report = await this.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: this.uri(relative) } });
    return report.kind === "full" ? report.items : [];
  }

  async codeActions(relative: string, range: Range, diagnostics: Diagnostic[] = [], only?: string[]): Promise<CodeAction[]> {
    const actions = await this.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: this.uri(relative) },
      range,
      context: { diagnostics, ...(only ? { only } : {}) },
    });
    return (actions ?? []) as CodeAction[];
  }

  serverReport(relative: string, extra: { position?: Position; name?: string } = {}): Promise<ServerReportResult> {
    return this.connection.sendRequest(ServerReportRequest.type, { uri: this.uri(relative), ...extra });
  }

  listServers(): Promise<{ servers: readonly { name: string; uri: string; line: number }[] }> {
    return this.connection.sendRequest(ListServersRequest.type, {});
  }

  stats(): Promise<AnalysisStats> {
    return this.connection.sendRequest(StatsRequest.type, {});
  }

  /** Whether the server process is still alive. */
  get alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest(ShutdownRequest.type), new Promise((r) => setTimeout(r, 2000))]);
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      // already gone
    }
    this.connection.dispose();
    if (this.alive) this.process.kill();
  }
}

/** Applies LSP text edits to a text (for asserting what a quick fix produces). */
export function applyEdits(text: string, edits: readonly { range: Range; newText: string }[]): string {
  const lines = text.split("\n");
  const offset = (p: Position) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

/** The position of the first occurrence of `needle` (plus `delta` characters) in `text`. */
export function positionOf(text: string, needle: string, delta = 0): Position {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`"${needle}" not found`);
  const before = text.slice(0, at + delta);
  const line = before.split("\n").length - 1;
  return { line, character: before.length - before.lastIndexOf("\n") - 1 };
}
