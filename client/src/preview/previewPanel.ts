import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { ListServersRequest, RULES_URL, SECTION, ServerReportRequest, type ServerReportParams } from "../../../common/protocol";
import { reveal } from "../commands";
import { makeNonce, previewHtml } from "./html";
import { DEFAULT_PREVIEW_STATE, type Era, type FromWebview, type PreviewState, type ToWebview } from "./messages";

export const VIEW_TYPE = "mcpCapabilityLens.preview";
/** Live updates while typing: the first at once, then at most one per this many ms. */
const THROTTLE_MS = 250;

interface Target {
  readonly uri: string;
  readonly name?: string;
  readonly era?: Era;
}

/**
 * The Capability Preview: one panel beside the editor showing the server under the cursor (or a
 * pinned one), kept up to date as the user types, restored after a reload by a serializer.
 */
export class PreviewManager implements vscode.Disposable {
  #panel: vscode.WebviewPanel | undefined;
  #state: PreviewState = DEFAULT_PREVIEW_STATE;
  #source: string | undefined;
  #position: vscode.Position | undefined;
  #sequence = 0;
  #timer: NodeJS.Timeout | undefined;
  #lastRun = 0;
  readonly #disposables: vscode.Disposable[] = [];
  /** Every message posted to the webview, for tests that check what the panel was told. */
  readonly posted: ToWebview[] = [];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
  ) {
    this.#disposables.push(
      vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, state: unknown) => {
          this.#state = { ...DEFAULT_PREVIEW_STATE, ...((state as PreviewState | undefined) ?? {}) };
          this.#source = this.#state.source;
          this.#adopt(panel);
        },
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => this.#onCursor(e.textEditor)),
      vscode.window.onDidChangeActiveTextEditor((e) => e && this.#onCursor(e)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.#panel && e.document.uri.toString() === this.#source) this.#schedule();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SECTION)) this.#schedule();
      }),
    );
  }

  get panel(): vscode.WebviewPanel | undefined {
    return this.#panel;
  }

  /** Opens (or reveals) the preview; with a target, pins it on that server. */
  show(column: vscode.ViewColumn, target?: Target): void {
    const editor = vscode.window.activeTextEditor;
    if (target) {
      this.#source = target.uri;
      this.#state = { ...this.#state, source: target.uri, follow: !target.name, ...(target.name ? { server: target.name } : {}), ...(target.era ? { focusEra: target.era } : {}) };
      this.#position = undefined;
    } else if (editor && isTypeScript(editor.document)) {
      this.#source = editor.document.uri.toString();
      this.#position = editor.selection.active;
      this.#state = { ...this.#state, source: this.#source, follow: true };
    }
    if (this.#panel) this.#panel.reveal(column, true);
    else {
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, "Capabilities", { viewColumn: column, preserveFocus: true }, {
        enableScripts: true,
        localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, "dist", "webview")],
      });
      this.#adopt(panel);
    }
    void this.update();
  }

  #adopt(panel: vscode.WebviewPanel): void {
    this.#panel = panel;
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, "images", "icon.png");
    const webview = panel.webview;
    webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, "dist", "webview")] };
    const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, "dist", "webview", name)).toString();
    webview.html = previewHtml({ cspSource: webview.cspSource, nonce: makeNonce(), scriptUri: asset("preview.js"), styleUri: asset("preview.css"), title: "Capabilities" });
    panel.onDidDispose(() => {
      this.#panel = undefined;
    }, undefined, this.#disposables);
    webview.onDidReceiveMessage((m: FromWebview) => void this.#onMessage(m), undefined, this.#disposables);
  }

  async #onMessage(message: FromWebview): Promise<void> {
    switch (message.type) {
      case "ready": {
        // A panel opened or retargeted by a command (a lens click) keeps the server, follow mode and era
        // the host chose; the webview's saved state restores the rest, or everything after a reload.
        const restored = message.state;
        this.#state = this.#source
          ? { ...this.#state, collapsed: restored.collapsed ?? this.#state.collapsed, scrollY: restored.scrollY ?? this.#state.scrollY }
          : { ...this.#state, ...restored };
        this.#source ??= restored.source;
        return this.update();
      }
      case "reveal":
        return reveal(message.location.uri, message.location.range, this.#editorColumn());
      case "selectServer":
        this.#source = message.uri;
        this.#state = { ...this.#state, source: message.uri, server: message.name, follow: false };
        return this.update();
      case "listServers": {
        const { servers } = await this.client.sendRequest(ListServersRequest.type, {});
        return this.#post({ type: "serverList", servers, ...(this.#source && this.#state.server ? { current: { uri: this.#source, name: this.#state.server } } : {}) });
      }
      case "setTasks":
        // The workspace setting outranks package.json (spec §5); the server is told through configuration.
        await vscode.workspace.getConfiguration(SECTION).update("tasksExtension", message.on ? "on" : "off", vscode.ConfigurationTarget.Workspace);
        return this.update();
      case "setFollow":
        this.#state = { ...this.#state, follow: message.follow };
        if (message.follow && vscode.window.activeTextEditor) this.#onCursor(vscode.window.activeTextEditor);
        return;
      case "refresh":
        return this.update();
      case "applyFix": {
        const edit = new vscode.WorkspaceEdit();
        for (const [uri, edits] of Object.entries(message.fix.changes)) {
          for (const e of edits) {
            edit.replace(vscode.Uri.parse(uri), new vscode.Range(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character), e.newText);
          }
        }
        await vscode.workspace.applyEdit(edit);
        return;
      }
      case "copy":
        await vscode.env.clipboard.writeText(message.text);
        void vscode.window.setStatusBarMessage(`Copied ${message.what}`, 2500);
        return;
      case "openRule":
        await vscode.env.openExternal(vscode.Uri.parse(`${RULES_URL}${encodeURIComponent(message.code)}`));
        return;
    }
  }

  #editorColumn(): vscode.ViewColumn {
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.#source);
    return visible?.viewColumn ?? vscode.ViewColumn.One;
  }

  #onCursor(editor: vscode.TextEditor): void {
    if (!this.#panel || !this.#state.follow || !isTypeScript(editor.document)) return;
    const uri = editor.document.uri.toString();
    if (uri !== this.#source) this.#state = { ...this.#state, source: uri };
    this.#source = uri;
    this.#position = editor.selection.active;
    this.#schedule();
  }

  /** Throttled update: the first runs at once, then one per THROTTLE_MS while changes keep coming. */
  #schedule(): void {
    if (this.#timer) return;
    const wait = Math.max(0, this.#lastRun + THROTTLE_MS - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.update();
    }, wait);
  }

  /** Asks the server for the report and posts it; an older answer arriving late is dropped. */
  async update(): Promise<void> {
    if (!this.#panel) return;
    this.#lastRun = Date.now();
    const source = this.#source;
    if (!source) return this.#post({ type: "empty", message: "Open a TypeScript file with an MCP server to see its capabilities." });
    const sequence = ++this.#sequence;
    const params: ServerReportParams = {
      uri: source,
      ...(!this.#state.follow && this.#state.server ? { name: this.#state.server } : {}),
      ...(this.#state.follow && this.#position ? { position: { line: this.#position.line, character: this.#position.character } } : {}),
    };
    try {
      const report = await this.client.sendRequest(ServerReportRequest.type, params);
      if (sequence !== this.#sequence) return;
      if (report.servers.length === 0) {
        return this.#post({ type: "empty", message: "No MCP server in this file." });
      }
      let selected = report.selected;
      if (selected < 0) selected = Math.max(0, report.servers.findIndex((s) => s.name === this.#state.server));
      this.#state = { ...this.#state, source, server: report.servers[selected]!.name };
      // A lens click asks for one era once; later updates must not pull focus back to it.
      const focusEra = this.#state.focusEra;
      this.#state = { ...this.#state, focusEra: undefined };
      await this.#post({ type: "update", source, report, selected, follow: this.#state.follow, ...(focusEra ? { focusEra } : {}) });
      if (this.#panel) this.#panel.title = `Capabilities: ${report.servers[selected]!.name}`;
    } catch (err) {
      if (sequence === this.#sequence) await this.#post({ type: "error", message: err instanceof Error ? err.message : String(err) });
    }
  }

  async #post(message: ToWebview): Promise<void> {
    this.posted.push(message);
    if (this.posted.length > 50) this.posted.shift();
    await this.#panel?.webview.postMessage(message);
  }

  dispose(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#panel?.dispose();
    for (const d of this.#disposables) d.dispose();
  }
}

function isTypeScript(document: vscode.TextDocument): boolean {
  return document.uri.scheme === "file" && (document.languageId === "typescript" || document.languageId === "typescriptreact");
}
