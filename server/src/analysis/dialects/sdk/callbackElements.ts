// `Object.entries(groups).forEach(([name, register]) => register(server))`: a callback whose first
// parameter takes each item apart. The names it gives the item's elements, by place, are what the
// replay reads each item's function under (as for `for (const [name, register] of …)`).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";

export function callbackElements(ev: Evaluator, file: string, unit: FlowUnit): { readonly name: string; readonly index: number }[] | undefined {
  const sf = parsedSource(ev, file);
  const fn = sf ? nodeAt(sf, unit.span) : undefined;
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
  const pattern = fn.parameters[0]?.name;
  if (!pattern || !ts.isArrayBindingPattern(pattern)) return undefined;
  const out: { name: string; index: number }[] = [];
  pattern.elements.forEach((el, index) => {
    if (ts.isBindingElement(el) && ts.isIdentifier(el.name) && !el.dotDotDotToken && !el.initializer) out.push({ name: el.name.text, index });
  });
  return out.length > 0 ? out : undefined;
}
