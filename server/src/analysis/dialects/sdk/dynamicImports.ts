// `const { createServer } = await import("./createServer.js")`: names a function body binds from a
// module loaded at run time. The file summary records static imports only; these are read from the text.
import type { Span } from "../../core/model/summary";

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
const CACHE_SIZE = 64;
/** The last texts searched (the replay asks again for every call it cannot resolve otherwise). */
const cache = new Map<string, { readonly text: string; readonly found: DynamicImport[] }>();

/** The same, remembered per file while its text stays the same. */
export function dynamicImportsOf(file: string, text: string): DynamicImport[] {
  const hit = cache.get(file);
  if (hit && hit.text === text) return hit.found;
  const found = dynamicImportsIn(text);
  cache.delete(file);
  cache.set(file, { text, found });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return found;
}
const NAME = /^[\w$]+$/;

export function dynamicImportsIn(text: string): DynamicImport[] {
  const out: DynamicImport[] = [];
  if (!/\bimport\s*\(/.test(text)) return out;
  for (const m of text.matchAll(DYNAMIC_IMPORT)) {
    const span = { start: m.index!, end: m.index! + m[0].length };
    for (const part of m[1]!.split(",")) {
      const [imported, alias] = part.split(":").map((s) => s.trim());
      const local = alias ?? imported;
      if (imported && local && NAME.test(imported) && NAME.test(local)) out.push({ local, imported, specifier: m[3]!, span });
    }
  }
  return out;
}
