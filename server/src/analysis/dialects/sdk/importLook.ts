// What the cheap look of the cross-file search (does this text maybe import the server's module?)
// needs to know of one text, derived once per version of the text and kept by the file store without
// the text: the names in its import and export clauses, the module stems in its quoted paths, and
// whether it names its own folder or its parent. A question the sets cannot answer exactly (a name
// or stem with characters they leave out) reads the text again and asks the pattern.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { importClauseNames, namesInImportClause } from "./importClauseNames";
import { namesStemInQuotedPath, quotedPathStems } from "./quotedPathStems";

export interface ImportLook {
  readonly clauseNames: ReadonlySet<string>;
  readonly stems: ReadonlySet<string>;
  readonly parent: boolean;
  /** A quoted `#` specifier (`"#server"`): a package.json `imports` alias, which may name any module. */
  readonly aliases: boolean;
}

/** A quoted package.json `imports` alias (`"#server"`, `'#tools/search.js'`). */
export const QUOTED_ALIAS = /["'`]#[^"'`\n]+["'`]/;

const KEY = "sdk-import-look";
/** The quoted paths of the text's own folder or its parent (`"."`, `'./'`, `".."`, `'../'`): found with includes, a native search. */
const FOLDER_PATHS = ["'", '"'].flatMap((q) => [".", "./", "..", "../"].map((p) => `${q}${p}${q}`));

function lookAt(text: string | undefined): ImportLook | undefined {
  return text === undefined ? undefined : { clauseNames: importClauseNames(text), stems: quotedPathStems(text), parent: FOLDER_PATHS.some((p) => text.includes(p)), aliases: text.includes("#") && QUOTED_ALIAS.test(text) };
}

/** The look at `file`'s current text (undefined when it cannot be read), from the store when it keeps one. */
export function importLookOf(ev: Evaluator, file: string): ImportLook | undefined {
  const host = ev.host;
  return host.textFacts ? host.textFacts(file, KEY, lookAt) : lookAt(host.text?.(file));
}

/** Whether `name` stands in an import or export clause of the text. */
export function clauseNames(look: ImportLook, text: () => string | undefined, name: string): boolean {
  return namesInImportClause(text, name, look.clauseNames);
}

/** Whether a quoted path of the text names a module known by `stem`. */
export function pathNames(look: ImportLook, text: () => string | undefined, stem: string): boolean {
  if (!/['"\n]/.test(stem)) return look.stems.has(stem);
  const t = text();
  return t !== undefined && namesStemInQuotedPath(t, stem);
}
