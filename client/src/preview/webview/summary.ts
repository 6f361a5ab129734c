// The one-paragraph summary above the columns: what modern adds or turns on, what only legacy has,
// and which keys both eras share for different reasons. It sits in a polite live region, so a
// changed result is announced without moving focus.
import type { Json, JsonObject, WireServer } from "../../../../common/protocol";
import { fileLine } from "./causes";
import { compactJson, ERA_INFO, nullReason, pathText } from "./columns";
import { html, join, type SafeHtml } from "./escape";
import { isObject, jsonEqual } from "./jsonRows";

export interface EraDiff {
  readonly added: string[][];
  readonly turnedOn: string[][];
  readonly legacyOnly: string[][];
  readonly changed: { readonly path: string[]; readonly legacy: Json; readonly modern: Json }[];
  /** In both eras with the same value, but set by different causes. */
  readonly causedDifferently: string[][];
}

function valueAt(root: JsonObject, path: readonly string[]): Json | undefined {
  let cur: Json | undefined = root;
  for (const k of path) {
    if (!isObject(cur) || !Object.prototype.hasOwnProperty.call(cur, k)) return undefined;
    cur = cur[k];
  }
  return cur;
}

export function eraDiff(server: Pick<WireServer, "legacy" | "modern" | "provenance">): EraDiff {
  const diff: EraDiff = { added: [], turnedOn: [], legacyOnly: [], changed: [], causedDifferently: [] };
  const { legacy, modern } = server;
  if (!legacy || !modern) return diff;
  const walk = (l: JsonObject, m: JsonObject, path: string[]) => {
    for (const k of [...new Set([...Object.keys(l), ...Object.keys(m)])].sort()) {
      const p = [...path, k];
      const inL = Object.prototype.hasOwnProperty.call(l, k);
      const inM = Object.prototype.hasOwnProperty.call(m, k);
      const mv = m[k];
      if (inM && !inL) {
        // A new top-level object is named by what it holds: `extensions["io.modelcontextprotocol/tasks"]`.
        if (path.length === 0 && isObject(mv) && Object.keys(mv).length > 0) diff.added.push(...Object.keys(mv).sort().map((c) => [k, c]));
        else if (mv === true) diff.turnedOn.push(p);
        else diff.added.push(p);
      } else if (inL && !inM) diff.legacyOnly.push(p);
      else if (isObject(l[k]) && isObject(mv)) walk(l[k] as JsonObject, mv, p);
      else if (!jsonEqual(l[k], mv)) {
        if (mv === true) diff.turnedOn.push(p);
        else diff.changed.push({ path: p, legacy: l[k]!, modern: mv! });
      }
    }
  };
  walk(legacy, modern, []);
  const seen = new Set<string>();
  for (const p of server.provenance) {
    const id = JSON.stringify(p.path);
    if (seen.has(id)) continue;
    seen.add(id);
    const entries = server.provenance.filter((q) => JSON.stringify(q.path) === id);
    const split = entries.some((q) => q.era === "legacy") && entries.some((q) => q.era === "modern");
    const lv = valueAt(legacy, p.path);
    if (split && lv !== undefined && jsonEqual(lv, valueAt(modern, p.path))) diff.causedDifferently.push([...p.path]);
  }
  return diff;
}

const codes = (paths: readonly (readonly string[])[]): SafeHtml[] => paths.map((p) => html`<code>${pathText(p)}</code>`);

/** "a", "a and b", "a, b and c" (or all with commas, when the sentence already has an "and"). */
function list(items: readonly SafeHtml[], commasOnly = false): SafeHtml {
  if (items.length <= 1 || commasOnly) return join(items, ", ");
  return html`${join(items.slice(0, -1), ", ")} and ${items[items.length - 1]!}`;
}

/** What the analysis cannot know, each with its reason: those parts are left out of the eras shown. */
function unknownParts(server: WireServer): SafeHtml {
  const items = server.unknown.map((u) => {
    const where = u.path.length === 0 ? (u.spread ? html`more keys` : html`everything`) : u.spread ? html`more keys in <code>${pathText(u.path)}</code>` : html`<code>${pathText(u.path)}</code>`;
    return html`${where} (${u.reason})`;
  });
  return items.length > 0 ? html` not known statically, and left out: ${join(items, "; ")}.` : html` parts of this server are only known when it runs.`;
}

export function summarySentence(server: WireServer): SafeHtml {
  const { legacy, modern } = server;
  const approx = server.exact ? "" : html` Approximate:${unknownParts(server)}`;
  if (legacy === null || modern === null) {
    const d = nullReason(server);
    const note = (era: "legacy" | "modern") => server.eraNotes[era];
    const why = (era: "legacy" | "modern") => {
      const n = note(era);
      if (n) return html` (${n.brief ?? n.text}${n.location ? html`, ${fileLine(n.location)}` : ""})`;
      return d ? html` (<code>${d.code}</code>)` : "";
    };
    if (legacy === null && modern === null) return html`Neither era can be shown${why("legacy")}.${approx}`;
    const era = legacy === null ? "legacy" : "modern";
    return html`${ERA_INFO[era].title} (${ERA_INFO[era].method}) is not served${why(era)}; only ${era === "legacy" ? "modern" : "legacy"} is shown.${approx}`;
  }
  const d = eraDiff(server);
  const sentences: SafeHtml[] = [];
  const both = d.added.length > 0 && d.turnedOn.length > 0;
  const adds = d.added.length > 0 ? html`adds ${list(codes(d.added), both)}` : undefined;
  const turns = d.turnedOn.length > 0 ? html`turns on ${list(codes(d.turnedOn), both)}` : undefined;
  if (adds && turns) sentences.push(html`Modern ${adds} and ${turns}.`);
  else if (adds || turns) sentences.push(html`Modern ${adds ?? turns!}.`);
  if (d.legacyOnly.length > 0) sentences.push(html`Only legacy has ${list(codes(d.legacyOnly))}.`);
  for (const c of d.changed) sentences.push(html`<code>${pathText(c.path)}</code> differs: legacy <code>${compactJson(c.legacy)}</code>, modern <code>${compactJson(c.modern)}</code>.`);
  if (d.causedDifferently.length > 0) {
    sentences.push(html`${list(codes(d.causedDifferently))} ${d.causedDifferently.length === 1 ? "is" : "are"} in both eras, for different reasons.`);
  }
  if (sentences.length === 0) sentences.push(html`Both eras advertise the same capabilities, for the same reasons.`);
  // What serves both eras, when the dialect says (an SDK entry point such as createMcpHandler).
  const by = server.eraNotes.legacy;
  if (by && by.text === server.eraNotes.modern?.text) sentences.push(html`Both eras are ${by.text}${by.location ? html` (${fileLine(by.location)})` : ""}.`);
  return html`${join(sentences, " ")}${approx}`;
}
