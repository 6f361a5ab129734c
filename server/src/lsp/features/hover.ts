import type { Connection, Disposable } from "vscode-languageserver";
import { MarkupKind, type Hover } from "vscode-languageserver-protocol";
import { hoverAt } from "../../features/hover";
import { guard } from "../guard";
import { plainMarkdown } from "../plainMarkdown";
import { featureContext, type LanguageSession } from "../session";

/** Hover: the LSP face of `features/hover`. */
export function registerHover(connection: Connection, session: LanguageSession): Disposable {
  return connection.onHover(
    guard(connection, "hover", null, async (params, token): Promise<Hover | null> => {
      const analyzed = await session.analyze(params.textDocument.uri, token);
      if (!analyzed?.document) return null;
      const found = hoverAt(featureContext(session, analyzed), analyzed.document.offsetAt(params.position));
      const markdown = found && (session.vscodeMarkdown ? found.markdown : plainMarkdown(found.markdown));
      return found && markdown ? { contents: { kind: MarkupKind.Markdown, value: markdown }, range: session.range({ file: analyzed.path, span: found.span }) } : null;
    }),
  );
}
