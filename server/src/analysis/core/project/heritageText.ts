// What a text says about its classes' bases and its exports, read without a parse, for the base
// pre-pass (heritageWalk.ts). Every reader either answers or says it cannot (`undefined`); a wrong
// extra answer (a `class` word in a comment) only adds a path to follow, never hides one.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const WORD = /[A-Za-z_$][\w$]*/y;
const COMMENTS = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

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
  for (const m of text.matchAll(/\bimport\s+(?:type\s+)?([^;"'`]{0,8000}?)\s*from\s*["']([^"'\n]+)["']/g)) {
    const clause = m[1]!.replace(COMMENTS, "");
    const spec = m[2]!;
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
  for (const m of text.matchAll(/\bimport\s+(?:type\s+)?([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*["']([^"'\n]+)["']/g)) {
    add(m[1]!, { spec: m[2]!, name: "*" });
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

/**
 * Where the text's export `name` ("default" for the default export) may come from: every candidate
 * the text shows. `undefined` when the text exports it (or may) in a way not read here: a variable,
 * a function, `export =`, or nothing found at all.
 */
export function exportSources(text: string, name: string): ExportSource[] | undefined {
  if (/\bexport\s*=/.test(text)) return undefined;
  const out: ExportSource[] = [];
  const isDefault = name === "default";
  // Re-exports; TypeScript's parser also reads `export { A } "m"`, with `from` left out.
  for (const m of text.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}\s*(?:from\s*)?["']([^"'\n]+)["']/g)) {
    const pairs = specifierPairs(m[1]!);
    if (!pairs) return undefined;
    for (const [original, exported] of pairs) if (exported === name) out.push({ k: "module", spec: m[2]!, name: original });
  }
  for (const m of text.matchAll(/\bexport\s+\*\s*(?:as\s+([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')\s*)?(?:from\s*)?["']([^"'\n]+)["']/g)) {
    if (m[1] !== undefined) {
      if (unquote(m[1]) === name) out.push({ k: "module", spec: m[2]!, name: "*" });
    } else if (!isDefault) out.push({ k: "module", spec: m[2]!, name });
  }
  // Export lists of the module's own names.
  for (const m of text.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}(?!\s*(?:from\b|["']))/g)) {
    const pairs = specifierPairs(m[1]!);
    if (!pairs) return undefined;
    for (const [local, exported] of pairs) if (exported === name) out.push({ k: "local", name: local });
  }
  if (isDefault) {
    let read = 0;
    for (const m of text.matchAll(/\bexport\s+default\s+(?:abstract\s+)?class\b/g)) {
      out.push({ k: "class", heritageAt: m.index! + m[0].length });
      read++;
    }
    for (const m of text.matchAll(/\bexport\s+default\s+([A-Za-z_$][\w$]*)\s*(?:;|\n|$)/g)) {
      if (m[1] === "class" || m[1] === "abstract") continue;
      out.push({ k: "local", name: m[1]! });
      read++;
    }
    // Anything else after `export default` (a call, a function, an object) is not read here.
    if ([...text.matchAll(/\bexport\s+default\b/g)].length > read) return undefined;
  } else {
    const escaped = name.replace(/\$/g, "\\$");
    const classDecl = new RegExp(`\\bexport\\s+(?:declare\\s+)?(?:abstract\\s+)?class\\s+${escaped}(?![\\w$])`, "g");
    for (const m of text.matchAll(classDecl)) out.push({ k: "class", heritageAt: m.index! + m[0].length });
    const otherDecl = new RegExp(`\\bexport\\s+(?:declare\\s+)?(?:const|let|var|function|async|enum|namespace|module)\\b[^;=({]{0,2000}?(?<![\\w$])${escaped}(?![\\w$])`);
    if (otherDecl.test(text)) return undefined;
  }
  return out.length > 0 ? out : undefined;
}

/**
 * Whether the text may bind `name` at its top level otherwise than by a class or an import statement:
 * a variable (destructured too), a function, an enum, a namespace, an import alias.
 */
export function bindsAsValue(text: string, name: string): boolean {
  const n = name.replace(/\$/g, "\\$");
  const word = `(?<![\\w$.])${n}(?![\\w$])`;
  return new RegExp(
    `\\b(?:const|let|var)\\s+(?:${word}|[{[][^=;]{0,2000}?${word}[^=;]{0,2000}?[}\\]])|\\bfunction\\s*\\*?\\s*${word}|\\b(?:enum|namespace|module)\\s+${word}|\\bimport\\s+${word}\\s*=`,
  ).test(text);
}
