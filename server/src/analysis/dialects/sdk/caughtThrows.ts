// A registration that throws (after connect()) inside `try { ... } catch { ... }` of its own function
// does not stop the program: the catch takes the error, the capability is not added, and the server
// goes on serving (core/evaluate/caughtTry.ts says which catches count).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEventEntry } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { catchingTry } from "../../core/evaluate/caughtTry";



/** The SDK transports' methods that read a request and have the server answer it. */
const ANSWERING = new Set(["handleRequest", "handlePostMessage"]);

/**
 * In the `try` block whose `catch` takes what the event throws, a later statement that hands the
 * request to a transport (`await transport.handleRequest(req, res, req.body)`): a throw skips it, and
 * the catch answers instead. Functions written there are not run there, so not searched.
 */
export function answerSkippedByThrow(ev: Evaluator, file: string, entry: FlowEventEntry): { what: string; span: { start: number; end: number } } | undefined {
  const found = catchingTry(ev, file, entry);
  const at = "span" in entry.event ? (entry.event.span as { start: number }).start : undefined;
  if (!found || at === undefined) return undefined;
  const { sf, statement } = found;
  const statements = statement.tryBlock.statements;
  const index = statements.findIndex((s) => s.getStart(sf) <= at && at < s.end);
  if (index < 0) return undefined;
  let call: ts.CallExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (call || ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ANSWERING.has(n.expression.name.text)) {
      call = n;
      return;
    }
    ts.forEachChild(n, visit);
  };
  for (const s of statements.slice(index + 1)) visit(s);
  if (!call) return undefined;
  return { what: `${call.expression.getText(sf).replace(/\s+/g, " ").slice(0, 80)}(…)`, span: { start: call.getStart(sf), end: call.end } };
}

