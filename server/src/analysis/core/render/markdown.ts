// Markdown building blocks that are safe for text from user code: names and keys can hold anything,
// so inline code gets a fence longer than any backtick run inside, and prose is escaped. A line break
// in user text would end the construct it is in (a lone `\r` closes inline code and starts a heading,
// a trusted command link or a remote image), so every one becomes a space: `\r\n`, `\r`, `\n`, and
// U+2028/U+2029, which some renderers treat as line ends too.
import { isPlainObject, type Json, type JsonObject } from "../evaluate/values";

const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029]/g;

/** `text` on one line. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKS, " ");
}

/** Inline code that shows `text` literally, whatever backticks it holds. */
export function code(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const fence = "`".repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${oneLine(text)}${pad}${fence}`;
}

/**
 * A fenced block whose fence is longer than any backtick run in the content. The content is JSON,
 * whose strings cannot hold `\r` or `\n`; U+2028/U+2029 are written as JSON escapes.
 */
export function codeBlock(language: string, content: string): string {
  content = content.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  const runs = content.match(/`{3,}/g) ?? [];
  const fence = "`".repeat(Math.max(3, ...runs.map((r) => r.length + 1)));
  return `${fence}${language}\n${content}\n${fence}`;
}

/**
 * Prose from user code, escaped: the characters that start markdown constructs mid-line, HTML, and
 * what GFM turns into a link by itself (`https://…`, `www.…`, `a@b.c`).
 * (Our prose never puts user text at the start of a line, where `#`, `-` or `1.` would matter.)
 */
export function escape(text: string): string {
  return oneLine(text)
    .replace(/[\\`*_[\]()!|~@]/g, (c) => `\\${c}`)
    .replace(/\b(https?|ftp|mailto|xmpp):/gi, "$1\\:")
    .replace(/\b(www)\./gi, "$1\\.")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** A link into a file (hover links open it at the line). */
export function fileLink(label: string, uri: string, line: number): string {
  // Parentheses end a markdown link target: a folder named `a)b` must not cut the link short.
  const target = uri.replace(/\(/g, "%28").replace(/\)/g, "%29").replace(/ /g, "%20");
  return `[${escape(label)}](${target}#L${line + 1})`;
}

/** A link that runs one of the extension's commands with JSON arguments. */
export function commandLink(label: string, command: string, args: readonly unknown[]): string {
  return `[${escape(label)}](command:${command}?${encodeURIComponent(JSON.stringify(args))})`;
}

/**
 * JSON with one line per top-level key and each value on that line (spec/ux hover style):
 * `"resources": { "listChanged": false, "subscribe": true },`, keys sorted at every level (as the lens
 * and the preview show them, whatever order a dialect built them in).
 */
export function compactJson(obj: JsonObject): string {
  const keys = Object.keys(obj).sort();
  if (keys.length === 0) return "{}";
  const lines = keys.map((k, i) => `  ${JSON.stringify(k)}: ${inline(obj[k]!)}${i < keys.length - 1 ? "," : ""}`);
  return `{\n${lines.join("\n")}\n}`;
}

function inline(v: Json): string {
  if (Array.isArray(v)) return v.length === 0 ? "[]" : `[ ${v.map(inline).join(", ")} ]`;
  if (isPlainObject(v)) {
    const keys = Object.keys(v).sort();
    return keys.length === 0 ? "{}" : `{ ${keys.map((k) => `${JSON.stringify(k)}: ${inline(v[k]!)}`).join(", ")} }`;
  }
  return JSON.stringify(v);
}
