import type { Connection, TextDocuments } from "vscode-languageserver";
import { CancellationTokenSource } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { CancelledError } from "../../analysis/core/cancellation";
import type { LanguageSession } from "../session";
import { documentDiagnostics } from "./diagnostics";

export interface PushDiagnostics {
  /** Computes and pushes again the diagnostics of every open document (a file they depend on changed). */
  refreshAll(): void;
}

/**
 * Push diagnostics (`textDocument/publishDiagnostics`), for clients that do not pull (Neovim before
 * 0.10, Helix, Emacs, Zed, ...): each open document's list is sent after it opens or changes (once the
 * typing pauses for `delayMs`), and an empty list when it closes. An analysis overtaken by a newer
 * edit is cancelled, and a list computed for an older version is never sent.
 */
export function registerPushDiagnostics(
  connection: Connection,
  session: LanguageSession,
  documents: TextDocuments<TextDocument>,
  delayMs: number,
): PushDiagnostics {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, CancellationTokenSource>();

  const stop = (uri: string) => {
    clearTimeout(timers.get(uri));
    timers.delete(uri);
    running.get(uri)?.cancel();
    running.delete(uri);
  };

  const push = async (uri: string) => {
    const document = documents.get(uri);
    if (!document) return;
    const version = document.version;
    const source = new CancellationTokenSource();
    running.set(uri, source);
    try {
      const diagnostics = await documentDiagnostics(connection, session, uri, source.token);
      if (source.token.isCancellationRequested || documents.get(uri)?.version !== version) return;
      await connection.sendDiagnostics({ uri, version, diagnostics });
    } catch (err) {
      if (!(err instanceof CancelledError)) {
        connection.console.error(`diagnostics failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    } finally {
      if (running.get(uri) === source) running.delete(uri);
      source.dispose();
    }
  };

  const schedule = (uri: string) => {
    stop(uri);
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        void push(uri);
      }, delayMs),
    );
  };

  documents.onDidChangeContent((e) => schedule(e.document.uri));
  documents.onDidClose((e) => {
    stop(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] }).catch(() => undefined);
  });

  return {
    refreshAll() {
      for (const document of documents.all()) schedule(document.uri);
    },
  };
}
