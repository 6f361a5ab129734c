// The CLI idiom `main().then(() => process.exit(0))` (or `await main(); process.exit(0);`) ends the
// process once the function that serves returns, and connect() returns as soon as the transport is
// started: the server exits before any client is answered (trial 125: "exited with code 0 before
// answering initialize"). Read from the module's top-level statements, with parent pointers.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";
import { searchText } from "../../core/evaluate/textSearch";

const PROCESS_EXIT = /\bprocess\s*\.\s*exit\b/;

/** `process.exit(...)`. */
function isExitCall(e: ts.Expression): boolean {
  return ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === "exit" && ts.isIdentifier(e.expression.expression) && e.expression.expression.text === "process";
}

/** `process.exit(...)` as a statement of its own. */
function isExitStatement(s: ts.Statement): boolean {
  return ts.isExpressionStatement(s) && isExitCall(s.expression);
}

/** A handler that exits whatever it is given: `() => process.exit(0)`, or a body with such a statement of its own. */
function exitsUnconditionally(h: ts.Expression): boolean {
  if (!ts.isArrowFunction(h) && !ts.isFunctionExpression(h)) return false;
  if (ts.isBlock(h.body)) return h.body.statements.some(isExitStatement);
  return isExitCall(h.body);
}

/**
 * Where the program exits right after `fn()` resolves (`fn` a top-level function; undefined: the code
 * that connects runs at the top level itself, then `after` is where it connects).
 */
export function exitAfterServing(ev: Evaluator, file: string, fn: string | undefined, after: number): Span | undefined {
  // Most servers never call process.exit: their file is not parsed again for it.
  if ((searchText(ev.host, file, "sdk-process-exit", PROCESS_EXIT) ?? -1) < 0) return undefined;
  const sf = parsedSource(ev, file);
  if (!sf) return undefined;
  let awaited = fn === undefined;
  for (const st of sf.statements) {
    if (fn === undefined && st.end <= after) continue;
    if (awaited && isExitStatement(st)) return { start: st.getStart(sf), end: st.end };
    if (fn === undefined || !ts.isExpressionStatement(st)) continue;
    let e: ts.Expression = st.expression;
    if (ts.isVoidExpression(e)) e = e.expression;
    if (ts.isAwaitExpression(e) && ts.isCallExpression(e.expression) && ts.isIdentifier(e.expression.expression) && e.expression.expression.text === fn) {
      awaited = true;
      continue;
    }
    // `fn().then(h)`, `fn().then(h).catch(...)`, `fn().finally(h)`: a fulfilment handler that exits.
    let exitAt: ts.Expression | undefined;
    while (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
      const method = e.expression.name.text;
      const handler = e.arguments[0];
      if ((method === "then" || method === "finally") && handler && exitsUnconditionally(handler)) exitAt = handler;
      e = e.expression.expression;
    }
    if (exitAt && ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === fn) return { start: exitAt.getStart(sf), end: exitAt.end };
  }
  return undefined;
}
