// `McpModule.forRoot({ ...baseMcpOptions, name: "docs" })`: options that spread a literal held by a
// const (of this file or imported) are that literal's properties followed by the ones written after,
// the last of each name winning, as the spread does at run time. Each property keeps the file it is
// written in, where its value is read. A spread of a call of a function that returns a literal is
// that literal (calledLiteral.ts), with its parameters' spreads laid out as what the call gives them.
// A spread of anything else is only known when it runs.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ObjEntry, ValueExpr } from "../../core/model/summary";
import { calledObject, type CalledObject, type ParamValue } from "./calledLiteral";
import { readsAny } from "../../core/model/valueReads";
import { resolveLiteral, resolveObject } from "./strategyOptions";

export interface OptionProp {
  readonly entry: Extract<ObjEntry, { k: "prop" }>;
  readonly file: string;
}

/** Spreads of spreads followed, and spreads in all, before giving up. */
const MAX_DEPTH = 8;
const MAX_SPREADS = 200;

/**
 * The options' properties by name, spreads laid out; undefined when a spread or a key is not known
 * statically. `params`: `obj` is the literal a function returns (calledLiteral.ts), and these are what
 * its parameters hold: a spread of one is what the call gives it; a property that reads one is not
 * known (its value would be read in the function's file, where the name means something else).
 */
export function optionProps(ev: Evaluator, file: string, obj: Extract<ValueExpr, { k: "obj" }>, changedElsewhere?: ReadonlySet<string>, depth = 0, budget = { spreads: 0 }, params?: ReadonlyMap<string, ParamValue>): Map<string, OptionProp> | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const out = new Map<string, OptionProp>();
  const names = new Set(params?.keys() ?? []);
  // What the summary cannot show (a function, a condition) may read a parameter too.
  const readsParam = (e: ValueExpr): boolean => names.size > 0 && readsAny(e, names);
  for (const entry of obj.entries) {
    if (entry.k === "prop") {
      if (entry.key.k !== "static" || readsParam(entry.value)) return undefined;
      out.set(entry.key.name, { entry, file });
      continue;
    }
    if (++budget.spreads > MAX_SPREADS) return undefined;
    const param = entry.expr.k === "ref" ? params?.get(entry.expr.name) : undefined;
    // `...undefined`: no property.
    if (param === "undefined") continue;
    if (!param && readsParam(entry.expr)) return undefined;
    const at = param ?? { expr: entry.expr, file };
    const spread = resolveObject(ev, at.file, at.expr, changedElsewhere) ?? spreadCall(ev, at.file, at.expr, changedElsewhere);
    const inner = spread ? optionProps(ev, spread.file, spread.obj, changedElsewhere, depth + 1, budget, "params" in spread ? spread.params : undefined) : undefined;
    if (!inner) return undefined;
    for (const [name, p] of inner) out.set(name, p);
  }
  return out;
}

/** `...mcpConfig()`, or `...options` with `const options = mcpConfig()`: the literal the call gives. */
export function spreadCall(ev: Evaluator, file: string, expr: ValueExpr, changedElsewhere?: ReadonlySet<string>): CalledObject | undefined {
  const found = resolveLiteral(ev, file, expr, changedElsewhere);
  return found ? calledObject(ev, found.file, found.expr) : undefined;
}
