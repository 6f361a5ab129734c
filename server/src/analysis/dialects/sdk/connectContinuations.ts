// `server.connect(transport).then(() => { registerExtras(server); })`: a callback given to `.then` (or
// `.finally`) of connect()'s own promise runs once connect() has resolved, every time, and before any
// request is read (a promise continuation runs before the transport's input is). What it registers
// comes after connect() for certain, not "maybe": with nothing handling the rejection on the chain,
// a throw there is an unhandled rejection, which ends the process before it answers a client.
//
// Only the plain form is said so: a chain of `.then`/`.finally` links on the connect() call, the value
// dropped (an expression statement), no rejection handler on the chain (`.catch`, a second argument of
// `.then`: a `.catch` callback runs only when connect() fails, and one placed before the callback lets
// it run after a failure too), no process listener for unhandled rejections, and a callback that
// does not await (after an await, requests may be answered first). Anything else stays a callback that
// may run at any time.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { FlowUnit } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import { processHandlers } from "./rejectionFates";

/** The connect() call whose promise the callback `unit` continues, when it is the plain form above; `names`: the server's names there. */
export function continuesConnect(ev: Evaluator, file: string, unit: FlowUnit, names: ReadonlySet<string>, listenerFiles: readonly string[]): Loc | undefined {
  if (unit.kind !== "closure" || (unit.passedTo !== "then" && unit.passedTo !== "finally")) return undefined;
  const sf = parsedSource(ev, file);
  const fn = sf ? nodeAt(sf, unit.span) : undefined;
  if (!sf || !fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || awaits(fn)) return undefined;
  const link = fn.parent;
  if (!ts.isCallExpression(link) || link.arguments[0] !== fn || link.arguments.length !== 1) return undefined;
  // Down the chain to its head: only `.then(f)` / `.finally(f)` links before this one.
  let head: ts.Expression = link;
  for (;;) {
    if (!ts.isCallExpression(head) || !ts.isPropertyAccessExpression(head.expression)) return undefined;
    const method = head.expression.name.text;
    if (method === "connect") break;
    if ((method !== "then" && method !== "finally") || head.arguments.length !== 1) return undefined;
    head = head.expression.expression;
  }
  const receiver = (head as ts.CallExpression).expression as ts.PropertyAccessExpression;
  if (!names.has(receiver.expression.getText(sf).replace(/\s+/g, ""))) return undefined;
  // Up the chain from the callback's link: more `.then`/`.finally` links, then a statement of its own.
  let top: ts.Expression = link;
  while (ts.isPropertyAccessExpression(top.parent) && ts.isCallExpression(top.parent.parent) && top.parent.parent.expression === top.parent) {
    const method = top.parent.name.text;
    if ((method !== "then" && method !== "finally") || top.parent.parent.arguments.length !== 1) return undefined;
    top = top.parent.parent;
  }
  if (!ts.isExpressionStatement(top.parent)) return undefined;
  for (const f of new Set([file, ...listenerFiles])) {
    const listens = processHandlers(ev, f);
    if (listens.rejections || listens.exceptions) return undefined;
  }
  return { file, span: { start: head.getStart(sf), end: head.end } };
}

/** Whether the function's own body awaits (not a function nested in it). */
function awaits(fn: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || (n !== fn && ts.isFunctionLike(n))) return;
    if (ts.isAwaitExpression(n) || ts.isForOfStatement(n) && n.awaitModifier) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(fn);
  return found;
}
