// What a module's text says about the names it can export, before anyone parses it. Walks through
// barrels (`export * from "./a"; export * from "./b"; …`) ask each module in turn for one name, and
// most of them turn out not to export it; reading a text costs a fraction of parsing and summarising
// it (in the official SDK's repository, following each `new X` to where X comes from parsed dozens of
// modules no analysis needed). Both answers are "maybe": a module they let through is summarised and
// asked as before, so they change what is parsed, never what is found.
import type { EvaluationHost } from "./evaluator";

type TextHost = Pick<EvaluationHost, "text" | "textFacts">;

/**
 * Whether the module may export `name` in any way: it writes the name somewhere (a declaration, an
 * export clause), or passes names on unwritten.
 */
export function mayExportName(host: TextHost, file: string, name: string): boolean {
  const look = lookOf(host, file);
  if (look === undefined || look.passesOn) return true;
  // The text itself is read again rather than kept with the facts: the store keeps facts without texts.
  return host.text?.(file)?.includes(name) ?? true;
}

/**
 * Whether the module may pass `name` on from another module: it writes the name in an export clause
 * (`export { a as name }`, with or without `from`), or passes names on unwritten.
 */
export function mayPassOn(host: TextHost, file: string, name: string): boolean {
  const look = lookOf(host, file);
  return look === undefined || look.passesOn || look.clauseNames.has(name);
}

interface ExportLook {
  /** `export *`, `export import a = b.c`, or Unicode escapes, which may spell any identifier. */
  readonly passesOn: boolean;
  /** Every word inside `export { … }` clauses. */
  readonly clauseNames: ReadonlySet<string>;
}

function lookOf(host: TextHost, file: string): ExportLook | undefined {
  return host.textFacts ? host.textFacts(file, "export-look", exportLook) : exportLook(host.text?.(file));
}

/** undefined when there is no text to look at (the summary decides). */
function exportLook(text: string | undefined): ExportLook | undefined {
  if (text === undefined) return undefined;
  const passesOn = /\bexport\s*\*|\bexport\s+import\b/.test(text) || text.includes("\\u");
  const clauseNames = new Set<string>();
  if (!passesOn) collectClauseNames(text, clauseNames);
  return { passesOn, clauseNames };
}

/**
 * The words between each `export {` (or `export type {`) and the next `}`. Linear in the text, whatever
 * it holds: a clause that starts before the last one ended was read with it (a text of unclosed
 * `export {` must not make each of them scan to its end).
 */
function collectClauseNames(text: string, into: Set<string>): void {
  let readUpTo = -1;
  for (const opening of text.matchAll(/\bexport\s*(?:type\s*)?\{/g)) {
    const from = opening.index + opening[0].length;
    if (from <= readUpTo) continue;
    const close = text.indexOf("}", from);
    const to = close < 0 ? text.length : close;
    for (const word of text.slice(from, to).matchAll(/[\w$]+/g)) into.add(word[0]);
    if (close < 0) return;
    readUpTo = close;
  }
}
