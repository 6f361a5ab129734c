// Activation: start the language server, then wire commands, the preview and the status item. Nothing
// here analyses code; the server does, in its own process.
import * as vscode from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";
import { Commands, SECTION, type InitializationOptions } from "../../common/protocol";
import { registerCommands } from "./commands";
import { PreviewManager } from "./preview/previewPanel";
import { registerStatus } from "./status";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<{ client: LanguageClient; preview: PreviewManager }> {
  const module = context.asAbsolutePath("dist/server.js");
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ["--nolazy", "--inspect=6009"] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "typescript" },
      { scheme: "file", language: "typescriptreact" },
    ],
    synchronize: {
      configurationSection: undefined,
      fileEvents: vscode.workspace.createFileSystemWatcher("**/{*.ts,*.tsx,*.mts,*.cts,tsconfig*.json,package.json,package-lock.json,pnpm-workspace.yaml}"),
    },
    diagnosticPullOptions: { onChange: true, onSave: true },
    markdown: { isTrusted: { enabledCommands: Object.values(Commands) }, supportThemeIcons: true },
    // Theme icons and command links render here, so the server may use them.
    initializationOptions: { vscodeMarkdown: true } satisfies InitializationOptions,
    outputChannelName: "MCP Capability Lens",
  };
  client = new LanguageClient(SECTION, "MCP Capability Lens", serverOptions, clientOptions);
  const preview = new PreviewManager(context, client);
  context.subscriptions.push(preview, ...registerCommands(client, preview), ...registerStatus(client));
  await client.start();
  return { client, preview };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
