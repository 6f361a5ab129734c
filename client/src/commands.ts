import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { Commands, ServerReportRequest, type ServerReportResult } from "../../common/protocol";
import type { Era } from "./preview/messages";
import type { PreviewManager } from "./preview/previewPanel";

/** The extension's commands; hovers, lenses and code actions of the server invoke them too. */
export function registerCommands(client: LanguageClient, preview: PreviewManager): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.showPreview, () => preview.show(vscode.ViewColumn.Active)),
    vscode.commands.registerCommand(Commands.showPreviewToSide, () => preview.show(vscode.ViewColumn.Beside)),
    vscode.commands.registerCommand(Commands.openPreviewAt, (uri?: string, name?: string, era?: Era) =>
      preview.show(vscode.ViewColumn.Beside, uri ? { uri, ...(name ? { name } : {}), ...(era ? { era } : {}) } : undefined),
    ),
    vscode.commands.registerCommand(Commands.copyLegacyJson, (uri?: string, name?: string) => copyJson(client, "legacy", uri, name)),
    vscode.commands.registerCommand(Commands.copyModernJson, (uri?: string, name?: string) => copyJson(client, "modern", uri, name)),
    vscode.commands.registerCommand(Commands.reveal, (uri: string, range: { start: vscode.Position; end: vscode.Position }) => reveal(uri, range)),
  ];
}

/** The report of the server named, or of the one at the cursor in the active editor. */
export async function reportFor(client: LanguageClient, uri?: string, name?: string): Promise<ServerReportResult | undefined> {
  const editor = vscode.window.activeTextEditor;
  const target = uri ?? editor?.document.uri.toString();
  if (!target) return undefined;
  const position = !name && editor && editor.document.uri.toString() === target ? editor.selection.active : undefined;
  return client.sendRequest(ServerReportRequest.type, {
    uri: target,
    ...(name ? { name } : {}),
    ...(position ? { position: { line: position.line, character: position.character } } : {}),
  });
}

async function copyJson(client: LanguageClient, era: Era, uri?: string, name?: string): Promise<void> {
  const report = await reportFor(client, uri, name);
  const server = report ? (report.servers[report.selected] ?? (report.servers.length === 1 ? report.servers[0] : undefined)) : undefined;
  if (!server) {
    void vscode.window.showWarningMessage("MCP Capability Lens: put the cursor in an MCP server to copy its capabilities.");
    return;
  }
  const value = server[era];
  if (value === null) {
    void vscode.window.showWarningMessage(`${server.name} does not serve the ${era} era: there is nothing to copy.`);
    return;
  }
  await vscode.env.clipboard.writeText(JSON.stringify(value, null, 2));
  void vscode.window.setStatusBarMessage(`Copied the ${era} capabilities of ${server.name}`, 3000);
}

export async function reveal(uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }, column?: vscode.ViewColumn): Promise<void> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  const selection = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
  await vscode.window.showTextDocument(document, { selection, ...(column ? { viewColumn: column } : {}), preserveFocus: false });
}
