// Just enough of the `vscode` module for the preview's host (client/src/preview/previewPanel.ts) to run
// in a plain Node test, recording every effect a webview message could have: documents opened, edits
// applied, URLs opened, clipboard writes. Installed with `installFakeVscode()` before the host is loaded.
import Module from "node:module";

export const effects = {
  opened: [] as string[],
  edited: [] as string[],
  external: [] as string[],
  clipboard: [] as string[],
};

const disposable = { dispose() {} };
const event = () => () => disposable;

interface FakeUri {
  readonly scheme: string;
  toString(): string;
}
const uri = (s: string): FakeUri => ({ scheme: s.slice(0, Math.max(0, s.indexOf(":"))), toString: () => s });

export const panel = {
  handler: undefined as ((m: unknown) => void) | undefined,
  posted: [] as unknown[],
  title: "",
  iconPath: undefined as unknown,
  webview: {
    options: {},
    html: "",
    cspSource: "vscode-webview:",
    asWebviewUri: (u: FakeUri) => u,
    onDidReceiveMessage(handler: (m: unknown) => void) {
      panel.handler = handler;
      return disposable;
    },
    async postMessage(m: unknown) {
      panel.posted.push(m);
      return true;
    },
  },
  onDidDispose: () => disposable,
  reveal() {},
  dispose() {},
};

class Range {
  constructor(
    readonly startLine: number,
    readonly startCharacter: number,
    readonly endLine: number,
    readonly endCharacter: number,
  ) {}
}

class WorkspaceEdit {
  readonly uris: string[] = [];
  replace(u: FakeUri) {
    this.uris.push(u.toString());
  }
}

const vscode = {
  Uri: { parse: uri, joinPath: (base: FakeUri, ...parts: string[]) => uri([base.toString(), ...parts].join("/")) },
  ViewColumn: { Active: -1, Beside: -2, One: 1 },
  ConfigurationTarget: { Workspace: 2 },
  Range,
  WorkspaceEdit,
  window: {
    registerWebviewPanelSerializer: () => disposable,
    onDidChangeTextEditorSelection: event(),
    onDidChangeActiveTextEditor: event(),
    activeTextEditor: undefined,
    visibleTextEditors: [],
    createWebviewPanel: () => panel,
    showTextDocument: async () => undefined,
    setStatusBarMessage: () => disposable,
  },
  workspace: {
    onDidChangeTextDocument: event(),
    onDidChangeConfiguration: event(),
    openTextDocument: async (u: FakeUri) => {
      effects.opened.push(u.toString());
      return { uri: u };
    },
    applyEdit: async (edit: WorkspaceEdit) => {
      effects.edited.push(...edit.uris);
      return true;
    },
    getConfiguration: () => ({ update: async () => undefined }),
  },
  env: {
    clipboard: { writeText: async (t: string) => void effects.clipboard.push(t) },
    openExternal: async (u: FakeUri) => {
      effects.external.push(u.toString());
      return true;
    },
  },
};

/** Makes `require("vscode")` return the fake (the real module exists only inside VS Code). */
export function installFakeVscode(): void {
  const m = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = m._load;
  m._load = function (request: string, ...rest: unknown[]) {
    if (request === "vscode") return vscode;
    return load.call(this, request, ...rest);
  };
}
