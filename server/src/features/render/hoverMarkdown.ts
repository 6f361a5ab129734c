// The hover on a server's name (spec/ux/editor-ux.md §3), whatever its dialect: both eras, what modern
// adds, why each key is there (in the dialect's words), what is not known, and how each era is served.
import { Commands, type WireLocation } from "../../../../common/protocol";
import type { Dialect } from "../../analysis/core/dialect";
import { wholeEraUnknown } from "./lensTitles";
import type { Loc } from "../../analysis/core/evaluate/values";
import type { ProvenanceEntry } from "../../analysis/core/model/provenance";
import { ERA_NOT_KNOWN, type EraNote, type ServerReport } from "../../analysis/core/model/serverReport";
import { basename } from "../../analysis/core/project/paths";
import { code, codeBlock, commandLink, compactJson, escape, fileLink } from "../../analysis/core/render/markdown";

export interface HoverContext {
  readonly location: (loc: Loc) => WireLocation;
}

/** A link to a place: `echo.ts:12`. */
export function placeLink(ctx: HoverContext, loc: Loc, label?: string): string {
  const l = ctx.location(loc);
  return fileLink(label ?? `${basename(loc.file)}:${l.range.start.line + 1}`, l.uri, l.range.start.line);
}

function where(ctx: HoverContext, loc: Loc | undefined): string {
  return loc ? ` · ${placeLink(ctx, loc)}` : "";
}

function causeText(ctx: HoverContext, dialect: Dialect | undefined, server: ServerReport, p: ProvenanceEntry): string {
  const label = dialect?.words.cause(server, p).label ?? p.because;
  return `${code(label)}${where(ctx, p.loc)}`;
}

/** One description per path: the same cause in both eras, or each era's own. */
function describePaths(ctx: HoverContext, dialect: Dialect | undefined, server: ServerReport): Map<string, string> {
  const byPath = new Map<string, ProvenanceEntry[]>();
  for (const p of server.provenance) {
    const key = p.path.join(".");
    byPath.set(key, [...(byPath.get(key) ?? []), p]);
  }
  const text = (p: ProvenanceEntry) => causeText(ctx, dialect, server, p);
  const out = new Map<string, string>();
  for (const [path, entries] of byPath) {
    const both = entries.find((e) => e.era === "both");
    if (both) out.set(path, text(both));
    else {
      const l = entries.find((e) => e.era === "legacy");
      const m = entries.find((e) => e.era === "modern");
      if (l && m) out.set(path, `legacy: ${text(l)}; modern: ${text(m)}`);
      else if (l) out.set(path, `legacy only: ${text(l)}`);
      else if (m) out.set(path, `modern only: ${text(m)}`);
    }
  }
  return out;
}

/** Paths modern adds or turns on compared with legacy. */
export function modernAdds(server: ServerReport): string[] {
  const { legacy, modern } = server;
  if (!legacy || !modern) return [];
  const added: string[] = [];
  for (const key of Object.keys(modern)) {
    const m = modern[key];
    const l = legacy[key];
    if (!(key in legacy)) added.push(key);
    else if (m && typeof m === "object" && !Array.isArray(m) && l && typeof l === "object" && !Array.isArray(l)) {
      for (const flag of Object.keys(m)) if (m[flag] === true && (l as Record<string, unknown>)[flag] !== true) added.push(`${key}.${flag}`);
    }
  }
  return added;
}

/** Why an era is null: a fact about how it is served (neutral), else the problem that stops it. */
function notServed(ctx: HoverContext, note: EraNote | undefined, era: string): string {
  if (note?.text.startsWith(ERA_NOT_KNOWN)) return `_not known: ${escape(note.text.slice(ERA_NOT_KNOWN.length))}_${where(ctx, note.loc)}`;
  if (note) return `_not served: ${escape(note.text)}_${where(ctx, note.loc)}`;
  return `_not served: ${era} fails for this server (see the problems)_`;
}

/** How a served era is served (`served by createMcpHandler · server.ts:30`), when the dialect says so. */
function servedBy(ctx: HoverContext, note: EraNote | undefined, prefix = ""): string[] {
  return note ? ["", `_${escape(prefix + note.text)}_${where(ctx, note.loc)}`] : [];
}

