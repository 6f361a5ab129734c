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
