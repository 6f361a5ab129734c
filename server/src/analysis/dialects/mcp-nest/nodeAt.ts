// The node written at a place of a workspace file's tree (core's parsedSource), for the few reads the
// summaries do not keep: a decorator's body, the branches of a conditional entry of @Module.
import type { Span } from "../../core/model/summary";
import { ts } from "../../core/typescript";

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