/** `extra`: what the dialect adds under the title (how the server is built and served). */
export function serverHover(ctx: HoverContext, dialect: Dialect | undefined, server: ServerReport, extra?: string): string {
  const pills = [code(`${dialect?.words.tag(server) ?? server.dialect} dialect`)];
  // A release reads "v4.20.16"; a range a package.json declares (nothing installed) reads as written.
  if (server.frameworkVersion) pills.push(code(server.frameworkVersion === "unknown" ? "version unknown" : /^\d/.test(server.frameworkVersion) ? `v${server.frameworkVersion}` : server.frameworkVersion));
  if (server.tasksExtension) pills.push(code("tasks extension on"));
  if (!server.exact) pills.push(code("≈ approximate"));
  const out: string[] = [`$(search) **MCP server · ${escape(server.name)}** ${pills.join(" ")}`, ""];
  if (extra) out.push(extra, "");
  const notes = server.eraNotes ?? {};
  // One entry point serving both eras is said once, after both.
  const sameEntry = server.legacy && server.modern && notes.legacy && notes.modern && notes.legacy.text === notes.modern.text;
  const unknownEra = "_≈ not known statically (see below)_";
  out.push("**Legacy** · initialize · 2025-06-18, 2025-11-25");
  if (server.legacy) out.push(codeBlock("json", compactJson(server.legacy)), ...(sameEntry ? [] : servedBy(ctx, notes.legacy)));
  else out.push(wholeEraUnknown(server, "legacy") ? unknownEra : notServed(ctx, notes.legacy, "initialize"));
  out.push("", "**Modern** · server/discover · 2026-07-28");
  if (server.modern) out.push(codeBlock("json", compactJson(server.modern)), ...(sameEntry ? [] : servedBy(ctx, notes.modern)));
  else out.push(wholeEraUnknown(server, "modern") ? unknownEra : notServed(ctx, notes.modern, "server/discover"));
  if (sameEntry) out.push(...servedBy(ctx, notes.legacy, "both eras "));
  const added = modernAdds(server);
  if (added.length > 0) out.push("", `**Modern adds:** ${added.map(code).join(", ")}`);

  const descriptions = describePaths(ctx, dialect, server);
  const groups = new Map<string, string[]>();
  for (const [path, text] of descriptions) {
    const parent = path.includes(".") ? descriptions.get(path.slice(0, path.indexOf("."))) : undefined;
    if (parent === text) continue; // a flag caused like its key says nothing new
    groups.set(text, [...(groups.get(text) ?? []), path]);
  }
  if (groups.size > 0 || server.missing.length > 0) {
    out.push("", "---", "**Why each key is there**", "");
    for (const [text, paths] of groups) out.push(`- ${paths.map(code).join(", ")} — ${text}`);
    for (const m of server.missing) {
      out.push(`- $(warning) ${code(m.path.join("."))} — not advertised: ${code(m.member)}${where(ctx, m.loc)} is not what it looks like (did you mean ${code(m.meant)}?)`);
    }
  }
  if (server.unknown.length > 0) {
    out.push("", "---", "**≈ Not known statically** (left out of the eras above)", "");
    for (const u of server.unknown) {
      const what = u.path.length === 0 ? (u.spread ? "more keys" : "all of it") : `${u.spread ? "more keys in " : ""}${code(u.path.join("."))}`;
      out.push(`- ${what} — ${escape(u.reason)}${where(ctx, u.loc)}`);
    }
  }
  const uri = ctx.location(server.loc).uri;
  out.push(
    "",
    "---",
    [
      commandLink("Open Capability Preview", Commands.openPreviewAt, [uri, server.name]),
      // Only an era the server serves has JSON to copy.
      ...(server.legacy ? [commandLink("Copy legacy JSON", Commands.copyLegacyJson, [uri, server.name])] : []),
      ...(server.modern ? [commandLink("Copy modern JSON", Commands.copyModernJson, [uri, server.name])] : []),
    ].join(" · "),
  );
  return out.join("\n");
}

/** The link under a dialect's own hover: the server it belongs to, in the preview. */
export function previewFooter(ctx: HoverContext, server: ServerReport): string {
  return commandLink("Show in Capability Preview", Commands.openPreviewAt, [ctx.location(server.loc).uri, server.name]);
}
