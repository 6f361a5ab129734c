// The code lenses, without LSP: one per era above each server (and one for its problems), and above
// each place in this file that feeds a server declared elsewhere, what it feeds and with which keys.
import { Commands, type CodeLensSetting } from "../../../common/protocol";
import type { Loc } from "../analysis/core/evaluate/values";
import { diagnosticsByServer } from "../analysis/core/model/ofServer";
import { basename } from "../analysis/core/project/paths";
import { ERA_NOT_KNOWN, noteBrief, type ServerReport } from "../analysis/core/model/serverReport";
import type { FeatureContext } from "./context";
import { legacyLensTitle, modernLensTitle, nullReason, problemLensTitle } from "./render/lensTitles";

export interface LensItem {
  readonly loc: Loc;
  readonly title: string;
  readonly command: string;
  readonly args: readonly unknown[];
}

export function lensesFor(ctx: FeatureContext, mode: CodeLensSetting): LensItem[] {
  if (mode === "off") return [];
  const out: LensItem[] = [];
  const grouped = diagnosticsByServer(ctx.analysis.servers, ctx.analysis.diagnostics);
  for (const server of ctx.analysis.servers) {
    const mine = grouped.get(server)!;
    const uri = ctx.location(server.loc).uri;
    const reason = nullReason(mine);
    // A lens is one line: a note's few words when it has them, the whole sentence is in the hover.
    const eraReason = (era: "legacy" | "modern") => {
      const note = server.eraNotes?.[era];
      return note ? noteBrief(note) : reason;
    };
    out.push({ loc: server.loc, title: legacyLensTitle(server, eraReason("legacy")), command: Commands.openPreviewAt, args: [uri, server.name, "legacy"] });
    out.push({ loc: server.loc, title: modernLensTitle(server, mode, eraReason("modern")), command: Commands.openPreviewAt, args: [uri, server.name, "modern"] });
    const problem = problemLensTitle(server, mine);
    if (problem) {
      const target = server.missing[0]?.loc ?? mine.find((d) => d.severity === "error" || d.severity === "warning")?.loc ?? server.loc;
      out.push({ loc: server.loc, title: problem, command: Commands.reveal, args: [ctx.location(target).uri, ctx.location(target).range] });
    }
  }
  out.push(...feedLenses(ctx));
  return out;
}

/** ` · not served (start-up throws (code))` for a server that answers no era for certain; else nothing. */
function notServed(server: ServerReport): string {
  if (server.legacy !== null || server.modern !== null || server.unknown.some((u) => u.path.length === 0)) return "";
  const note = server.eraNotes?.legacy;
  if (note?.text.startsWith(ERA_NOT_KNOWN)) return "";
  return ` · not served${note ? ` (${noteBrief(note)})` : ""}`;
}

/** `feeds createServer · index.ts:46 · tools, prompts` above a helper's registrations on a server declared in another file. */
function feedLenses(ctx: FeatureContext): LensItem[] {
  const out: LensItem[] = [];
  const seen = new Set<string>();
  for (const { server, contribution } of ctx.workspace.contributionsIn(ctx.file)) {
    const key = `${contribution.loc.span.start}\u0000${server.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const at = ctx.location(server.loc);
    const keys = contribution.keys.length > 0 ? ` · ${contribution.keys.join(", ")}` : "";
    out.push({
      loc: contribution.loc,
      title: `feeds ${server.name} · ${basename(server.loc.file)}:${at.range.start.line + 1}${keys}${notServed(server)}`,
      command: Commands.openPreviewAt,
      args: [at.uri, server.name],
    });
  }
  return out;
}
