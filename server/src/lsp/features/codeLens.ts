import type { Connection, Disposable } from "vscode-languageserver";
import type { CodeLens } from "vscode-languageserver-protocol";
import { lensesFor } from "../../features/lens";
import { guard } from "../guard";
import { plainTitle } from "../plainMarkdown";
import { featureContext, type LanguageSession } from "../session";

/** Code lenses: the LSP face of `features/lens` (titles are cheap, so they come resolved). */
export function registerCodeLens(connection: Connection, session: LanguageSession): Disposable[] {
  const provide = connection.onCodeLens(
    guard(connection, "codeLens", [], async (params, token): Promise<CodeLens[]> => {
      const analyzed = await session.analyze(params.textDocument.uri, token);
      if (!analyzed) return [];
      return lensesFor(featureContext(session, analyzed), analyzed.settings.codeLens).map((l) => ({
        range: session.range(l.loc),
        command: { title: session.vscodeMarkdown ? l.title : plainTitle(l.title), command: l.command, arguments: [...l.args] },
      }));
    }),
  );
  const resolve = connection.onCodeLensResolve(guard(connection, "codeLens/resolve", { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }, async (lens) => lens));
  return [provide, resolve];
}
