// What a text says about its classes' bases and its exports, read without a parse, for the base
// pre-pass (heritageWalk.ts). Every reader either answers or says it cannot (`undefined`); a wrong
// extra answer (a `class` word in a comment) only adds a path to follow, never hides one.
import { beforeFrom, importClauses } from "./importClauses";
import { declarationWordPlaces } from "./declarationWords";
import { matchesAt, matchesSomewhere, wordPlaces } from "./wordMatches";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const WORD = /[A-Za-z_$][\w$]*/y;
const SPECIFIER_AFTER_QUOTE = /([^"'\n]+)["']/y;
const MAX_CLAUSE = 8000;
const COMMENTS = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
const REQUIRE = /require/;

/** What a local name is bound to by an import: the module specifier and the name it imports ("default", or "*" for the module itself). */
export interface ImportBinding {
  readonly spec: string;
  readonly name: string;
}

function unquote(name: string): string {
  return name.startsWith('"') || name.startsWith("'") ? name.slice(1, -1) : name;
}

/** Splits `a as b, type c, "d" as e` into [name as written, local or exported name] pairs; undefined when a part is not of that form. */
export function specifierPairs(list: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const raw of list.replace(COMMENTS, "").split(",")) {
    const part = raw.trim().replace(/^type\s+/, "");
    if (part.length === 0) continue;
    const m = /^([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')(?:\s+as\s+([A-Za-z_$][\w$]*|"[^"]*"|'[^']*'))?$/.exec(part);
    if (!m) return undefined;
    pairs.push([unquote(m[1]!), unquote(m[2] ?? m[1]!)]);
  }
  return pairs;
}

/**
 * The names the text's import statements bind, each with what it imports (a name may be bound twice
 * by texts that look like imports, in a comment say: all are kept). `undefined` when an import clause
 * is of a form not read here.
 */
export function importBindings(text: string): Map<string, ImportBinding[]> | undefined {
  const out = new Map<string, ImportBinding[]>();
  const add = (local: string, binding: ImportBinding) => {
    const list = out.get(local);
    if (list) list.push(binding);
    else out.set(local, [binding]);
  };
  for (const found of importClauses(text)) {
    SPECIFIER_AFTER_QUOTE.lastIndex = found.quoteAt + 1;
    const spec = SPECIFIER_AFTER_QUOTE.exec(text)?.[1];
    if (spec === undefined) continue;
    // `import type { A } from`: the names are bound all the same (`import type from "m"` binds nothing here, as before).
    const typed = /^type\s+/.exec(found.body);
    const written = (typed && beforeFrom(found.body.slice(typed[0].length))) ?? found.clause;
    // A clause this long is no import anyone wrote: the module's imports are not read.
    if (written.length > MAX_CLAUSE) return undefined;
    const clause = written.replace(COMMENTS, "");
    const open = clause.indexOf("{");
    const head = open >= 0 ? clause.slice(0, open) : clause;
    for (const raw of head.split(",")) {
      const part = raw.trim();
      if (part.length === 0) continue;
      const ns = /^\*\s*as\s+([A-Za-z_$][\w$]*)$/.exec(part);
      if (ns) add(ns[1]!, { spec, name: "*" });
      else if (IDENTIFIER.test(part)) add(part, { spec, name: "default" });
      else return undefined;
    }
    if (open >= 0) {
      const close = clause.lastIndexOf("}");
      if (close < open) return undefined;
      const pairs = specifierPairs(clause.slice(open + 1, close));
      if (!pairs) return undefined;
      for (const [imported, local] of pairs) add(local, { spec, name: imported });
    }
  }
  // Looked for only in a text that spells `require` (finding a word is fast, trying a pattern everywhere is not).
  if (REQUIRE.test(text)) {
    for (const m of text.matchAll(/\bimport\s+(?:type\s+)?([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*["']([^"'\n]+)["']/g)) {
      add(m[1]!, { spec: m[2]!, name: "*" });
    }
  }
  return out;
}

// Words of a heritage clause that name no value: keywords, and what a type or an arrow may hold.
const NOT_A_REFERENCE = new Set([
  "extends", "implements", "typeof", "keyof", "new", "class", "function", "this", "super", "null", "undefined", "true",
  "false", "as", "satisfies", "readonly", "unique", "infer", "void", "async", "await", "return", "in", "of",
  "instanceof", "is", "asserts", "abstract", "declare",
]);

/** How far past a `class` keyword its body's `{` may be: further, the reader gives up. */
const HERITAGE_LIMIT = 4000;

/** Where the comments and white space from `i` end. */
function skipTrivia(text: string, i: number): number {
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith("//", i)) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl + 1;
    } else if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
    } else return i;
  }
}

