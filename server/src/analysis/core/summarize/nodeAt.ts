// The syntax node the summary recorded an expression for, found again in the parsed file by its span
// (its first token to its end), for the few reads the summaries do not keep.
import type { Span } from "../model/summary";
import { ts } from "../typescript";

/** The outermost node written exactly at `span` that `accept` takes. */
export function nodeAt(sf: ts.SourceFile, span: Span, accept: (n: ts.Node) => boolean = (n) => n.kind !== ts.SyntaxKind.SyntaxList): ts.Node | undefined {
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

/** The innermost node that spans exactly `span` (an expression the summary recorded, not the statement or parentheses around it). */
export function innermostNodeAt(sf: ts.SourceFile, span: Span): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (n.end < span.end || n.pos > span.start) return;
    if (n.getStart(sf) === span.start && n.end === span.end) found = n;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
