import type { Connection, Disposable } from "vscode-languageserver";
import { CodeActionKind, type CodeAction, type Range } from "vscode-languageserver-protocol";
import { Commands } from "../../../../common/protocol";
import type { FixData } from "../../analysis/core/model/diagnostics";
import { quickFixesIn, refactorsIn } from "../../features/actions";
import { toWireFix } from "../convert";
import { guard } from "../guard";
import { featureContext, type LanguageSession } from "../session";

/** Code actions: the LSP face of `features/actions`. */
export function registerCodeActions(connection: Connection, session: LanguageSession): Disposable {
  return connection.onCodeAction(
    guard(connection, "codeAction", [], async (params, token): Promise<CodeAction[]> => {
      const analyzed = await session.analyze(params.textDocument.uri, token);
      if (!analyzed?.document) return [];
      const ctx = featureContext(session, analyzed);
      const span = { start: analyzed.document.offsetAt(params.range.start), end: analyzed.document.offsetAt(params.range.end) };
      const edit = (fix: FixData) => ({ changes: toWireFix(session, fix).changes as Record<string, { range: Range; newText: string }[]> });
      // In the order the user weighs them: the fixes, the refactorings (a handler stub), a look at the
      // server in the preview, and last what only silences a diagnostic (the directive comment).
      const fixes: CodeAction[] = [];
      const ignores: CodeAction[] = [];
      const previews: CodeAction[] = [];
      const previewed = new Set<string>();
      for (const { fix, diagnostic, server } of quickFixesIn(ctx, span)) {
        const shownAt = diagnostic.loc.file === analyzed.path ? diagnostic.loc : diagnostic.server!.loc;
        const line = session.range(shownAt).start.line;
        const matching = params.context.diagnostics.filter((c) => c.code === diagnostic.code && c.range.start.line === line);
        (fix.ignores ? ignores : fixes).push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: matching, isPreferred: fix.preferred ?? false, edit: edit(fix) });
        // A near-miss (a misspelled handler) also offers to look at what it costs.
        if (server && server.missing.some((m) => m.loc.span.start === diagnostic.loc.span.start) && !previewed.has(server.name)) {
          previewed.add(server.name);
          previews.push({
            title: "Show in Capability Preview",
            kind: CodeActionKind.Empty,
            diagnostics: matching,
            command: { title: "Show in Capability Preview", command: Commands.openPreviewAt, arguments: [session.location(server.loc).uri, server.name] },
          });
        }
      }
      const askedForRefactor = params.context.only?.some((k) => k.startsWith("refactor")) ?? false;
      const offered = new Set(fixes.map((a) => a.title));
      const refactors: CodeAction[] = [];
      for (const fix of refactorsIn(ctx, span, askedForRefactor)) {
        if (offered.has(fix.title)) continue;
        refactors.push({ title: fix.title, kind: CodeActionKind.RefactorRewrite, edit: edit(fix) });
      }
      const actions = [...fixes, ...refactors, ...previews, ...ignores];
      return onlyRequested(actions, params.context.only);
    }),
  );
}

/**
 * The actions of the kinds the client asked for (`context.only`): a client that asks for quick fixes
 * drops, with a warning, an action of another kind, such as the plain "Show in Capability Preview".
 */
function onlyRequested(actions: CodeAction[], only: string[] | undefined): CodeAction[] {
  if (!only || only.length === 0) return actions;
  const wanted = (kind: string | undefined) => only.some((k) => kind !== undefined && kind !== "" && (kind === k || kind.startsWith(`${k}.`)));
  return actions.filter((a) => wanted(a.kind));
}