/**
 * The names a class's `extends` expression refers to (not those after a dot, nor inside type
 * arguments), reading from just after the class's name (or its `class` keyword) to the body's `{`.
 * A class's name (and type parameters) can only be followed by `extends`, `implements` or its body:
 * a `class` word followed by anything else is no class (prose in a comment), and has no bases.
 * `undefined` when the text is not read with confidence (unbalanced brackets, a `>` comparison, no
 * body in sight).
 */
export function heritageNames(text: string, from: number): string[] | undefined {
  let start = skipTrivia(text, from);
  if (text[start] === "<") {
    let depth = 0;
    for (; start < text.length; start++) {
      if (text[start] === "/" && (text[start + 1] === "/" || text[start + 1] === "*")) start = skipTrivia(text, start) - 1;
      const c = text[start];
      if (c === "<") depth++;
      else if (c === ">" && text[start - 1] !== "=" && --depth === 0) break;
      else if (c === ";" || c === '"' || c === "'" || c === "`") return undefined;
    }
    start = skipTrivia(text, start + 1);
  }
  if (text[start] === "{") return [];
  if (!/^(?:extends|implements)(?![\w$])/.test(text.slice(start, start + 11))) return [];
  const names: string[] = [];
  const end = Math.min(text.length, start + HERITAGE_LIMIT);
  let angle = 0;
  let nested = 0;
  let inExtends = false;
  let afterDot = false;
  for (let i = start; i < end; ) {
    const c = text[i]!;
    if (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) {
      i = skipTrivia(text, i);
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      const close = text.indexOf(c, i + 1);
      if (close < 0 || text.slice(i, close).includes("\\") || (c === "`" && text.slice(i, close).includes("${"))) return undefined;
      i = close + 1;
      afterDot = false;
      continue;
    }
    WORD.lastIndex = i;
    const word = WORD.exec(text);
    if (word) {
      const w = word[0];
      if (angle === 0 && nested === 0 && w === "extends") inExtends = true;
      else if (angle === 0 && nested === 0 && w === "implements") inExtends = false;
      else if (inExtends && angle === 0 && !afterDot && !NOT_A_REFERENCE.has(w)) names.push(w);
      afterDot = false;
      i += w.length;
      continue;
    }
    if (c === "{") {
      if (angle === 0 && nested === 0) return names;
      nested++;
    } else if (c === "(" || c === "[") nested++;
    else if (c === "}" || c === ")" || c === "]") {
      if (--nested < 0) return undefined;
    } else if (c === "<") angle++;
    else if (c === ">" && text[i - 1] !== "=") {
      if (--angle < 0) return undefined;
    } else if (c === ";") {
      if (angle === 0 && nested === 0) return undefined;
    } else if (c === "\\") return undefined;
    if (c === ".") afterDot = true;
    else if (!/\s/.test(c)) afterDot = false;
    i++;
  }
  return undefined;
}

