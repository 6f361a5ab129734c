import { SK, ts } from "../typescript";
import type { ArrItem, TopWrite } from "../model/summary";
import { spanOf, type SummaryContext } from "./context";
import { toValueExpr } from "./valueExpr";
import { readSetWrite } from "./objectWrites";

/**
 * The top-level statements that only write `name.key = value` or push onto `name` (`name.push(a)`),
 * by name. A statement of the top level runs once, after the ones above it, on every way through the
 * module (a condition, a loop or a function body is not the top level, so what they write is not
 * read here): what these statements write is known for what runs after them.
 */
export function readTopWrites(ctx: SummaryContext, statements: ts.NodeArray<ts.Statement>): ReadonlyMap<string, readonly TopWrite[]> | undefined {
  let writes: Map<string, TopWrite[]> | undefined;
  const add = (name: string, w: TopWrite) => {
    writes ??= new Map();
    let list = writes.get(name);
    if (!list) writes.set(name, (list = []));
    list.push(w);
  };
  for (const s of statements) {
    if (!ts.isExpressionStatement(s)) continue;
    const e = s.expression;
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === SK.EqualsToken) {
      const set = readSetWrite(ctx, s);
      if (set) add(set.name, set.write);
    } else if (ts.isCallExpression(e) && !e.questionDotToken && ts.isPropertyAccessExpression(e.expression)) {
      const callee = e.expression;
      if (callee.questionDotToken || !ts.isIdentifier(callee.expression) || callee.name.text !== "push") continue;
      const items: ArrItem[] = e.arguments.map((a) => (ts.isSpreadElement(a) ? { k: "spread", expr: toValueExpr(ctx, a.expression), span: spanOf(ctx, a) } : toValueExpr(ctx, a)));
      add(callee.expression.text, { k: "push", items, span: spanOf(ctx, s), head: { start: callee.getStart(ctx.sf), end: callee.end } });
    }
  }
  return writes;
}
