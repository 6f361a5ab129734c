// Which names a text writes inside an import or export clause (`import { server } from`, a barrel's
// `export { server } from`), read in one pass over the text. Every server of a package asks whether
// each of the package's texts names its exported name there; answering from this set turns a scan of
// every text per server and name into one per text. For a name made of word characters the set
// answers exactly what the pattern (`importClausePattern`) answers; any other name goes to the pattern.

/** Bounded spans: an import clause is short, and a file without semicolons must not make this scan it whole. */
const MAX_SPAN = 2000;

/** The pattern the set stands for: the name between the keyword and its `from`, no `;` on the way. */
export function importClausePattern(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\b(?:import|export)\\b[^;]{0,${MAX_SPAN}}?[{,\\s]${escaped}\\b[^;]{0,${MAX_SPAN}}?\\bfrom\\b`);
}

/** Names the set can answer for: word characters only, so `\b` after one means the run of them ends. */
const WORD_NAME = /^\w+$/;

/** Whether `name` stands in an import or export clause of `text` (with `names`, the text's `importClauseNames`, when at hand). */
export function namesInImportClause(text: () => string | undefined, name: string, names?: ReadonlySet<string>): boolean {
  if (names && WORD_NAME.test(name)) return names.has(name);
  const t = text();
  return t !== undefined && t.includes(name) && importClausePattern(name).test(t);
}

/**
 * Every run of word characters the pattern would find as a name in `text`. A run qualifies when the
 * character before it is `{`, `,` or white space; that character is at most MAX_SPAN characters after
 * the end of an `import` or `export` keyword with no `;` between; and a `from` keyword starts at most
 * MAX_SPAN characters after the run with no `;` between. (The nearest keyword before and the nearest
 * `from` after are the best ones: any farther one spans what they span and more.)
 */
export function importClauseNames(text: string): Set<string> {
  const names = new Set<string>();
  const froms = /\bfrom\b/g;
  // The first `from` and the first `;` at or after the end of the last run looked at; runs are looked
  // at in increasing order, so each is searched for again only once the run passes it.
  let from = -1;
  let semicolon = -1;
  // The same for the first `;` after a keyword.
  let stop = -1;
  // Where the character before a run was last examined: windows of keywords close together overlap,
  // and a place examined once satisfied the keyword condition already.
  let examined = 0;
  for (const keyword of text.matchAll(/\b(?:import|export)\b/g)) {
    const start = keyword.index + keyword[0].length;
    if (stop !== Infinity && stop < start) {
      const at = text.indexOf(";", start);
      stop = at < 0 ? Infinity : at;
    }
    const last = Math.min(start + MAX_SPAN, stop - 1, text.length - 1);
    for (let before = Math.max(start, examined); before <= last; before++) {
      if (!opensName(text.charCodeAt(before))) continue;
      let end = before + 1;
      while (end < text.length && isWord(text.charCodeAt(end))) end++;
      if (end === before + 1) continue;
      if (from !== Infinity && from < end) {
        froms.lastIndex = end;
        from = froms.exec(text)?.index ?? Infinity;
      }
      if (from === Infinity) return names;
      if (semicolon !== Infinity && semicolon < end) {
        const at = text.indexOf(";", end);
        semicolon = at < 0 ? Infinity : at;
      }
      if (from - end <= MAX_SPAN && semicolon >= from) names.add(text.slice(before + 1, end));
    }
    examined = Math.max(examined, last + 1);
  }
  return names;
}

/** `\w` without the `u` flag: what `\b` tells apart. */
function isWord(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

const SPACE = /\s/;

/** `[{,\s]`: the character the pattern wants just before a name. */
function opensName(c: number): boolean {
  if (c === 0x7b || c === 0x2c || c === 0x20 || (c >= 0x09 && c <= 0x0d)) return true;
  return c > 0x7f && SPACE.test(String.fromCharCode(c));
}
