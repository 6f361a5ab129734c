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
  return look === undefined || look.passesOn || look.text.includes(name);
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
  readonly text: string;
}

function lookOf(host: TextHost, file: string): ExportLook | undefined {
  return host.textFacts ? host.textFacts(file, "export-look", exportLook) : exportLook(host.text?.(file));
}

/** undefined when there is no text to look at (the summary decides). */
function exportLook(text: string | undefined): ExportLook | undefined {
  if (text === undefined) return undefined;
  const passesOn = /\bexport\s*\*|\bexport\s+import\b/.test(text) || text.includes("\\u");
  const clauseNames = new Set<string>();
  if (!passesOn) for (const clause of text.matchAll(/\bexport\s*(?:type\s*)?\{([^}]*)\}/g)) for (const word of clause[1]!.matchAll(/[\w$]+/g)) clauseNames.add(word[0]);
  return { passesOn, clauseNames, text };
}
