import type { FileSummary } from "../model/summary";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
// A non-null assertion (`caps.resources!.subscribe = true`) may follow the name and each member.
const NON_NULL = String.raw`(?:\s*!(?!=))?`;
const MEMBER = String.raw`(?:${NON_NULL}\s*\.\s*${IDENT}|${NON_NULL}\s*\[[^\]\n]*\])`;
const ASSIGN = String.raw`(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?=(?!=)`;
/** `name.x = …`, `name[k] += …`, `name.push(…)`, `Object.assign(name, …)`, `delete name.x`. */
const MUTATION = new RegExp(
  String.raw`(?<![\w$.])(${IDENT})(?:${MEMBER}+${NON_NULL}\s*${ASSIGN}|\s*\.\s*(?:push|unshift|splice|pop|shift|sort|reverse|fill|copyWithin)\s*\()` +
    String.raw`|Object\.(?:assign|defineProperty|defineProperties|setPrototypeOf)\s*\(\s*(${IDENT})|\bdelete\s+(${IDENT})\s*[.[]`,
  "g",
);

/** Per summary (a file's text at one version): the names whose objects its text changes. */
const cache = new WeakMap<FileSummary, ReadonlySet<string>>();

/**
 * The names whose object or array a file changes after declaring them (`capabilities.logging = {}`,
 * `Object.assign(capabilities, …)`, `list.push(…)`, `delete caps.x`): for a top-level const among
 * them, the declared value is not what the program uses. Read from the text in one pass, so a comment
 * or a string can only make a value unknown, never wrong; asked only for files whose consts an
 * evaluation reads, and remembered for the summary's text.
 */
export function mutatedNames(summary: FileSummary, text: string): ReadonlySet<string> {
  let names = cache.get(summary);
  if (!names) cache.set(summary, (names = mutatedNamesIn(text)));
  return names;
}

/** The same read of a text of its own (a file the analysis does not summarise). */
export function mutatedNamesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(MUTATION)) found.add((m[1] ?? m[2] ?? m[3])!);
  return found;
}

/** The same, reading the text only when the names are not remembered for the summary yet (undefined when it cannot be read). */
export function mutatedNamesOf(summary: FileSummary, text: () => string | undefined): ReadonlySet<string> | undefined {
  const kept = cache.get(summary);
  if (kept) return kept;
  const read = text();
  return read === undefined ? undefined : mutatedNames(summary, read);
}
