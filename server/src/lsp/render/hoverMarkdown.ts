// Hover texts (spec/ux/editor-ux.md §3): a server class shows both eras and why each key is there; a
// handler shows what it drives in each era; `__capabilities__` shows the evaluated base set.
import { Commands, type WireLocation } from "../../../../common/protocol";
import type { ProvenanceEntry } from "../../analysis/dialects/conduit/provenance";
import type { AnalysisDiagnostic } from "../../analysis/core/model/diagnostics";
import type { Loc } from "../../analysis/core/evaluate/values";
import { HANDLERS, type HandlerName } from "../../analysis/dialects/conduit/handlers";
import type { ServerReport } from "../../analysis/core/model/serverReport";
import { basename } from "../../analysis/core/project/paths";
import { code, codeBlock, commandLink, compactJson, escape, fileLink } from "./markdown";

export interface HoverContext {
  readonly location: (loc: Loc) => WireLocation;
  readonly uri: string;
}

function where(ctx: HoverContext, loc: Loc | undefined): string {
  if (!loc) return "";
  const l = ctx.location(loc);
  return ` · ${fileLink(`${basename(loc.file)}:${l.range.start.line + 1}`, l.uri, l.range.start.line)}`;
}

function causeText(ctx: HoverContext, p: ProvenanceEntry): string {
  switch (p.because) {
    case "base":
      return `base ${code("__capabilities__()")}${where(ctx, p.loc)}`;
    case "default":
      return `default trio (no ${code("__capabilities__")})`;
    case "era":
      return "era rule";
    case "tasksExtension":
      return "tasks extension";
    default:
      if (HANDLERS.has(p.because)) return `${code(p.detail ?? p.because)}${where(ctx, p.loc)}`;
      return `component ${code(p.because)}${p.detail ? ` (${escape(p.detail)})` : ""}${where(ctx, p.loc)}`;
  }
}

