// A strict reader of the renderer's output, for the security tests: every `<` must open or close a
// tag of an allowed element, attributes must be allowed names with double-quoted values that hold
// no quote or `<`. User text that slipped through unescaped shows up as an unknown tag, an unknown
// attribute (`onerror`, `onmouseover`, `src`, `style`...) or a value broken out of its quotes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerListEntry, ServerReportResult } from "../../../common/protocol";

const ELEMENTS = new Set(["div", "span", "section", "header", "h1", "h2", "p", "b", "i", "code", "button", "label", "input", "ul", "li", "pre", "svg", "path", "circle", "rect"]);
const ATTRIBUTES = new Set([
  "class", "id", "role", "title", "tabindex", "type", "hidden", "checked", "focusable",
  "width", "height", "viewBox", "fill", "stroke", "stroke-width", "stroke-linejoin", "d", "cx", "cy", "r", "x", "y", "rx", "transform",
]);
const allowedAttribute = (name: string) => ATTRIBUTES.has(name) || /^aria-[a-z]+$/.test(name) || /^data-[a-z]+$/.test(name);

export interface Tag {
  readonly name: string;
  readonly closing: boolean;
  readonly attributes: ReadonlyMap<string, string>;
}

/** Parses every tag; throws on anything that is not our own markup. */
export function strictTags(markup: string): Tag[] {
  const tags: Tag[] = [];
  let i = 0;
  while ((i = markup.indexOf("<", i)) >= 0) {
    const close = /^<\/([a-z][a-z0-9]*)>/i.exec(markup.slice(i));
    if (close) {
      if (!ELEMENTS.has(close[1]!)) throw new Error(`unexpected closing tag </${close[1]}> at ${i}`);
      tags.push({ name: close[1]!, closing: true, attributes: new Map() });
      i += close[0].length;
      continue;
    }
    const open = /^<([a-z][a-z0-9]*)((?:\s+[a-zA-Z-]+(?:="[^"<]*")?)*)\s*(\/?)>/.exec(markup.slice(i));
    if (!open) throw new Error(`text "<" or malformed tag at ${i}: ${markup.slice(i, i + 80)}`);
    if (!ELEMENTS.has(open[1]!)) throw new Error(`unexpected element <${open[1]}>`);
    const attributes = new Map<string, string>();
    for (const a of open[2]!.matchAll(/\s+([a-zA-Z-]+)(?:="([^"<]*)")?/g)) {
      if (!allowedAttribute(a[1]!)) throw new Error(`unexpected attribute ${a[1]} on <${open[1]}>`);
      if (attributes.has(a[1]!)) throw new Error(`duplicate attribute ${a[1]} on <${open[1]}> (a value broke out of its quotes?)`);
      attributes.set(a[1]!, a[2] ?? "");
    }
    tags.push({ name: open[1]!, closing: false, attributes });
    i += open[0].length;
  }
  return tags;
}

/** The text content, entities decoded (what a reader sees). */
export function textOf(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#96;/g, "`")
    .replace(/&#61;/g, "=")
    .replace(/&amp;/g, "&");
}

const FIXTURES = join(__dirname, "fixtures");

export function fixture(name: string): ServerReportResult {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), "utf8")) as ServerReportResult;
}

export function serverList(name = "server-list"): readonly ServerListEntry[] {
  return (JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), "utf8")) as { servers: ServerListEntry[] }).servers;
}
