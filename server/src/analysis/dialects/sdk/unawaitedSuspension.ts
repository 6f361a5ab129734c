// An async function called with nothing waiting for it (`setup();`, `void setup()`,
// `setup().catch(log)`) runs up to its first `await` and returns; the rest of its body runs later,
// after the code that follows the call, which is most often `await server.connect(transport)`.
// connect() marks the server connected before it first awaits, so a registration written after that
// `await` in the helper comes after connect(): the SDK then refuses a new capability ("Cannot
// register capabilities after connecting to transport") and, the rejection going unhandled, the
// process ends before it answers. The replay runs a callee's body in one go: from the point found
// here on, the callee's events must not be taken as coming before what its caller does next.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEvent, FlowUnit } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";

/**
 * The offset in `calleeFile` from which `callee`'s events run only after its first suspension, when
 * `call` (written in `callerFile`) drops the promise of an async `callee` and some event of the callee
 * comes after that point; undefined otherwise (awaited, handed on, not async, or nothing after it).
 */
export function unawaitedSuspension(ev: Evaluator, callerFile: string, call: FlowEvent, calleeFile: string, callee: FlowUnit, names: ReadonlySet<string>): number | undefined {
  const lastEvent = callee.events.at(-1);
  if (!lastEvent) return undefined;
  // Most helpers are not async: a text without the word up to its first event needs no parse (a
  // word that is not the modifier only costs the parse that tells).
  const head = ev.host.text?.(calleeFile)?.slice(callee.span.start, callee.events[0]!.event.span.start);
  if (head !== undefined && !/\basync\b/.test(head)) return undefined;
  const calleeTree = parsedSource(ev, calleeFile);
  const fn = calleeTree && nodeAt(calleeTree, callee.span);
  if (!fn || !isAsyncFunction(fn)) return undefined;
  const at = firstSuspension(fn, calleeTree);
  if (at === undefined || !callee.events.some(({ event }) => event.span.start >= at)) return undefined;
  // A helper that connects the server itself after the await (`async function main() { await
  // loadConfig(); server.registerTool(...); await server.connect(t); }`) keeps its own order: what it
  // registers first is in place when it connects (the caller's registrations racing that connect are
  // asyncRaces.ts's question).
  if (callee.events.some(({ event }) => event.span.start >= at && event.k === "call" && event.method === "connect" && names.has(event.receiver.join(".")))) return undefined;
  const callerTree = parsedSource(ev, callerFile);
  const callNode = callerTree && nodeAt(callerTree, call.span);
  return callNode && promiseDropped(callNode) ? at : undefined;
}

function isAsyncFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  if (!(ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node))) return false;
  return ts.getModifiers(node)?.some((m) => m.kind === SK.AsyncKeyword) === true && node.asteriskToken === undefined;
}

/**
 * Where the function first gives control back, as an offset: the end of the first `await`'s operand
 * (what it awaits is evaluated before), or the start of a loop holding an `await` (its earlier
 * iterations ran the code before the `await` again after it). Nested functions are their own.
 */
function firstSuspension(fn: ts.FunctionLikeDeclaration, sf: ts.SourceFile): number | undefined {
  let first: number | undefined;
  const note = (at: number) => {
    if (first === undefined || at < first) first = at;
  };
  const visit = (node: ts.Node, loop: ts.Node | undefined): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isAwaitExpression(node)) note(loop ? loop.getStart(sf) : node.expression.end);
    if (ts.isForOfStatement(node) && node.awaitModifier) note(loop ? loop.getStart(sf) : node.expression.end);
    const inLoop = ts.isIterationStatement(node, false) ? (loop ?? node) : loop;
    ts.forEachChild(node, (child) => visit(child, inLoop));
  };
  if (fn.body) ts.forEachChild(fn.body, (child) => visit(child, undefined));
  return first;
}

/**
 * Whether nothing waits for the promise a call makes before the code after it runs: a statement of its
 * own, `void`, `.catch(...)`/`.finally(...)` of one, an item of `Promise.all([...])` (and its kin) left
 * so, or a promise kept in a name (`const ready = setup()`), which may be awaited only after connect().
 */
function promiseDropped(call: ts.Node): boolean {
  let cur = call;
  for (;;) {
    let parent = cur.parent;
    while (parent && ts.isParenthesizedExpression(parent)) parent = parent.parent;
    if (!parent) return false;
    if (ts.isExpressionStatement(parent)) return true;
    if (ts.isVariableDeclaration(parent) && parent.initializer !== undefined && skipParens(parent.initializer) === cur) return true;
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === SK.EqualsToken && skipParens(parent.right) === cur) return true;
    if (ts.isVoidExpression(parent)) {
      cur = parent;
      continue;
    }
    const combined = ts.isArrayLiteralExpression(parent) && parent.parent && ts.isCallExpression(parent.parent) && parent.parent.arguments[0] === parent && isPromiseCombinator(parent.parent.expression);
    if (combined) {
      cur = parent.parent;
      continue;
    }
    const chained = ts.isPropertyAccessExpression(parent) && (parent.name.text === "catch" || parent.name.text === "finally") && parent.parent && ts.isCallExpression(parent.parent) && parent.parent.expression === parent;
    if (!chained) return false;
    cur = parent.parent;
  }
}

function skipParens(e: ts.Expression): ts.Expression {
  let cur = e;
  while (ts.isParenthesizedExpression(cur)) cur = cur.expression;
  return cur;
}

/** `Promise.all`, `Promise.allSettled`, `Promise.race`, `Promise.any`: a promise of the array's promises. */
function isPromiseCombinator(callee: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === "Promise" && ["all", "allSettled", "race", "any"].includes(callee.name.text);
}
