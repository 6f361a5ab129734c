// The const a name of a file stands for, followed through imports and re-exports: the literal tables
// dialects read item by item (`for (const t of TOOLS)`, `addTools(tools)`) are usually declared in
// another module than the loop that goes through them.
import type { Evaluator } from "./evaluator";
import type { FileSummary, ValueExpr } from "../model/summary";

export interface ConstDeclaration {
  readonly file: string;
  /** The name the const is declared under in `file`. */
  readonly name: string;
  readonly init: ValueExpr;
}

/** How many imports and re-exports the search may pass through. */
const MAX_DEPTH = 12;

/** The const initialiser a top-level name of `file` stands for: its own, or an imported module's export. */
export function constDeclaration(ev: Evaluator, file: string, name: string, depth = 0): ConstDeclaration | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const summary = ev.summary(file);
  const decl = summary?.decls.get(name);
  if (decl) return decl.k === "const" ? { file, name, init: decl.init } : undefined;
  const imported = summary?.imports.get(name);
  if (!imported || imported.imported === "*") return undefined;
  const target = ev.host.resolveModule(imported.specifier, file);
  return target ? exportedConst(ev, target, imported.imported, depth + 1) : undefined;
}

/** `ns.Name` with `import * as ns from "./module"`: the const the module exports as `member`. */
export function namespaceMemberConst(ev: Evaluator, file: string, ns: string, member: string): ConstDeclaration | undefined {
  const imported = ev.summary(file)?.imports.get(ns);
  if (imported?.imported !== "*") return undefined;
  const target = ev.host.resolveModule(imported.specifier, file);
  return target ? exportedConst(ev, target, member, 1) : undefined;
}

function exportedConst(ev: Evaluator, file: string, name: string, depth: number): ConstDeclaration | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const entry = ev.summary(file)?.exports.get(name);
  if (entry?.k === "local") return constDeclaration(ev, file, entry.local, depth + 1);
  if (entry?.k === "from" && entry.imported !== "*") {
    const target = ev.host.resolveModule(entry.specifier, file);
    return target ? exportedConst(ev, target, entry.imported, depth + 1) : undefined;
  }
  return undefined;
}

/** `export const PROMPTS: string[] = []`, `export const TOOLS = {}`: a registry the modules importing it fill, so not what its declaration wrote. */
export function isExportedEmptyTable(summary: FileSummary | undefined, name: string, init: ValueExpr): boolean {
  const empty = (init.k === "arr" && init.items.length === 0) || (init.k === "obj" && init.entries.length === 0);
  return empty && [...(summary?.exports.values() ?? [])].some((e) => e.k === "local" && e.local === name);
}
