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
    item.text = statusText(status);
    const feeds = status.servers === 0 && status.feeds && status.feeds.length > 0 ? `adds to ${status.feeds.join(", ")} · ` : "";
    item.detail = `${feeds}analysed in ${status.elapsedMs} ms · tasks extension ${status.tasksExtension ? "on" : "off"}${status.problems > 0 ? ` · ${status.problems} problem${status.problems === 1 ? "" : "s"}` : ""}`;
    item.severity = status.elapsedMs > SLOW_MS ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
  };
  const listener = client.onNotification(StatusNotification.type, (status) => {
    latest.set(status.uri, status);
    show();
  });
  return [item, listener, vscode.window.onDidChangeActiveTextEditor(show)];
}

/** `2 MCP servers`; for a helper that only adds to servers declared elsewhere, `feeds weather`. */
export function statusText(status: AnalysisStatus): string {
  if (status.servers > 0) return `$(search) ${status.servers} MCP server${status.servers === 1 ? "" : "s"}`;
  const feeds = status.feeds ?? [];
  if (feeds.length === 1) return `$(search) feeds MCP server ${feeds[0]}`;
  if (feeds.length > 1) return `$(search) feeds ${feeds.length} MCP servers`;
  return "$(search) no MCP server";
}
