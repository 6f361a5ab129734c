// The SDK dialect's own editor features: the server hover also on `new McpServer(...)` and on the
// factory's name, a line on how the server is built and served, a hover on each call that gives the
// server its capabilities, and the places in other files that feed it (for their lens).
import type { Contribution, DialectEditor, EditorContext, HoverPart } from "../../core/dialect";
import type { Loc } from "../../core/evaluate/values";
import { ERA_NOT_KNOWN, type ServerReport } from "../../core/model/serverReport";
import type { Span } from "../../core/model/summary";
import { code, escape } from "../../core/render/markdown";
import { sdkDetailsOf } from "./details";
import { ERA_TITLE, helperHover, stepHover } from "./stepHover";
import type { SdkStep } from "./steps";

const within = (span: Span, offset: number) => offset >= span.start && offset <= span.end;
const at = (ctx: EditorContext, loc: Loc | undefined, offset: number) => loc !== undefined && loc.file === ctx.file && within(loc.span, offset);

function namesServerAt(ctx: EditorContext, server: ServerReport, offset: number): Span | undefined {
  const details = sdkDetailsOf(server.details);
  if (!details) return undefined;
  if (at(ctx, details.constructorName, offset)) return details.constructorName.span;
  if (at(ctx, details.factory, offset)) return details.factory!.span;
  return undefined;
}

/** `server = new McpServer(…)` · index.ts:12 · serverInfo `weather` 1.0.0, and the factory that returns it. */
function serverHover(ctx: EditorContext, server: ServerReport): string | undefined {
  const details = sdkDetailsOf(server.details);
  if (!details) return undefined;
  const ctor = details.serverClass === "mcp" ? "McpServer" : "Server";
  const info = details.info.name ? ` · serverInfo ${code(details.info.name)}${details.info.version ? ` ${code(details.info.version)}` : ""}` : "";
  const lines = [`${code(`${details.target ? `${details.target} = ` : ""}new ${ctor}(…)`)} · ${ctx.link(details.construction)}${info}`];
  if (details.factory) lines.push("", `Returned by ${code(`${ctx.text(details.factory.file)?.slice(details.factory.span.start, details.factory.span.end) ?? details.binding}()`)} · ${ctx.link(details.factory)}`);
  const files = new Set(details.steps.filter((s) => s.loc.file !== server.loc.file).map((s) => s.loc.file));
  if (files.size > 0) lines.push("", `Also given capabilities in ${files.size} other file${files.size === 1 ? "" : "s"} (hover a registration there).`);
  return lines.join("\n");
}

function hover(ctx: EditorContext, server: ServerReport, offset: number): HoverPart | undefined {
  const details = sdkDetailsOf(server.details);
  if (!details) return undefined;
  const hits = details.steps.filter((s) => at(ctx, s.loc, offset));
  if (hits.length > 0) {
    // The innermost place wins: a `completable(...)` inside a registerPrompt's arguments.
    const span = hits.map((s) => s.loc.span).sort((a, b) => a.end - a.start - (b.end - b.start))[0]!;
    const same = hits.filter((s) => s.loc.span.start === span.start && s.loc.span.end === span.end);
    return { span, markdown: stepHover(ctx, server, same) };
  }
  const helper = details.steps.find((s) => at(ctx, s.within, offset))?.within;
  if (!helper) return entryHover(ctx, server, offset);
  const inHelper = details.steps.filter((s) => s.within?.file === helper.file && s.within.span.start === helper.span.start);
  const name = ctx.text(helper.file)?.slice(helper.span.start, helper.span.end) ?? "helper";
  return { span: helper.span, markdown: helperHover(ctx, server, name, inHelper) };
}

/**
 * On the call that serves the server (`server.connect(transport)`, `serveStdio(...)`,
 * `createMcpHandler(...)`): which eras it serves, and why the others are not.
 */
function entryHover(ctx: EditorContext, server: ServerReport, offset: number): HoverPart | undefined {
  const construction = sdkDetailsOf(server.details)?.construction;
  const notes = (["legacy", "modern"] as const).flatMap((era) => {
    const note = server.eraNotes?.[era];
    const decides = note?.loc && !(construction && note.loc.file === construction.file && note.loc.span.start === construction.span.start);
    return decides && at(ctx, note.loc, offset) ? [{ era, note, loc: note.loc! }] : [];
  });
  if (notes.length === 0) return undefined;
  const span = notes[0]!.loc.span;
  const lines = [`$(plug) **Serves ${code(server.name)}** · ${ctx.link(server.loc)}`, ""];
  for (const era of ["legacy", "modern"] as const) {
    const note = server.eraNotes?.[era];
    // An era stated as it is answered, where whether it is answered is not known, is not "served".
    const state = note?.text.startsWith(ERA_NOT_KNOWN) ? "not known" : server[era] !== null ? "served" : "not served";
    lines.push(`- ${ERA_TITLE[era]}: **${state}**${note ? ` · ${escape(note.text)}${note.loc && !notes.some((n) => n.era === era) ? ` · ${ctx.link(note.loc)}` : ""}` : ""}`);
  }
  return { span, markdown: lines.join("\n") };
}

/** Each helper (or top-level call) in another file that feeds the server, with the keys its calls are about. */
function contributions(server: ServerReport): Contribution[] {
  const details = sdkDetailsOf(server.details);
  if (!details) return [];
  const byPlace = new Map<string, { loc: Loc; keys: Set<string> }>();
  const add = (step: SdkStep) => {
    const loc = step.within ?? step.loc;
    const key = `${loc.file}\u0000${loc.span.start}`;
    let entry = byPlace.get(key);
    if (!entry) byPlace.set(key, (entry = { loc, keys: new Set() }));
    for (const k of step.keys) entry.keys.add(k);
  };
  for (const step of details.steps) if (step.loc.file !== server.loc.file) add(step);
  return [...byPlace.values()].map(({ loc, keys }) => ({ loc, keys: [...keys].sort() }));
}

export const sdkEditor: DialectEditor = { hover, namesServerAt, serverHover, contributions };
