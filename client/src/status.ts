import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { Commands, StatusNotification, type AnalysisStatus } from "../../common/protocol";

/** Analyses slower than this turn the status item into a warning (a sign the workspace is too big). */
const SLOW_MS = 500;

/**
 * The language-status item of TypeScript files: how many MCP servers the file has, how long its last
 * analysis took, and the tasks-extension state; a click opens the preview.
 */
export function registerStatus(client: LanguageClient): vscode.Disposable[] {
  const item = vscode.languages.createLanguageStatusItem("mcpCapabilityLens.status", [
    { scheme: "file", language: "typescript" },
    { scheme: "file", language: "typescriptreact" },
  ]);
  item.name = "MCP Capability Lens";
  item.text = "$(search) MCP: analysing…";
  item.command = { title: "Open Preview", command: Commands.showPreviewToSide };
  const latest = new Map<string, AnalysisStatus>();
  const show = () => {
    const uri = vscode.window.activeTextEditor?.document.uri.toString();
    const status = uri ? latest.get(uri) : undefined;
    if (!status) return;
    item.text = status.servers === 0 ? "$(search) no MCP server" : `$(search) ${status.servers} MCP server${status.servers === 1 ? "" : "s"}`;
    item.detail = `analysed in ${status.elapsedMs} ms · tasks extension ${status.tasksExtension ? "on" : "off"}${status.problems > 0 ? ` · ${status.problems} problem${status.problems === 1 ? "" : "s"}` : ""}`;
    item.severity = status.elapsedMs > SLOW_MS ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
  };
  const listener = client.onNotification(StatusNotification.type, (status) => {
    latest.set(status.uri, status);
    show();
  });
  return [item, listener, vscode.window.onDidChangeActiveTextEditor(show)];
}
