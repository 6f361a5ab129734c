// Hover on each decorated MCP method that binds to a strategy: which server it feeds, and what it adds.
import type { DialectEditor, EditorContext, HoverPart } from "../../core/dialect";
import { constructorNameAt } from "../../core/constructorName";
import { noteBrief, type ServerReport } from "../../core/model/serverReport";
import { code } from "../../core/render/markdown";
import { mcpNestDetailsOf } from "./details";

function hover(ctx: EditorContext, server: ServerReport, offset: number): HoverPart | undefined {
  const details = mcpNestDetailsOf(server.details);
  const hit = details?.methods.find((m) => m.loc.file === ctx.file && offset >= m.loc.span.start && offset <= m.loc.span.end);
  if (!details || !hit) return undefined;
  const eras = [server.legacy ? "legacy" : "", server.modern ? "modern" : ""].filter(Boolean).join(" and ") || "no era (not served)";
  if (details.moduleApi) {
    const lines = [
      `$(symbol-method) **${code(`@${hit.decorator}`)}** on ${code(`${hit.className}.${hit.method}`)} · feeds ${code(server.name)} (the McpModule.forRoot of ${code(details.rootModule ?? "its module")})`,
      "",
      `Adds ${code(hit.primitive)} with ${code("listChanged: true")} to ${eras}, unless the forRoot capabilities option gives ${code(hit.primitive)} a value itself.`,
    ];
    return { span: hit.loc.span, markdown: lines.join("\n") };
  }
  const target = details.serverName ? `the server ${code(details.serverName)}` : "the default (unnamed) server";
  const lines = [
    `$(symbol-method) **${code(`@${hit.decorator}`)}** on ${code(`${hit.className}.${hit.method}`)} · feeds ${code(server.name)} (${target})`,
    "",
    effect(server, hit.primitive, eras),
  ];
  if (hit.inherited) lines.push("", "Inherited from a base class: it binds to the server its own class was tagged with.");
  return { span: hit.loc.span, markdown: lines.join("\n") };
}

/** What the method does to the strategy's capabilities: added, replaced by the option, or nothing served at all. */
function effect(server: ServerReport, primitive: string, eras: string): string {
  if (!server.legacy && !server.modern && server.eraNotes?.legacy) {
    const note = server.eraNotes.legacy;
    return `Not advertised: ${code(server.name)} serves no era (${noteBrief(note)}).`;
  }
  const written = server.provenance.some((p) => p.because === "capabilities" && p.path.length === 1 && p.path[0] === primitive);
  if (written) return `Binds ${code(`${primitive}/list`)}; ${code(primitive)} itself is what the strategy's capabilities option writes, which MCP-Nest keeps in place of ${code("{ listChanged: true }")}.`;
  return `Adds ${code(primitive)} with ${code("listChanged: true")} to ${eras}, unless the strategy's capabilities option writes ${code(primitive)} itself.`;
}

function contributions(server: ServerReport) {
  const details = mcpNestDetailsOf(server.details);
  return (details?.methods ?? []).filter((m) => m.loc.file !== server.loc.file).map((m) => ({ loc: m.loc, keys: [m.primitive] }));
}

export const mcpNestEditor: DialectEditor = { hover, contributions, namesServerAt: constructorNameAt };
