// A registration that throws (after connect()) inside `try { ... } catch { ... }` of its own function
// does not stop the program: the catch takes the error, the capability is not added, and the server
// goes on serving. Only a catch that neither throws again nor ends the process counts; anything else
// (a `finally` alone, a rethrow, `process.exit(1)` in the catch) leaves the throw as it was.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEventEntry } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";
import { ENDS_PROGRAM_TEXT } from "../../core/summarize/deadCode";
import { mayExitEarly } from "../../core/summarize/loopShapes";


/** Whether the event sits in the `try` block of a `try` whose `catch` keeps the program running. */
export function caughtAround(ev: Evaluator, file: string, entry: FlowEventEntry): boolean {
  return catchingTry(ev, file, entry) !== undefined;
}

/** The innermost `try` around the event whose `catch` (or `finally`) keeps the program running. */
function catchingTry(ev: Evaluator, file: string, entry: FlowEventEntry): { readonly sf: ts.SourceFile; readonly statement: ts.TryStatement } | undefined {
  const regions = entry.branches;
  if (!entry.conditional || !regions || regions.length === 0) return undefined;
  const sf = parsedSource(ev, file);
  if (!sf) return undefined;
  for (const region of [...regions].reverse()) {
    const m = /^(\d+):(\d+)$/.exec(region);
    if (!m) continue;
    const block = blockAt(sf, Number(m[1]), Number(m[2]));
    const parent = block?.parent;
    if (!block || !parent || !ts.isTryStatement(parent) || parent.tryBlock !== block) continue;
    // `finally { return s; }`: the finally's own exit replaces the throw.
    if (parent.finallyBlock && mayExitEarly(parent.finallyBlock)) return { sf, statement: parent };
    if (parent.catchClause !== undefined && !ENDS_PROGRAM_TEXT.test(parent.catchClause.block.getText(sf))) return { sf, statement: parent };
  }
  return undefined;
}

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

/** The block that spans exactly [start, end) (a region's node; the parse has parent pointers). */
function blockAt(sf: ts.SourceFile, start: number, end: number): ts.Block | undefined {
  let found: ts.Block | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.pos > start || n.end < end) return;
    if (ts.isBlock(n) && n.getStart(sf) === start && n.end === end) {
      found = n;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
