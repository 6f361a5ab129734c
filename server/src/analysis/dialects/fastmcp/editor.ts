// Hover on the calls that shape a fastmcp server: each registration, removal and start()/connect(),
// saying what it does to the capabilities a client sees.
import type { DialectEditor, EditorContext, HoverPart } from "../../core/dialect";
import { constructorNameAt } from "../../core/constructorName";
import type { ServerReport } from "../../core/model/serverReport";
import { code } from "../../core/render/markdown";
import { fastmcpDetailsOf } from "./details";

function hover(ctx: EditorContext, server: ServerReport, offset: number): HoverPart | undefined {
  const details = fastmcpDetailsOf(server.details);
  if (!details) return undefined;
  const hit = details.calls.find((c) => c.loc.file === ctx.file && offset >= c.loc.span.start && offset <= c.loc.span.end);
  if (!hit) return undefined;
  const version = details.version ? `fastmcp ${details.version}` : "fastmcp (version unknown)";
  const lines = [`$(symbol-method) **${code(`${hit.method}()`)}** · ${code(server.name)} · ${version}`, "", `${capitalise(hit.effect)}.`];
  const problems = ctx.diagnostics.filter((d) => d.loc.file === ctx.file && d.loc.span.start === hit.loc.span.start);
  for (const d of problems) lines.push("", `$(warning) ${d.message}`);
  return { span: hit.loc.span, markdown: lines.join("\n") };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const fastmcpEditor: DialectEditor = { hover, namesServerAt: constructorNameAt };
