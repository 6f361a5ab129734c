// What the editor features (hover, lenses, actions) work on: one file's analysis in its workspace, and
// how to turn an analysis place into an editor location. No LSP connection: tests build it in memory.
import type { WireLocation } from "../../../common/protocol";
import type { EditorContext } from "../analysis/core/dialect";
import type { Loc } from "../analysis/core/evaluate/values";
import type { AnalysisDiagnostic } from "../analysis/core/model/diagnostics";
import { diagnosticsOf } from "../analysis/core/model/ofServer";
import type { ServerReport } from "../analysis/core/model/serverReport";
import { basename } from "../analysis/core/project/paths";
import type { FileAnalysis, Workspace } from "../analysis/core/workspace";
import { placeLink } from "./render/hoverMarkdown";

export interface FeatureContext {
  readonly workspace: Workspace;
  readonly file: string;
  readonly analysis: FileAnalysis;
  readonly location: (loc: Loc) => WireLocation;
}

/** Every diagnostic a file's features consider: its own, and those other files' analyses place in it. */
export function diagnosticsFor(ctx: FeatureContext): AnalysisDiagnostic[] {
  return [...ctx.analysis.diagnostics, ...ctx.workspace.diagnosticsLocatedIn(ctx.file)];
}

/** What a dialect's editor hook is given for one of its servers. */
export function editorContext(ctx: FeatureContext, server: ServerReport): EditorContext {
  let diagnostics: AnalysisDiagnostic[] | undefined;
  return {
    file: ctx.file,
    summary: ctx.workspace.files.summary(ctx.file),
    text: (f) => ctx.workspace.files.text(f),
    // Computed when a hook reads it: a hover asks every server of a file, most of which answer nothing.
    get diagnostics() {
      return (diagnostics ??= diagnosticsOf(server, ctx.analysis.diagnostics));
    },
    link: (loc, label) => placeLink(ctx, loc, label),
    where: (loc) => `${basename(loc.file)}:${ctx.location(loc).range.start.line + 1}`,
  };
}
