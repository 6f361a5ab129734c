// A workspace file's syntax tree with parent pointers, for the few reads the summaries do not keep
// (a node's surroundings, a decorator's body, the arms of a condition). Dialects share it: one parse
// per file and evaluator, and the last few kept by the summary they belong to.
import type { Evaluator } from "../evaluate/evaluator";
import type { FileSummary } from "../model/summary";
import { ts } from "../typescript";
import { cutDeepSubtrees } from "./cutDeepSubtrees";
import { scriptKindOf } from "./parseFile";

const parsed = new WeakMap<Evaluator, Map<string, ts.SourceFile | null>>();

/**
 * The last few parses, by the summary they belong to (a new text gets a new summary): each server is
 * analysed with an evaluator of its own, and a file holding many servers (a test file, a folder of
 * examples) was parsed again for each of them. Bounded: an AST is about ten times its text.
 */
const recent = new Map<FileSummary, ts.SourceFile>();
const RECENT_PARSES = 16;

/** The file's source, parsed with parent pointers (the summaries keep none), once per evaluator. */
export function parsedSource(ev: Evaluator, file: string): ts.SourceFile | undefined {
  let files = parsed.get(ev);
  if (!files) parsed.set(ev, (files = new Map()));
  if (files.has(file)) return files.get(file) ?? undefined;
  const summary = ev.summary(file);
  const handed = summary && handedOver.get(summary);
  if (handed) {
    handedOver.delete(summary!);
    setParents(handed);
    keep(summary!, handed);
  }
  const kept = summary && recent.get(summary);
  if (kept && kept.fileName === file) {
    recent.delete(summary!);
    recent.set(summary!, kept);
    files.set(file, kept);
    return kept;
  }
  const text = ev.host.text?.(file);
  const ok = text !== undefined && text.length === summary?.textLength;
  const sf = ok ? ts.createSourceFile(file, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, true, scriptKindOf(file)) : null;
  // The tree the summary was made of: cut where it was (a handed-over tree already is).
  if (sf && summary?.deepCut) cutDeepSubtrees(sf);
  files.set(file, sf);
  if (sf && summary) keep(summary, sf);
  return sf ?? undefined;
}

function keep(summary: FileSummary, sf: ts.SourceFile): void {
  recent.set(summary, sf);
  if (recent.size > RECENT_PARSES) recent.delete(recent.keys().next().value!);
}

/**
 * Parses the summariser made (no parent pointers), handed over for files whose summary will likely be
 * read around again: an SDK replay asks which arm of a condition runs for every conditional
 * registration. Setting the parents is a walk; parsing the file again was most of what deciding those
 * conditions cost. Bounded like the parses above.
 */
const handedOver = new Map<FileSummary, ts.SourceFile>();

/** Keeps `sf` (parsed from exactly the text `summary` was made of, no parent pointers) for `parsedSource`. */
export function handOverParse(summary: FileSummary, sf: ts.SourceFile): void {
  handedOver.set(summary, sf);
  if (handedOver.size > RECENT_PARSES) handedOver.delete(handedOver.keys().next().value!);
}

/** What `createSourceFile(…, setParentNodes: true)` does after parsing, for a tree parsed without JSDoc. */
function setParents(sf: ts.SourceFile): void {
  const visit = (parent: ts.Node) => (child: ts.Node): void => {
    (child as { parent: ts.Node }).parent = parent;
    ts.forEachChild(child, visit(child));
  };
  ts.forEachChild(sf, visit(sf));
}
