// `for (const register of [registerTools, registerPrompts]) register(server)`, the same with
// `[registerTools, registerPrompts].forEach((register) => register(server))`, and `for (const m of
// [issues, wiki]) m.register(server)`: a callee that is the item of a loop over a collection the source
// gives (or a method of it) stands for each item's function in turn. Only when every item is
// a function whose code the analysis reads; otherwise nothing is claimed and the call stays open.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope } from "../../core/evaluate/values";
import type { LoopGuard, ValueExpr } from "../../core/model/summary";
import { functionOfValue, instanceMethod, objectMethod, type FunctionTarget } from "./methodTargets";
import { bindingOf } from "./unitScope";
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import { returnedCollection } from "./returnedCollections";

export type ItemFunction = FunctionTarget;

/** Most items read one by one: a larger table is not a list of registrars. */
const MAX_ITEMS = 50;

/**
 * The functions `over` holds, in order (with `member`, each item's method of that name: `m.register`);
 * undefined unless it is an array whose every item gives a readable function.
 */
export function itemFunctions(ev: Evaluator, over: ValueExpr, scope: Scope, want?: (file: string) => void, member?: string, className?: string): ItemFunction[] | undefined {
  // An array the file does not change (a changed one evaluates to no array at all), maybe returned by a function.
  const source = returnedCollection(ev, over, scope, className);
  const value = ev.evaluate(source.expr, source.scope, { calls: false });
  if (value.t !== "arr" || value.items.length === 0 || value.items.length > MAX_ITEMS) return undefined;
  // `[new ClockTool(), new StandupPrompt()]`: instances, read from the array's own text.
  const written = member === undefined ? undefined : arrayItemsOf(ev, source.expr, source.scope, 0);
  const out: ItemFunction[] = [];
  for (const [i, item] of value.items.entries()) {
    const at = written?.length === value.items.length ? written[i] : undefined;
    const found = member === undefined ? functionOfValue(ev, item, want) : (objectMethod(ev, item, member, want) ?? (at && instanceMethod(ev, at.scope, at.expr, member, want)));
    if (!found || found.unit.bodiless) return undefined;
    out.push(found);
  }
  return out;
}

/** The items of the array literal `over` stands for (itself, or a const's value), each with the scope it is written in. */
function arrayItemsOf(ev: Evaluator, over: ValueExpr, scope: Scope, depth: number): { expr: ValueExpr; scope: Scope }[] | undefined {
  if (depth > 8) return undefined;
  if (over.k === "arr") return over.items.some((i) => i.k === "spread") ? undefined : over.items.map((expr) => ({ expr: expr as ValueExpr, scope }));
  if (over.k !== "ref") return undefined;
  const bound = bindingOf(scope, over.name);
  if (bound) return "expr" in bound ? arrayItemsOf(ev, bound.expr, bound.scope, depth + 1) : undefined;
  const declared = constDeclaration(ev, scope.file, over.name);
  return declared ? arrayItemsOf(ev, declared.init, ev.fileScope(declared.file), depth + 1) : undefined;
}

/** The innermost loop of `loops` whose item is bound to `name` (`for (const name of ...)`). */
export function loopBinding(loops: readonly LoopGuard[] | undefined, name: string): ItemLoop | undefined {
  const loop = loops?.at(-1);
  return loop?.kind === "of" && loop.binding === name ? loop : undefined;
}

/** `[a, b].forEach((item) => ...)`: the innermost loop over every item, with no variable of its own (a callback's). */
export function callbackLoop(loops: readonly LoopGuard[] | undefined): ItemLoop | undefined {
  const loop = loops?.at(-1);
  return loop?.kind === "of" && loop.binding === undefined ? loop : undefined;
}

type ItemLoop = Extract<LoopGuard, { readonly over: ValueExpr }>;
