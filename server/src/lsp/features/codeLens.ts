import type { Connection, Disposable } from "vscode-languageserver";
import type { CodeLens } from "vscode-languageserver-protocol";
import { lensesFor } from "../../features/lens";
import { UNPARSED_ERA } from "../../analysis/core/model/unparsedServer";
import { guard } from "../guard";
import { plainTitle } from "../plainMarkdown";
import { featureContext, type LanguageSession } from "../session";

/** An era lens that says only that the broken text cannot tell. */
const isNotKnownTitle = (title: string): boolean => title.includes(UNPARSED_ERA);

/** Code lenses: the LSP face of `features/lens` (titles are cheap, so they come resolved). */
export function registerCodeLens(connection: Connection, session: LanguageSession): Disposable[] {
  // The era lenses' titles of the last version of each document that parsed, by server and era: while a
  // line is being typed (the file does not parse for a moment), a server whose eras the broken text
  // cannot tell keeps them, marked, as the preview keeps its last good report.
  const lastGood = new Map<string, Map<string, string>>();
  const provide = connection.onCodeLens(
    guard(connection, "codeLens", [], async (params, token): Promise<CodeLens[]> => {
      const analyzed = await session.analyze(params.textDocument.uri, token);
      if (!analyzed) return [];
      const lenses = lensesFor(featureContext(session, analyzed), analyzed.settings.codeLens);
      const broken = (analyzed.workspace.files.summary(analyzed.path)?.parseErrors ?? 0) > 0;
      const good = lastGood.get(params.textDocument.uri);
      const kept = new Map<string, string>();
      const out = lenses.map((l) => {
        // An era lens opens the preview at [uri, server, era]: that triple names it across versions.
        const key = l.args.length === 3 ? l.args.map(String).join("\u0000") : undefined;
        if (key !== undefined && !broken) kept.set(key, l.title);
        const before = key !== undefined && broken && isNotKnownTitle(l.title) ? good?.get(key) : undefined;
        const title = before !== undefined ? `${before} · (as last parsed)` : l.title;
        return { range: session.range(l.loc), command: { title: session.vscodeMarkdown ? title : plainTitle(title), command: l.command, arguments: [...l.args] } };
      });
      if (!broken) lastGood.set(params.textDocument.uri, kept);
      return out;
    }),
  );
  const resolve = connection.onCodeLensResolve(guard(connection, "codeLens/resolve", { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }, async (lens) => lens));
  return [provide, resolve];
}
