// `startServer();`, `await startServer();`, `void startServer();`, `startServer().catch(onError);`: a
// call whose result nothing keeps. Whatever the function returns (a server it built and started) is
// then out of the program's reach: no code can add to it afterwards.
import type { Evaluator } from "./evaluator";
import type { Span } from "../model/summary";
import { ts } from "../typescript";
import { parsedSource } from "../summarize/parsedSource";
import { nodeAt } from "../summarize/nodeAt";

/** Methods of a promise whose callbacks never see its value (only a rejection, or nothing). */
const VALUE_BLIND = new Set(["catch", "finally"]);

/**
 * Whether the call written at `span` is a statement of its own, maybe awaited, `void`ed, parenthesised
 * or chained with `.catch(...)`/`.finally(...)` (whose promise is dropped in turn): its result is not used.
 */
export function resultDiscarded(ev: Evaluator, file: string, span: Span): boolean {
  const sf = parsedSource(ev, file);
  const call = sf ? nodeAt(sf, span, ts.isCallExpression) : undefined;
  return call !== undefined && isIgnored(call as ts.CallExpression);
}

/** `f();`, `await f();`, `void f()`, `f().catch(...)`, `await f().finally(...)`: the value goes nowhere. */
export function isIgnored(expr: ts.Expression): boolean {
  let top: ts.Node = expr;
  for (let hops = 0; hops < 8; hops++) {
    while (top.parent && (ts.isParenthesizedExpression(top.parent) || ts.isAwaitExpression(top.parent) || ts.isVoidExpression(top.parent) || ts.isAsExpression(top.parent) || ts.isNonNullExpression(top.parent))) {
      top = top.parent;
    }
    const parent = top.parent;
    if (!parent) return false;
    if (ts.isExpressionStatement(parent)) return true;
    // `items.forEach((r) => r(server))`: the arrow's value is its body's, and forEach drops it.
    if (ts.isArrowFunction(parent) && parent.body === top && droppedCallback(parent)) return true;
    // `f().catch(handler)`: the handler gets a rejection; the chain resolves to the server, so it too must go nowhere.
    const call = parent.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === top && VALUE_BLIND.has(parent.name.text) && call && ts.isCallExpression(call) && call.expression === parent) {
      top = call;
      continue;
    }
    return false;
  }
  return false;
}

/** Methods that call their callback for each item and drop what it returns. */
const DROPS_CALLBACK_VALUE = new Set(["forEach"]);

/** `xs.forEach(fn)` with `fn` the callback: what `fn` returns goes nowhere. */
function droppedCallback(fn: ts.ArrowFunction): boolean {
  const call = fn.parent;
  return ts.isCallExpression(call) && call.arguments[0] === fn && ts.isPropertyAccessExpression(call.expression) && DROPS_CALLBACK_VALUE.has(call.expression.name.text);
}