/** Each class of the text: its name (undefined for `class extends …` and `class {`) and where its heritage starts. */
export function classesOf(text: string): { name: string | undefined; heritageAt: number }[] {
  const out: { name: string | undefined; heritageAt: number }[] = [];
  // Not `x.class`, `class-validator`, `class="…"`: a class keyword is followed by its name, `extends`, `{` or `<`.
  for (const m of text.matchAll(/(?<![\w$.])class\b(?=\s*[A-Za-z_${<])(?:\s+([A-Za-z_$][\w$]*))?/g)) {
    const named = m[1] !== undefined && m[1] !== "extends" && m[1] !== "implements";
    out.push({ name: named ? m[1] : undefined, heritageAt: named ? m.index! + m[0].length : m.index! + 5 });
  }
  return out;
}

/** Where an exported name of a module comes from, as far as its text says. */
export type ExportSource =
  /** A class of the text: its heritage starts there. */
  | { readonly k: "class"; readonly heritageAt: number }
  /** A name of the text's own scope (`export { A as N }`, `export default A`). */
  | { readonly k: "local"; readonly name: string }
  /** A name of another module (`export { A as N } from "m"`, `export * from "m"`). */
  | { readonly k: "module"; readonly spec: string; readonly name: string };

/** What a module's text says about its exports, read once. */
export interface ModuleFacts {
  /** `export =`, or an export list not read here: no export of the module is settled by the text. */
  readonly unread: boolean;
  /** Exported name → where each `export { … } from` takes it from. */
  readonly reexports: ReadonlyMap<string, readonly { spec: string; name: string }[]>;
  /** The modules of `export * from`. */
  readonly stars: readonly string[];
  /** Exported name → the modules of `export * as name from`. */
  readonly starsAs: ReadonlyMap<string, readonly string[]>;
  /** Exported name → the local names export lists give it. */
  readonly listed: ReadonlyMap<string, readonly string[]>;
  /** Where the heritage of each `export default class` starts, and the names of `export default N;`. */
  readonly defaultClasses: readonly number[];
  readonly defaultNames: readonly string[];
  /** An `export default` of anything else (a call, a function, an object). */
  readonly defaultUnread: boolean;
  /** Exported class name → where each declaration's heritage starts. */
  readonly classes: ReadonlyMap<string, readonly number[]>;
  /** Names exported by a variable, function, enum or namespace declaration (as far as its head reads). */
  readonly otherExports: ReadonlySet<string>;
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const IDENTIFIERS = /[A-Za-z_$][\w$]*/g;

// The patterns of a module's exports: each is tried only where the text spells `export` (wordMatches.ts).
const EXPORT_WORD = /export/g;
const EXPORT_ASSIGNMENT = /\bexport\s*=/y;
const EXPORT_LIST = /\bexport\s+(?:type\s+)?\{/y;
const EXPORT_STAR = /\bexport\s+\*\s*(?:as\s+([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')\s*)?(?:from\s*)?["']([^"'\n]+)["']/y;
const EXPORT_DEFAULT_CLASS = /\bexport\s+default\s+(?:abstract\s+)?class\b/y;
const EXPORT_DEFAULT_NAME = /\bexport\s+default\s+([A-Za-z_$][\w$]*)\s*(?:;|\n|$)/y;
const EXPORT_DEFAULT = /\bexport\s+default\b/y;
const EXPORT_CLASS = /\bexport\s+(?:declare\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)/y;
const EXPORT_OTHER = /\bexport\s+(?:declare\s+)?(?:const|let|var|function|async|enum|namespace|module)\b([^;=({]{0,2000})/y;

interface ExportClause {
  readonly body: string;
  /** The module it re-exports from; undefined for a list of the module's own names. */
  readonly from?: string;
}

/**
 * Every `export { … }` clause (`export type { … }` too): a re-export when a module specifier follows
 * (TypeScript's parser also reads `export { A } "m"`, with `from` left out), a list of the module's own
 * names when neither `from` nor a quote does, nothing otherwise. Linear in the text: a clause ends at the
 * first `}`, and an `export {` inside one that was read is part of it (a pattern with `[^}]*` per clause
 * made 100,000 unclosed `export {` take minutes).
 */
function* exportClauses(text: string, exports: readonly number[]): Generator<ExportClause> {
  const specifier = /\s*(?:from\s*)?["']([^"'\n]+)["']/y;
  const notAList = /\s*(?:from\b|["'])/y;
  let readUpTo = -1;
  for (const m of matchesAt(text, EXPORT_LIST, exports)) {
    const from = m.index + m[0].length;
    if (m.index <= readUpTo) continue;
    const close = text.indexOf("}", from);
    if (close < 0) return;
    readUpTo = close;
    const body = text.slice(from, close);
    specifier.lastIndex = close + 1;
    const spec = specifier.exec(text);
    if (spec) {
      readUpTo = specifier.lastIndex - 1;
      yield { body, from: spec[1]! };
      continue;
    }
    notAList.lastIndex = close + 1;
    if (!notAList.test(text)) yield { body };
  }
}

/** Reads a module's exports: each pattern, tried where the text spells `export`. */
export function moduleFacts(text: string): ModuleFacts {
  const exports = wordPlaces(text, EXPORT_WORD);
  let unread = matchesSomewhere(text, EXPORT_ASSIGNMENT, exports);
  const reexports = new Map<string, { spec: string; name: string }[]>();
  // Re-exports, and export lists of the module's own names.
  const listed = new Map<string, string[]>();
  for (const clause of exportClauses(text, exports)) {
    const pairs = specifierPairs(clause.body);
    if (!pairs) unread = true;
    else if (clause.from !== undefined) for (const [original, exported] of pairs) push(reexports, exported, { spec: clause.from, name: original });
    else for (const [local, exported] of pairs) push(listed, exported, local);
  }
  const stars: string[] = [];
  const starsAs = new Map<string, string[]>();
  for (const m of matchesAt(text, EXPORT_STAR, exports)) {
    if (m[1] !== undefined) push(starsAs, unquote(m[1]), m[2]!);
    else stars.push(m[2]!);
  }
  const defaultClasses: number[] = [];
  for (const m of matchesAt(text, EXPORT_DEFAULT_CLASS, exports)) defaultClasses.push(m.index + m[0].length);
  const defaultNames: string[] = [];
  for (const m of matchesAt(text, EXPORT_DEFAULT_NAME, exports)) {
    if (m[1] !== "class" && m[1] !== "abstract") defaultNames.push(m[1]!);
  }
  const defaultUnread = [...matchesAt(text, EXPORT_DEFAULT, exports)].length > defaultClasses.length + defaultNames.length;
  const classes = new Map<string, number[]>();
  for (const m of matchesAt(text, EXPORT_CLASS, exports)) push(classes, m[1]!, m.index + m[0].length);
  const otherExports = new Set<string>();
  for (const m of matchesAt(text, EXPORT_OTHER, exports)) {
    for (const id of m[1]!.matchAll(IDENTIFIERS)) otherExports.add(id[0]);
  }
  return { unread, reexports, stars, starsAs, listed, defaultClasses, defaultNames, defaultUnread, classes, otherExports };
}

/**
 * Where a module's export `name` ("default" for the default export) may come from: every candidate
 * its text shows. `undefined` when the text exports it (or may) in a way not read here: a variable,
 * a function, `export =`, or nothing found at all.
 */
export function exportSourcesIn(facts: ModuleFacts, name: string): ExportSource[] | undefined {
  if (facts.unread) return undefined;
  const out: ExportSource[] = [];
  for (const r of facts.reexports.get(name) ?? []) out.push({ k: "module", spec: r.spec, name: r.name });
  for (const spec of facts.starsAs.get(name) ?? []) out.push({ k: "module", spec, name: "*" });
  if (name !== "default") for (const spec of facts.stars) out.push({ k: "module", spec, name });
  for (const local of facts.listed.get(name) ?? []) out.push({ k: "local", name: local });
  if (name === "default") {
    if (facts.defaultUnread) return undefined;
    for (const at of facts.defaultClasses) out.push({ k: "class", heritageAt: at });
    for (const local of facts.defaultNames) out.push({ k: "local", name: local });
  } else {
    if (facts.otherExports.has(name)) return undefined;
    for (const at of facts.classes.get(name) ?? []) out.push({ k: "class", heritageAt: at });
  }
  return out.length > 0 ? out : undefined;
}

/** `exportSourcesIn` of a text read once (for one question; the walk keeps the facts). */
export function exportSources(text: string, name: string): ExportSource[] | undefined {
  return exportSourcesIn(moduleFacts(text), name);
}

/**
 * Whether the text may bind `name` at its top level otherwise than by a class or an import statement:
 * a variable (destructured too), a function, an enum, a namespace, an import alias.
 */
export function bindsAsValue(text: string, name: string): boolean {
  return valueBindings(text).has(name);
}

// A top-level value binding and a destructuring's pattern, tried where the text spells a declaration word.
const VALUE_BINDING = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)|\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)|\b(?:enum|namespace|module)\s+([A-Za-z_$][\w$]*)|\bimport\s+([A-Za-z_$][\w$]*)\s*=/y;
const DESTRUCTURING = /\b(?:const|let|var)\s*[{[]([^=;]{0,4000})/y;

/** The names `bindsAsValue` holds for, all at once. */
export function valueBindings(text: string): ReadonlySet<string> {
  const places = declarationWordPlaces(text);
  const valueBound = new Set<string>();
  for (const m of matchesAt(text, VALUE_BINDING, places)) valueBound.add((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  // A destructuring binds every name of its pattern (property keys too, which only adds doubts).
  for (const m of matchesAt(text, DESTRUCTURING, places)) {
    for (const id of m[1]!.matchAll(IDENTIFIERS)) valueBound.add(id[0]);
  }
  return valueBound;
}
