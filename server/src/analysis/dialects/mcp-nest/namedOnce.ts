// A const of a module file that only one place uses: what it holds is what that place gets, unless
// other code changes it, which a name written nowhere else cannot.
import type { FileSummary, ValueExpr } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";

/** Whether `name` is written exactly twice in the code (strings and comments aside): where it is declared and where it is listed. */
export function namedOnce(text: string, name: string): boolean {
  return identifierCount(text, name, 2) === 2;
}

/**
 * namedOnce, or named a third time in one `exports: [...]` list (Nest re-exports the imported dynamic
 * module to the module's importers: the same instance, no other server).
 */
export function namedOnceBesidesExports(text: string, name: string): boolean {
  const count = identifierCount(text, name, 3);
  if (count !== 3) return count === 2;
  const escaped = name.replace(/\$/g, "\\$");
  const lists = [...text.matchAll(/\bexports\s*:\s*\[([^\]]*)\]/g)].filter((m) => new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`).test(m[1]!));
  return lists.length === 1;
}

/** How many times `name` is written as an identifier in the code, counted up to one past `upTo`. */
function identifierCount(text: string, name: string, upTo: number): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  let count = 0;
  for (let t = scanner.scan(); t !== SK.EndOfFileToken && count <= upTo; t = scanner.scan()) if (t === SK.Identifier && scanner.getTokenValue() === name) count++;
  return count;
}

/**
 * `@Module(appMetadata)`: the literal of a same-file const named only there, declared before the class
 * (a later one is not initialised yet when the decorator runs), and not exported (an importer might
 * change it).
 */
export function metadataConst(file: FileSummary, text: string, name: string, classStart: number): ValueExpr | undefined {
  const decl = file.decls.get(name);
  if (decl?.k !== "const" || decl.span.end > classStart || !namedOnce(text, name)) return undefined;
  return [...file.exports.values()].some((e) => e.k === "local" && e.local === name) ? undefined : decl.init;
}