/** One description per path: the same cause in both eras, or each era's own. */
function describePaths(ctx: HoverContext, provenance: readonly ProvenanceEntry[]): Map<string, string> {
  const byPath = new Map<string, ProvenanceEntry[]>();
  for (const p of provenance) {
    const key = p.path.join(".");
    byPath.set(key, [...(byPath.get(key) ?? []), p]);
  }
  const out = new Map<string, string>();
  for (const [path, entries] of byPath) {
    const both = entries.find((e) => e.era === "both");
    if (both) out.set(path, causeText(ctx, both));
    else {
      const l = entries.find((e) => e.era === "legacy");
      const m = entries.find((e) => e.era === "modern");
      if (l && m) out.set(path, `legacy: ${causeText(ctx, l)}; modern: ${causeText(ctx, m)}`);
      else if (l) out.set(path, `legacy only: ${causeText(ctx, l)}`);
      else if (m) out.set(path, `modern only: ${causeText(ctx, m)}`);
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

export function serverHover(ctx: HoverContext, server: ServerReport): string {
  const pills = [code(`${server.dialect} dialect`), code(`tasks extension ${server.tasksExtension ? "on" : "off"}`)];
  if (!server.exact) pills.push(code("approximate"));
  const out: string[] = [`$(search) **MCP server · ${escape(server.name)}** ${pills.join(" ")}`, ""];
  out.push("**Legacy** · initialize · 2025-06-18, 2025-11-25");
  out.push(server.legacy ? codeBlock("json", compactJson(server.legacy)) : "_not served: initialize fails for this class (see the problems)_");
  out.push("", "**Modern** · server/discover · 2026-07-28");
  out.push(server.modern ? codeBlock("json", compactJson(server.modern)) : "_not served: server/discover fails for this class (see the problems)_");
  const added = modernAdds(server);
  if (added.length > 0) out.push("", `**Modern adds:** ${added.map(code).join(", ")}`);

  const descriptions = describePaths(ctx, server.provenance);
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
      out.push(`- $(warning) ${code(m.path.join("."))} — not advertised: ${code(m.member)}${where(ctx, m.loc)} is not a handler (did you mean ${code(m.handler)}?)`);
    }
  }
  const uri = ctx.location(server.loc).uri;
  out.push(
    "",
    "---",
    [
      commandLink("Open Capability Preview", Commands.openPreviewAt, [uri, server.name]),
      commandLink("Copy legacy JSON", Commands.copyLegacyJson, [uri, server.name]),
      commandLink("Copy modern JSON", Commands.copyModernJson, [uri, server.name]),
    ].join(" · "),
  );
  return out.join("\n");
}

/** What a handler drives in each era, for this server. */
export function handlerHover(ctx: HoverContext, server: ServerReport, handler: HandlerName, inheritedFrom: string | undefined): string {
  const info = HANDLERS.get(handler)!;
  const hasResources = server.base.json !== null && typeof server.base.json === "object" && !Array.isArray(server.base.json) && "resources" in server.base.json;
  let legacy: string;
  let modern: string;
  switch (handler) {
    case "handleSubscribeResource":
      legacy = hasResources
        ? `turns on ${code("resources.subscribe: true")} (the base has ${code("resources")})`
        : `no effect: the base has no ${code("resources")}, so nothing advertises ${code("resources.subscribe")}`;
      modern = `no effect: ${code("resources.subscribe")} is always ${code("true")}; clients subscribe through ${code("subscriptions/listen")}`;
      break;
    case "handleComplete":
      legacy = `adds ${code("completions: {}")}`;
      modern = `adds ${code("completions: {}")}`;
      break;
    case "handleSetLogLevel":
      legacy = `adds ${code("logging: {}")}`;
      modern = `no effect: ${code("logging")} is always advertised, and 2026-07-28 has no ${code("logging/setLevel")}`;
      break;
    case "handleUnsubscribeResource":
      legacy = "no capability of its own: the subscribe handler drives resources.subscribe";
      modern = legacy;
      break;
    default:
      legacy = `serves ${code(info.request)}; drives no flag (the base decides what is advertised)`;
      modern = legacy;
  }
  const out = [`$(symbol-method) **MCP handler · ${code(info.request)}**${inheritedFrom ? ` · inherited from ${code(inheritedFrom)}` : ""}`, ""];
  out.push(`**Legacy** — ${legacy}  `, `**Modern** — ${modern}`);
  out.push("", commandLink("Show in Capability Preview", Commands.openPreviewAt, [ctx.location(server.loc).uri, server.name]));
  return out.join("\n");
}

/** A member the runtime never calls as a handler: a look-alike name, or a static one. */
export function notAHandlerHover(ctx: HoverContext, server: ServerReport, diagnostic: AnalysisDiagnostic): string {
  return [
    `$(warning) **Not an MCP handler**`,
    "",
    escape(diagnostic.message),
    "",
    commandLink("Show in Capability Preview", Commands.openPreviewAt, [ctx.location(server.loc).uri, server.name]),
  ].join("\n");
}

/** The evaluated base set, dynamic parts marked, and what overrides or ignores it. */
export function capabilitiesHover(ctx: HoverContext, server: ServerReport, diagnostics: readonly AnalysisDiagnostic[], isStatic: boolean): string {
  const out: string[] = [];
  if (!isStatic) {
    out.push("$(warning) **Ignored:** `__capabilities__` is an instance member; the runtime reads the static one.", "");
  }
  out.push(`$(symbol-property) **Base set of ${escape(server.name)}** · ${server.base.kind === "explicit" ? "evaluated statically" : server.base.kind === "endpoint" ? "generated from the Endpoint's components" : "the default trio"}`);
  if (server.base.json !== null) out.push(codeBlock("json", JSON.stringify(server.base.json, null, 2)));
  else out.push("_cannot be evaluated: both eras are null_");
  const dynamic = diagnostics.filter((d) => d.code === "capabilities-dynamic");
  if (dynamic.length > 0) {
    out.push("", "**Dynamic parts** (shown as `$dynamic`, the result is approximate):");
    for (const d of dynamic) out.push(`- ${escape(d.message.split(":")[0] ?? d.message)}${where(ctx, d.loc)}`);
  }
  for (const d of diagnostics.filter((x) => x.code === "endpoint-capabilities-override" || x.code === "capabilities-not-callable")) {
    out.push("", `$(warning) ${escape(d.message)}`);
  }
  return out.join("\n");
}
