// `const { createServer } = await import("./createServer.js")` and `const tools = await import("./tools.js")`
// (a namespace, `imported` "*"): names a function body binds from a module loaded at run time. The file summary records static imports only; these are read from the text
// (the flow summary keeps them as `loaded`).
import type { Span } from "../model/summary";

export interface DynamicImport {
  /** The name the code uses. */
  readonly local: string;
  /** The name the module exports. */
  readonly imported: string;
  readonly specifier: string;
  /** The whole `{ ... } = await import("...")`. */
  readonly span: Span;
}

// Bounded repetitions: a text of braces without end must not make the search quadratic.
const DYNAMIC_IMPORT = /\{([^{}]{0,400})\}\s{0,20}=\s{0,20}await\s{1,20}import\s{0,20}\(\s{0,20}(['"])([^'"\n]{1,400})\2\s{0,20}\)/g;
const NAME = /^[\w$]+$/;
const NAMESPACE_IMPORT = /\b(?:const|let|var)\s{1,20}([\w$]+)\s{0,20}=\s{0,20}await\s{1,20}import\s{0,20}\(\s{0,20}(['"])([^'"\n]{1,400})\2\s{0,20}\)/g;

export function dynamicImportsIn(text: string): DynamicImport[] {
  const out: DynamicImport[] = [];
  if (!/\bimport\s*\(/.test(text)) return out;
  for (const m of text.matchAll(DYNAMIC_IMPORT)) {
    const span = { start: m.index!, end: m.index! + m[0].length };
    out.push(...bindings(m[1]!, m[3]!, span));
  }
  // `const tools = await import("./tools.js")`: the module's namespace.
  for (const m of text.matchAll(NAMESPACE_IMPORT)) {
    const span = { start: m.index!, end: m.index! + m[0].length };
    out.push({ local: m[1]!, imported: "*", specifier: m[3]!, span });
  }
  // `import("./prompts.js").then((m) => m.register(server))`: the callback's parameter is the module's
  // namespace (or, destructured, its exports). Read only where no other binding of the file has the
  // name: these names are kept for the whole file, not for the callback alone.
  for (const m of text.matchAll(THEN_IMPORT)) {
    const span = { start: m.index!, end: m.index! + m[0].length };
    const param = (m[3] ?? m[4] ?? m[5])!;
    const destructured = /^\{([^{}]*)\}$/.exec(param);
    const found = destructured ? bindings(destructured[1]!, m[2]!, span) : NAME.test(param) ? [{ local: param, imported: "*", specifier: m[2]!, span }] : [];
    out.push(...found.filter((b) => bindingCount(text, b.local) === 1));
  }
  for (const m of text.matchAll(ALL_IMPORTS)) {
    const span = { start: m.index!, end: m.index! + m[0].length };
    const patterns = topLevelParts(m[1]!);
    const loads = topLevelParts(m[2]!);
    patterns.forEach((pattern, i) => {
      const load = IMPORT_CALL.exec(loads[i] ?? "");
      const object = /^\{([^{}]*)\}$/.exec(pattern.trim());
      if (load && object) out.push(...bindings(object[1]!, load[2]!, span));
    });
  }
  return out;
}

/** `A, B: C` of a destructuring pattern: what each local name is bound to in the module. */
function bindings(list: string, specifier: string, span: Span): DynamicImport[] {
  const out: DynamicImport[] = [];
  for (const part of list.split(",")) {
    const [imported, alias] = part.split(":").map((s) => s.trim());
    const local = alias ?? imported;
    if (imported && local && NAME.test(imported) && NAME.test(local)) out.push({ local, imported, specifier, span });
  }
  return out;
}

/** `import("…").then((m) =>`, `.then(m =>`, `.then(function (m)`, `.then(({ a, b }) =>` (async too). */
const THEN_IMPORT = /\bimport\s{0,20}\(\s{0,20}(['"])([^'"\n]{1,400})\1\s{0,20}\)\s{0,20}\.then\s{0,20}\(\s{0,20}(?:async\s{1,20})?(?:\(\s{0,20}([\w$]+|\{[^{}()]{0,400}\})\s{0,20}\)\s{0,20}=>|([\w$]+)\s{0,20}=>|function\s{0,20}\(\s{0,20}([\w$]+|\{[^{}()]{0,400}\})\s{0,20}\))/g;

/**
 * How many places of a text may bind `name` (a declaration, a parameter, a destructured name): over-counts
 * (an argument `f(name)` counts too), so that a name found once is surely bound once.
 */
function bindingCount(text: string, name: string): number {
  const n = name.replace(/\$/g, "\\$");
  const declared = new RegExp(`\\b(?:const|let|var|function|class)\\s+${n}(?![\\w$])|[(,{]\\s*${n}\\s*[,)}=:]|(?<![\\w$.])${n}\\s*=>`, "g");
  return text.match(declared)?.length ?? 0;
}

/**
 * `const [{ McpServer }, { StdioServerTransport }] = await Promise.all([import("…/mcp.js"), import("…/stdio.js")])`:
 * each pattern of the array takes the module loaded at its place.
 */
const ALL_IMPORTS = /\[([^[\]]{0,2000})\]\s{0,20}=\s{0,20}await\s{1,20}Promise\.all\s{0,20}\(\s{0,20}\[([^[\]]{0,4000})\]\s{0,20}\)/g;
const IMPORT_CALL = /^\s*import\s*\(\s*(['"])([^'"\n]{1,400})\1\s*\)\s*$/;

/** The comma-separated parts of a list, commas inside braces or parentheses left alone. */
function topLevelParts(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "{" || c === "(") depth++;
    else if (c === "}" || c === ")") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  const last = list.slice(start);
  if (last.trim() !== "") parts.push(last);
  return parts;
}
