// The syntax node the summary recorded an expression for, found again in the parsed file by its span.
import type { Span } from "../model/summary";
import { ts } from "../typescript";

/** The innermost node that spans exactly `span` (an expression the summary recorded). */
export function nodeAt(sf: ts.SourceFile, span: Span): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (n.getStart(sf) > span.start || n.end < span.end) return;
    if (n.getStart(sf) === span.start && n.end === span.end) found = n;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
