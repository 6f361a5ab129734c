import type { ValueExpr } from "./summary";

/** Longest source text kept for a `$dynamic` value or a message. */
const MAX_TEXT = 300;

/**
 * `text[start, end)` with whitespace runs collapsed, cut to MAX_TEXT. Only a growing prefix is
 * normalised: a function body of 20 KB costs what its first few hundred characters cost.
 */
export function compactText(text: string, start: number, end: number): string {
  for (let window = MAX_TEXT * 2; ; window *= 4) {
    const cut = start + window < end;
    const raw = text.slice(start, cut ? start + window : end).replace(/\s+/g, " ");
    const norm = cut ? raw.trimStart() : raw.trim();
    // The normalised prefix is a prefix of the normalised whole: once it is longer than MAX_TEXT,
    // the whole is too, and its first MAX_TEXT - 1 characters are these.
    if (norm.length > MAX_TEXT) return `${norm.slice(0, MAX_TEXT - 1)}…`;
    if (!cut) return norm;
  }
}

/** Longest name shown: a report line, a lens and the picker stay readable. */
const MAX_LENGTH = 60;

/**
 * Printable, single-line and short: the name goes to terminals, lenses and pickers, and whatever a
 * file contains must not reach them as control characters.
 */
export function displayable(text: string): string | undefined {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  if (clean.length === 0) return undefined;
  return clean.length > MAX_LENGTH ? `${clean.slice(0, MAX_LENGTH - 1)}…` : clean;
}

/**
 * `{ name: "weather", ... }` written in place (a framework's server options): the name, displayable;
 * undefined when the options hold no literal name. What a server is called in reports, as its clients
 * see it.
 */
export function literalNameOption(options: ValueExpr | undefined): string | undefined {
  if (options?.k !== "obj") return undefined;
  for (const entry of options.entries) {
    if (entry.k === "prop" && entry.key.k === "static" && entry.key.name === "name") return entry.value.k === "lit" && typeof entry.value.value === "string" ? displayable(entry.value.value) : undefined;
  }
  return undefined;
}
