// A function of the file that hands the server on by returning it, where every call of it throws the
// result away: `main().catch(fail)`, `await main();`, `void main()`. Nothing then holds the server
// after it returns, so what "its callers add" is nothing. Any other mention of the function (exported,
// passed as a value, its result kept or given to `.then`) keeps its callers unfollowed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { exportNamesOf } from "./factoryCallers";
import { nodeAt, parsedSource } from "./containerStores";
import { isIgnored } from "../../core/evaluate/discardedResult";

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

/** Whether the value of the call written at `span` of `file` goes nowhere (`f();`, `await f();`, `void f()`). */
export function callResultIgnored(ev: Evaluator, file: string, span: { readonly start: number; readonly end: number }): boolean {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, span) : undefined;
  return node !== undefined && ts.isCallExpression(node) && isIgnored(node);
}
