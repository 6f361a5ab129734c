// The conduit dialect's own editor features: hover on a handler (or a look-alike) and on
// `__capabilities__`, and the refactoring that adds a handler stub.
import type { DialectEditor, EditorContext, HoverPart } from "../../core/dialect";
import type { AnalysisDiagnostic, FixData } from "../../core/model/diagnostics";
import type { ServerReport } from "../../core/model/serverReport";
import type { Span } from "../../core/model/summary";
import { code, codeBlock, escape } from "../../core/render/markdown";
import { conduitDetails, type ConduitDetails } from "./details";
import { handlerStubFix } from "./handlerStub";
import { HANDLER_NAMES, HANDLERS, isHandlerName, type HandlerName } from "./handlers";

const within = (span: Span, offset: number) => offset >= span.start && offset <= span.end;
const overlaps = (a: Span, b: Span) => a.start <= b.end && b.start <= a.end;

function hover(ctx: EditorContext, server: ServerReport, offset: number): HoverPart | undefined {
  const details = conduitDetails(server.details);
  const cls = ctx.summary?.classes.find((c) => c.nameSpan.start === server.loc.span.start);
  const member = cls?.members.find((m) => within(m.nameSpan, offset));
  if (!details || !member) return undefined;
  const at = (markdown: string): HoverPart => ({ span: member.nameSpan, markdown });
  if (member.name === "__capabilities__") return at(capabilitiesHover(ctx, server, details, member.isStatic));
  const atMember = ctx.diagnostics.filter((d) => d.loc.file === ctx.file && d.loc.span.start === member.nameSpan.start);
  const misspelled = atMember.find((d) => d.code === "handler-misspelled");
  if (misspelled) return at(notAHandlerHover(misspelled));
  if (member.isStatic || !isHandlerName(member.name)) {
    const staticHandler = atMember.find((d) => d.code === "handler-static");
    return staticHandler ? at(notAHandlerHover(staticHandler)) : undefined;
  }
  const present = details.handlers.find((h) => h.handler === member.name);
  const inherited = present && present.via !== "own" ? present.className : undefined;
  return at(handlerHover(details, member.name, inherited));
}

/** What a handler drives in each era, for this server. */
function handlerHover(details: ConduitDetails, handler: HandlerName, inheritedFrom: string | undefined): string {
  const info = HANDLERS.get(handler)!;
  const base = details.base.json;
  const hasResources = base !== null && typeof base === "object" && !Array.isArray(base) && "resources" in base;
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
  return out.join("\n");
}

/** A member the runtime never calls as a handler: a look-alike name, or a static one. */
function notAHandlerHover(diagnostic: AnalysisDiagnostic): string {
  return [`$(warning) **Not an MCP handler**`, "", escape(diagnostic.message)].join("\n");
}

/** The evaluated base set, what is not known of it, and what overrides or ignores it. */
function capabilitiesHover(ctx: EditorContext, server: ServerReport, details: ConduitDetails, isStatic: boolean): string {
  const out: string[] = [];
  if (!isStatic) out.push("$(warning) **Ignored:** `__capabilities__` is an instance member; the runtime reads the static one.", "");
  const how = details.base.kind === "explicit" ? "evaluated statically" : details.base.kind === "endpoint" ? "generated from the Endpoint's components" : "the default trio";
  out.push(`$(symbol-property) **Base set of ${escape(server.name)}** · ${how}`);
  const known = server.legacy !== null || server.modern !== null;
  if (details.base.json !== null && known) out.push(codeBlock("json", JSON.stringify(details.base.json, null, 2).replace(/\{\s*"\$dynamic": "[^"]*"\s*\}/g, "…")));
  else out.push("_cannot be evaluated: both eras are null_");
  if (server.unknown.length > 0) {
    out.push("", "**Not known statically** (left out of both eras; the result is approximate):");
    for (const u of server.unknown) out.push(`- ${u.source ? code(u.source) : code(u.path.join(".") || "(all)")} — ${escape(u.reason)}${u.loc ? ` · ${ctx.link(u.loc)}` : ""}`);
  }
  for (const d of ctx.diagnostics.filter((x) => x.code === "endpoint-capabilities-override" || x.code === "capabilities-not-callable")) {
    out.push("", `$(warning) ${escape(d.message)}`);
  }
  return out.join("\n");
}

/** Handler stubs for every handler the class lacks, when the range touches it. */
function refactors(ctx: EditorContext, server: ServerReport, span: Span): readonly FixData[] {
  const details = conduitDetails(server.details);
  if (!details || !overlaps(span, server.span)) return [];
  const present = new Set(details.handlers.map((h) => h.handler));
  const text = ctx.text(details.stubInsert.loc.file);
  return HANDLER_NAMES.filter((h) => !present.has(h)).map((h) => handlerStubFix(details, h, text));
}

export const conduitEditor: DialectEditor = { hover, refactors };
