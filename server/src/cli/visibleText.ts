// Text from the analysed sources (names, keys, messages quoting them) on its way to a terminal or a
// CI log: control characters and bidirectional overrides are shown as escapes, never sent as they are,
// so a file cannot recolour the terminal, ring its bell, reorder what the reader sees, or start a line
// of its own.
import type { Json } from "../analysis/core/evaluate/values";

// C0 controls except tab and line feed, DEL, C1 controls, line/paragraph separators, and the
// bidirectional embeddings, overrides and isolates.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_OR_NEWLINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** A multi-line text made safe: its line feeds are kept. */
export function visibleLines(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** A single value (a name, a key, a message) made safe: a line feed in it is shown as an escape too. */
export function visible(text: string): string {
  return text.replace(UNSAFE_OR_NEWLINE, escape);
}

/** `visible` applied to every string of a JSON value, object keys included. */
export function visibleDeep<T extends Json>(value: T): T {
  if (typeof value === "string") return visible(value) as T;
  if (Array.isArray(value)) return value.map((v) => visibleDeep(v)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[visible(k)] = visibleDeep(v);
    return out as T;
  }
  return value;
}
