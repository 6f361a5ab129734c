// The SDK dialect's own editor features: hover on the calls that give a server its capabilities.
import type { DialectEditor, EditorContext, HoverPart } from "../../core/dialect";
import type { ServerReport } from "../../core/model/serverReport";
import { code } from "../../core/render/markdown";
import { sdkDetailsOf } from "./details";

const within = (start: number, end: number, offset: number) => offset >= start && offset <= end;

/** Hover on a call that set keys of the server: what it adds, and to which era. */
function hover(ctx: EditorContext, server: ServerReport, offset: number): HoverPart | undefined {
  const details = sdkDetailsOf(server.details);
  if (!details) return undefined;
  const hit = details.contributions.find((c) => c.loc.file === ctx.file && within(c.loc.span.start, c.loc.span.end, offset));
  if (!hit) return undefined;
  const eras = [server.legacy ? "legacy" : "", server.modern ? "modern" : ""].filter(Boolean).join(" and ") || "no era (not served)";
  const lines = [`$(symbol-method) **${code(hit.because)}** · feeds ${code(server.name)}`, "", `Adds ${hit.keys.map(code).join(", ")} to ${eras}.`];
  if (hit.detail) lines.push("", hit.detail);
  return { span: hit.loc.span, markdown: lines.join("\n") };
}

function contributions(server: ServerReport) {
  const details = sdkDetailsOf(server.details);
  return (details?.contributions ?? []).filter((c) => c.loc.file !== server.loc.file).map((c) => ({ loc: c.loc, keys: c.keys }));
}

export const sdkEditor: DialectEditor = { hover, contributions };
