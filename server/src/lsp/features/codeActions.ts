import type { Connection, Disposable } from "vscode-languageserver";
import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from "vscode-languageserver-protocol";
import { Commands } from "../../../../common/protocol";
import type { AnalysisDiagnostic, FixData } from "../../analysis/core/model/diagnostics";
import { HANDLER_NAMES, type HandlerName } from "../../analysis/dialects/conduit/handlers";
import type { ServerReport } from "../../analysis/core/model/serverReport";
import { toWireFix } from "../convert";
import { guard } from "../guard";
import type { LanguageSession } from "../session";
import { handlerStubFix } from "./handlerStub";

const overlaps = (a: Range, b: Range) =>
  !(a.end.line < b.start.line || (a.end.line === b.start.line && a.end.character < b.start.character) ||
    b.end.line < a.start.line || (b.end.line === a.start.line && b.end.character < a.start.character));

/**
 * Quick fixes for the diagnostics that have one (rename a look-alike, replace a key, add `static`, add
 * `resources` to the base), "Add handler stub" beside a look-alike, and the refactoring that adds any
 * handler a server lacks.
 */
export function registerCodeActions(connection: Connection, session: LanguageSession): Disposable {
  return connection.onCodeAction(
    guard(connection, "codeAction", [], async (params, token): Promise<CodeAction[]> => {
      const analyzed = await session.analyze(params.textDocument.uri, token);
      if (!analyzed) return [];
      const actions: CodeAction[] = [];
      const fileText = (file: string) => analyzed.workspace.files.text(file);
      const quickFix = (fix: FixData, diagnostics: Diagnostic[]): CodeAction => ({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics,
        isPreferred: fix.preferred ?? false,
        edit: { changes: toWireFix(session, fix).changes as Record<string, { range: Range; newText: string }[]> },
      });
      const candidates = [...analyzed.analysis.diagnostics, ...analyzed.workspace.diagnosticsLocatedIn(analyzed.path)];
      const seen = new Set<AnalysisDiagnostic>();
      for (const d of candidates) {
        if (seen.has(d)) continue;
        seen.add(d);
        const shownAt = d.loc.file === analyzed.path ? d.loc : d.server?.loc.file === analyzed.path ? d.server.loc : undefined;
        if (!shownAt || !overlaps(session.range(shownAt), params.range)) continue;
        const matching = params.context.diagnostics.filter((c) => c.code === d.code && c.range.start.line === session.range(shownAt).start.line);
        for (const fix of d.fixes ?? []) actions.push(quickFix(fix, matching));
        if (d.code === "handler-misspelled" && d.server) {
          const server = findServer(analyzed.analysis.servers, d.server.loc.file, d.server.loc.span.start);
          const target = d.fixes?.[0]?.edits[0]?.newText as HandlerName | undefined;
          if (server && target) {
            const stub = handlerStubFix(server, target, fileText(server.stubInsert.loc.file));
            actions.push(quickFix(stub, matching));
            actions.push(previewAction(session, server, matching));
          }
        }
      }
      // The stubs are a refactoring of the class: offered from the Refactor menu anywhere in it, and in
      // the lightbulb only on the class name (inside the body they would bury the quick fixes).
      const askedForRefactor = params.context.only?.some((k) => k.startsWith("refactor")) ?? false;
      const server = analyzed.analysis.servers.find((s) =>
        s.dialect === "conduit" && overlaps(session.range(askedForRefactor ? { file: s.loc.file, span: s.classSpan } : s.loc), params.range),
      );
      if (server) {
        const present = new Set(server.handlers.map((h) => h.handler));
        const offeredAsFix = new Set(actions.map((a) => a.title));
        for (const handler of HANDLER_NAMES.filter((h) => !present.has(h))) {
          const fix = handlerStubFix(server, handler, fileText(server.stubInsert.loc.file));
          if (offeredAsFix.has(fix.title)) continue;
          actions.push({ title: fix.title, kind: CodeActionKind.RefactorRewrite, edit: { changes: toWireFix(session, fix).changes as Record<string, { range: Range; newText: string }[]> } });
        }
      }
      return actions;
    }),
  );
}

function findServer(servers: readonly ServerReport[], file: string, start: number): ServerReport | undefined {
  return servers.find((s) => s.loc.file === file && s.loc.span.start === start);
}

function previewAction(session: LanguageSession, server: ServerReport, diagnostics: Diagnostic[]): CodeAction {
  return {
    title: "Show in Capability Preview",
    kind: CodeActionKind.Empty,
    diagnostics,
    command: { title: "Show in Capability Preview", command: Commands.openPreviewAt, arguments: [session.location(server.loc).uri, server.name] },
  };
}
