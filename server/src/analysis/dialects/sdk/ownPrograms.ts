// A module that imports the exported server and that no module of its package imports, names, or
// lists as an entry point runs only as a program of its own (`node tools/legacy.js`): the program that
// serves the server never loads it, so what it registers is not part of what that program advertises.
// Only when it neither serves a server itself nor loads, before its own code, a module that does: then
// it is not the program that serves the server either.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { basename, dirname, joinPath } from "../../core/project/paths";
import { packageSourceFiles } from "../../core/project/packageSourceFiles";
import { evaluatedBefore } from "../../core/project/esmOrder";
import { SERVES as SERVES_ENTRY } from "./servesCall";
import { packageRoot, type Elsewhere } from "./factoryCallers";
import { packageEntryFiles } from "./packageEntries";

/** A call that serves a server: connect(), or SDK v2's entry points. */
const SERVES = /\.\s*connect\s*\(|\bserveStdio\s*\(|\bcreateMcpHandler\s*\(|\blisten\s*\(/;

/** `import(path)`, `require(dir + name)`: a module chosen at run time. */
const COMPUTED_LOAD = /\b(?:import|require)\s*\(\s*(?!['"]|\s*\))/;

/**
 * `import type { A } from "./a.js"`, `export type { A } from "./a.js"`: erased by every compiler, so
 * naming a module there never loads it.
 */
const TYPE_ONLY = /\b(?:import|export)\s+type\s+(?:\{[^}]{0,4000}\}|\*\s+as\s+[\w$]+|[\w$]+)\s*from\s*(['"])[^'"\n]*\1/g;

/**
 * `import { type A, type B } from "./a.js"`: erased too (by tsc, tsx and esbuild) unless the project
 * keeps such imports (`verbatimModuleSyntax`, `preserveValueImports`), where it still loads the module.
 */
const TYPE_SPECIFIERS = /\bimport\s*\{([^}]{0,4000})\}\s*from\s*(['"])[^'"\n]*\2/g;
const KEPT_IMPORTS = /"(?:verbatimModuleSyntax|preserveValueImports)"\s*:\s*true/;

/**
 * The text with the imports that never load a module left out. Clauses are bounded (an unclosed `{` must
 * not make every `import {` of a text scan to its end); a longer one is kept, which can only count the
 * module as loaded.
 */
function withoutTypeImports(text: string, keepsImports: boolean): string {
  const out = text.replace(TYPE_ONLY, "");
  if (keepsImports) return out;
  return out.replace(TYPE_SPECIFIERS, (whole, list: string) => {
    const names = list.split(",").map((n) => n.trim()).filter((n) => n.length > 0);
    return names.length > 0 && names.every((n) => /^type\s/.test(n)) ? "" : whole;
  });
}

/** The name other files would write to load the module: its file's stem, or its folder's for an index. */
function loadName(file: string): string {
  const stem = basename(file).replace(/\.[^.]+$/, "");
  return stem === "index" ? basename(dirname(file)) : stem;
}

export function runsOnlyAsOwnProgram(ev: Evaluator, { list }: Elsewhere, file: string): boolean {
  if (!list) return false;
  const text = ev.host.text?.(file);
  if (text === undefined || SERVES.test(text)) return false;
  const root = packageRoot(list, dirname(file));
  const files = root ? packageSourceFiles(list, root) : undefined;
  if (!root || !files || packageEntryFiles(ev, root).has(file)) return false;
  const name = loadName(file);
  if (name.length < 2) return false;
  // Any file naming it in a string (an import, a dynamic import, a build or test config, a script) may
  // load it, and so may an import or require of a path computed at run time.
  const keepsImports = KEPT_IMPORTS.test(ev.host.text?.(joinPath(root, "tsconfig.json")) ?? "");
  const named = new RegExp(`['"\`][^'"\`\n]*${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
  for (const other of [...files, joinPath(root, "package.json")]) {
    if (other === file) continue;
    const t = ev.host.text?.(other);
    if (t === undefined ? other !== joinPath(root, "package.json") : named.test(withoutTypeImports(t, keepsImports)) || COMPUTED_LOAD.test(t)) return false;
  }
  const before = evaluatedBefore(ev, file, SERVES_ENTRY);
  return before !== undefined && !before.some((f) => SERVES.test(ev.host.text?.(f) ?? ""));
}
