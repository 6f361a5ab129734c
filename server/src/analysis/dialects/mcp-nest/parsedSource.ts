// The syntax tree of a workspace file, for the few reads the summaries do not keep (a decorator's
// body, the branches of a conditional entry of @Module): parsed with parent pointers, the last few
// files kept, since each decorator or entry of one file is read in turn.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span } from "../../core/model/summary";
import { scriptKindOf } from "../../core/summarize/parseFile";
import { ts } from "../../core/typescript";

const parsed: { file: string; text: string; sf: ts.SourceFile }[] = [];
const KEEP_PARSED = 16;

/** The file's tree, when its text is the one its summary was made from. */
export function sourceOf(ev: Evaluator, file: string): ts.SourceFile | undefined {
  const text = ev.host.text?.(file);
  if (text === undefined || text.length !== ev.summary(file)?.textLength) return undefined;
  const hit = parsed.find((p) => p.file === file && p.text === text);
  if (hit) return hit.sf;
  const sf = ts.createSourceFile(file, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, true, scriptKindOf(file));
  parsed.unshift({ file, text, sf });
  parsed.length = Math.min(parsed.length, KEEP_PARSED);
  return sf;
}

/** The outermost node written exactly at `span` that `accept` takes (its first token to its end). */
export function nodeAt(sf: ts.SourceFile, span: Span, accept: (n: ts.Node) => boolean): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.end < span.end || n.pos > span.start) return;
    if (n.getStart(sf) === span.start && n.end === span.end && accept(n)) {
      found = n;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
