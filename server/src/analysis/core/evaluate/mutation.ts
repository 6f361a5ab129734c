import type { FileSummary } from "../model/summary";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
// A non-null assertion (`caps.resources!.subscribe = true`) may follow the name and each member.
const NON_NULL = String.raw`(?:\s*!(?!=))?`;
const MEMBER = String.raw`(?:${NON_NULL}\s*\??\.\s*${IDENT}|${NON_NULL}\s*\[[^\]\n]*\])`;
const ASSIGN = String.raw`(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?=(?!=)`;
const CHANGING_METHOD = String.raw`\s*\.\s*(?:push|unshift|splice|pop|shift|sort|reverse|fill|copyWithin)\s*\(`;
/**
 * What follows a changed object: a member written (`.x = …`, `[k] += …`, `.n++`) or an array method
 * that changes it or an array it holds (`list.splice(0)`, `config.tools.push(…)`, `ns.TOOLS.pop()` on a
 * namespace import: the module's export is changed).
 */
const CHANGE = String.raw`(?:${MEMBER}+${NON_NULL}\s*(?:${ASSIGN}|\+\+|--)|${MEMBER}*${CHANGING_METHOD})`;
/** `<any>` before a name, the old way to cast. */
const ANGLE_CAST = String.raw`(?:<[^<>()\n]*>\s*)?`;
/**
 * `(caps as any)`, `(config.capabilities as Record<string, object>)`, `(<any>caps)`, `(caps!)`,
 * `((caps as any))`, `(flags as { a: boolean; b: boolean })`: a name, maybe with members, cast in
 * parentheses (the type stops at the first parenthesis, so it cannot run into the next statement).
 * Not the parentheses of a call: `Object.keys(x).sort()` sorts a new array (`f(x).y = 1` changes
 * what f returns, read below).
 */
const CAST = String.raw`(?<![\w$)\]])(?:\(\s*){1,4}${ANGLE_CAST}(${IDENT})${MEMBER}*(?:\s+(?:as|satisfies)\s[^()=]{0,200}?)?${NON_NULL}(?:\s*\)){1,4}`;
/** `name.x = …`, `name[k] += …`, `name.push(…)`, the same on `(name as any)` and on `name()`, `Object.assign(name, …)`, `delete name.x`, `++name.x`. */
const MUTATION = new RegExp(
  String.raw`(?<![\w$.])(${IDENT})${CHANGE}` +
    String.raw`|${CAST}${CHANGE}` +
    // `caps().logging = {}`: what the function returns is changed (the same object, when it returns a const).
    String.raw`|(?<![\w$.])(${IDENT})\s*\([^()\n]{0,200}\)${CHANGE}` +
    // `Object.assign<typeof flags, object>(flags, …)`: type arguments may come first.
    String.raw`|Object\.(?:assign|defineProperty|defineProperties|setPrototypeOf)\s*(?:<[^()\n]{0,200}?>\s*)?\(\s*\(?\s*${ANGLE_CAST}(${IDENT})` +
    String.raw`|\bdelete\s+\(?\s*${ANGLE_CAST}(${IDENT})\s*[.[!]` +
    String.raw`|(?:\+\+|--)\s*\(?\s*${ANGLE_CAST}(${IDENT})\s*[.[!]`,
  "g",
);
/**
 * Another name for the same object: `const same = caps`, `const tools = caps.tools`, `let c = (caps as any)`,
 * `same = caps;`, `const { tools } = caps`. What is changed through the other name changes the first.
 */
const ALIAS = new RegExp(
  String.raw`(?:\b(?:const|let|var)\s+|(?<![\w$.]))(${IDENT})\s*(?::[^=;\n]{0,200}?)?=(?![=>])\s*\(*\s*${ANGLE_CAST}(${IDENT})${MEMBER}*(?:\s+(?:as|satisfies)\s[^()=;\n]{0,200}?)?${NON_NULL}\s*\)*\s*(?=[;\n]|$)` +
    String.raw`|\b(?:const|let|var)\s*\{([^{}]{0,2000})\}\s*(?::[^=;\n]{0,200}?)?=\s*(${IDENT})`,
  "g",
);
const BOUND_NAME = new RegExp(String.raw`(?:^|[,{]|:)\s*(?:\.\.\.)?\s*(${IDENT})\s*(?==|,|$|\})`, "g");

/** Per summary (a file's text at one version): the names whose objects its text changes. */
const cache = new WeakMap<FileSummary, ReadonlySet<string>>();

/**
 * The names whose object or array a file changes after declaring them (`capabilities.logging = {}`,
 * `(caps as any).x = …`, `Object.assign(capabilities, …)`, `list.push(…)`, `delete caps.x`, or any of
 * these through another name for the same object): for a top-level const among them, the declared
 * value is not what the program uses. Read from the text in one pass, so a comment or a string can
 * only make a value unknown, never wrong; asked only for files whose consts an evaluation reads, and
 * remembered for the summary's text.
 */
export function mutatedNames(summary: FileSummary, text: string): ReadonlySet<string> {
  let names = cache.get(summary);
  if (!names) cache.set(summary, (names = mutatedNamesIn(text)));
  return names;
}

/** The same read of a text of its own (a file the analysis does not summarise). */
export function mutatedNamesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(MUTATION)) found.add((m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6])!);
  return withSources(found, text);
}

/** The names given, and every name one of them is another name for (`const same = caps`: caps too). */
export function withSources(names: Set<string>, text: string): Set<string> {
  if (names.size === 0) return names;
  const sources = aliasSources(text);
  if (sources.size === 0) return names;
  const pending = [...names];
  while (pending.length > 0) {
    for (const source of sources.get(pending.pop()!) ?? []) {
      if (!names.has(source)) {
        names.add(source);
        pending.push(source);
      }
    }
  }
  return names;
}

/**
 * The last texts read for their aliases, with what was read: a file's mutated names, the names it
 * hands on, its emptied lists and its straight writes each ask of the same text, one after another.
 */
const recentAliases: { readonly text: string; readonly sources: ReadonlyMap<string, ReadonlySet<string>> }[] = [];
const RECENT_ALIASES = 4;

/** For each name a text binds to another's object, the names it was bound from. */
export function aliasSources(text: string): ReadonlyMap<string, ReadonlySet<string>> {
  for (const recent of recentAliases) if (recent.text === text) return recent.sources;
  const sources = aliasSourcesIn(text);
  recentAliases.unshift({ text, sources });
  if (recentAliases.length > RECENT_ALIASES) recentAliases.pop();
  return sources;
}

function aliasSourcesIn(text: string): Map<string, Set<string>> {
  const sources = new Map<string, Set<string>>();
  const add = (alias: string, source: string) => {
    if (alias === source) return;
    let set = sources.get(alias);
    if (!set) sources.set(alias, (set = new Set()));
    set.add(source);
  };
  for (const m of text.matchAll(ALIAS)) {
    if (m[1] !== undefined) add(m[1], m[2]!);
    else for (const bound of m[3]!.matchAll(BOUND_NAME)) add(bound[1]!, m[4]!);
  }
  return sources;
}

/** The same, reading the text only when the names are not remembered for the summary yet (undefined when it cannot be read). */
export function mutatedNamesOf(summary: FileSummary, text: () => string | undefined): ReadonlySet<string> | undefined {
  const kept = cache.get(summary);
  if (kept) return kept;
  const read = text();
  return read === undefined ? undefined : mutatedNames(summary, read);
}
