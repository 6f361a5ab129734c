// The first `await` an async function's own body runs, read from its syntax: what it writes before
// (logging, consts, calls) runs at once when the function is called without `await`; from that `await`
// on, it goes on only once its caller's current code has run. An `await` in a function written inside
// it (a callback, an arrow) is not one of its own. Strings, comments and templates are no trouble here,
// as they were for a reading of the text.
import type { Span } from "../model/summary";
import { ts } from "../typescript";

export interface OwnAwait {
  /** Where the `await` is written. */
  readonly at: number;
  /** Where the expression it awaits begins: that call is made before the function suspends. */
  readonly operand: number;
}

/** The function-like node spanning `span` in `sf`, and its first own `await` (`for await` too). */
export function firstOwnAwait(sf: ts.SourceFile, span: Span): OwnAwait | undefined {
  const fn = functionAt(sf, span);
  const body = fn?.body;
  if (!body) return undefined;
  let found: OwnAwait | undefined;
  const visit = (n: ts.Node): void => {
    if (found || ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isAwaitExpression(n)) {
      // The operand is evaluated, and any await inside it runs, before this one suspends.
      ts.forEachChild(n, visit);
      found ??= { at: n.getStart(sf), operand: n.expression.getStart(sf) };
      return;
    }
    if (ts.isForOfStatement(n) && n.awaitModifier) {
      ts.forEachChild(n.expression, visit);
      found ??= { at: n.awaitModifier.getStart(sf), operand: n.expression.getStart(sf) };
      return;
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

function functionAt(sf: ts.SourceFile, span: Span): ts.FunctionLikeDeclaration | undefined {
  let found: ts.FunctionLikeDeclaration | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.end < span.start || n.pos > span.end) return;
    if (ts.isFunctionLike(n) && "body" in n && n.getStart(sf) === span.start && n.end === span.end) {
      found = n as ts.FunctionLikeDeclaration;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
