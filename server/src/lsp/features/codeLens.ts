import type { Connection, Disposable } from "vscode-languageserver";
import type { CodeLens } from "vscode-languageserver-protocol";
import { Commands } from "../../../../common/protocol";
import { diagnosticsByServer, diagnosticsOf } from "../../analysis/core/model/ofServer";
import { guard } from "../guard";
import { legacyLensTitle, modernLensTitle, nullReason, problemLensTitle } from "../render/lensTitles";
import type { LanguageSession } from "../session";

const EMPTY_LENS: CodeLens = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };

type LensKind = "legacy" | "modern" | "problem";

interface LensData {
  readonly uri: string;
  readonly name: string;
  readonly kind: LensKind;
}

/**
 * One lens per era above each server class, plus one for its problems. `provide` only places them;
 * `resolve` (run by the editor for visible lenses) writes their titles.
 */
export function registerCodeLens(connection: Connection, session: LanguageSession): Disposable[] {
  const provide = connection.onCodeLens(
    guard(connection, "codeLens", [], async (params, token): Promise<CodeLens[]> => {
      const analyzed = await session.analyze(params.textDocument.uri, token);
      if (!analyzed || analyzed.settings.codeLens === "off") return [];
      const lenses: CodeLens[] = [];
      const grouped = diagnosticsByServer(analyzed.analysis.servers, analyzed.analysis.diagnostics);
      for (const server of analyzed.analysis.servers) {
        const range = session.range(server.loc);
        const kinds: LensKind[] = ["legacy", "modern"];
        if (problemLensTitle(server, grouped.get(server)!)) kinds.push("problem");
        for (const kind of kinds) lenses.push({ range, data: { uri: params.textDocument.uri, name: server.name, kind } satisfies LensData });
      }
      return lenses;
    }),
  );
  const resolve = connection.onCodeLensResolve(
    guard(connection, "codeLens/resolve", EMPTY_LENS, async (lens, token): Promise<CodeLens> => {
      const data = lens.data as LensData;
      const analyzed = await session.analyze(data.uri, token);
      const server = analyzed?.analysis.servers.find((s) => s.name === data.name);
      if (!analyzed || !server) return { ...lens, command: { title: "", command: "" } };
      const mine = diagnosticsOf(server, analyzed.analysis.diagnostics);
      const reason = nullReason(mine);
      const eraReason = (era: "legacy" | "modern") => server.eraNotes?.[era] ?? reason;
      switch (data.kind) {
        case "legacy":
          return { ...lens, command: { title: legacyLensTitle(server, eraReason("legacy")), command: Commands.openPreviewAt, arguments: [data.uri, server.name, "legacy"] } };
        case "modern":
          return {
            ...lens,
            command: { title: modernLensTitle(server, analyzed.settings.codeLens, eraReason("modern")), command: Commands.openPreviewAt, arguments: [data.uri, server.name, "modern"] },
          };
        case "problem": {
          const title = problemLensTitle(server, mine) ?? "";
          const target = server.missing[0]?.loc ?? mine.find((d) => d.severity === "error" || d.severity === "warning")?.loc ?? server.loc;
          return { ...lens, command: { title, command: Commands.reveal, arguments: [session.location(target).uri, session.range(target)] } };
        }
      }
    }),
  );
  return [provide, resolve];
}
