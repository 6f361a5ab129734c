// A function of the file that hands the server on by returning it, where every call of it throws the
// result away: `main().catch(fail)`, `await main();`, `void main()`. Nothing then holds the server
// after it returns, so what "its callers add" is nothing. Any other mention of the function (exported,
// passed as a value, its result kept or given to `.then`) keeps its callers unfollowed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { exportNamesOf } from "./factoryCallers";
import { nodeAt, parsedSource } from "./containerStores";

/** Methods of a promise whose callbacks never see its value (only a rejection, or nothing). */
const VALUE_BLIND = new Set(["catch", "finally"]);

export function resultIgnoredEverywhere(ev: Evaluator, file: string, unit: FlowUnit): boolean {
  if (unit.kind !== "function" || !unit.nameSpan) return false;
  const summary = ev.summary(file);
  const sf = parsedSource(ev, file);
  if (!summary || !sf || exportNamesOf(summary, unit.name).length > 0) return false;
  const name = unit.name;
  let calls = 0;
  let ok = true;
  const visit = (n: ts.Node): void => {
    if (!ok) return;
    if (ts.isIdentifier(n) && n.text === name) {
      if (n.getStart(sf) === unit.nameSpan!.start) return;
      const call = n.parent;
      if (call && ts.isCallExpression(call) && call.expression === n && isIgnored(call)) calls++;
      else ok = false;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return ok && calls > 0;
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

/** Whether the value of the call written at `span` of `file` goes nowhere (`f();`, `await f();`, `void f()`). */
export function callResultIgnored(ev: Evaluator, file: string, span: { readonly start: number; readonly end: number }): boolean {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, span) : undefined;
  return node !== undefined && ts.isCallExpression(node) && isIgnored(node);
}
