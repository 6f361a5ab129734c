// The cheap look of the cross-file search (does this text maybe import the server's module?) asks the
// same questions of every text of a package: whether one of the exported names stands in an import or
// export clause, whether a quoted path names one of the modules' stems, whether an index module is
// imported as its folder. The questions depend only on the modules searched for, so they are worked
// out once (which names and stems the kept sets answer, which need the text) and not again for each
// of a package's thousand texts, for each server.
import { namesInImportClause } from "./importClauseNames";
import { pathNames, type ImportLook } from "./importLook";

/** Answers in the sets of an `ImportLook` (word names, stems without quotes or line breaks), or with the text. */
export interface ImportQuestions {
  readonly clauseWords: readonly string[];
  readonly clauseOthers: readonly string[];
  readonly plainStems: readonly string[];
  readonly otherStems: readonly string[];
  /** An index module is searched for: a text naming its own folder or its parent, or a path to `index`, may import it. */
  readonly index: boolean;
}

/** Names the look's clause set answers exactly (see `namesInImportClause`). */
const WORD_NAME = /^\w+$/;

/** `names`: the exported names searched for ("default" is never asked of a clause); `stems`: the modules' stems; `index`: one is an index. */
export function importQuestions(names: Iterable<string>, stems: Iterable<string>, index: boolean): ImportQuestions {
  const clauseWords: string[] = [];
  const clauseOthers: string[] = [];
  for (const n of new Set(names)) if (n !== "default") (WORD_NAME.test(n) ? clauseWords : clauseOthers).push(n);
  const plainStems: string[] = [];
  const otherStems: string[] = [];
  for (const s of new Set(stems)) if (s) (/['"\n]/.test(s) ? otherStems : plainStems).push(s);
  return { clauseWords, clauseOthers, plainStems, otherStems, index };
}

/** Whether the text may import one of the modules searched for, by `q` (what asking each module's names and stem in turn answers). */
export function mayImportBy(q: ImportQuestions, look: ImportLook, text: () => string | undefined): boolean {
  // `import server from "#server"`: an alias may name any module; its import is resolved to tell.
  if (look.aliases) return true;
  for (const n of q.clauseWords) if (look.clauseNames.has(n)) return true;
  for (const s of q.plainStems) if (look.stems.has(s)) return true;
  if (q.index && (look.parent || look.stems.has("index"))) return true;
  for (const n of q.clauseOthers) if (namesInImportClause(text, n, look.clauseNames)) return true;
  for (const s of q.otherStems) if (pathNames(look, text, s)) return true;
  return false;
}
