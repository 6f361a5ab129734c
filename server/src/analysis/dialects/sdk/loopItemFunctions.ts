// `for (const register of [registerTools, registerPrompts]) register(server)`, and the same with
// `[registerTools, registerPrompts].forEach((register) => register(server))`: a callee that is the item
// of a loop over a collection the source gives stands for each item in turn. Only when every item is
// a function whose code the analysis reads; otherwise nothing is claimed and the call stays open.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope, Value } from "../../core/evaluate/values";
import type { FlowUnit, LoopGuard, ValueExpr } from "../../core/model/summary";

export interface ItemFunction {
  readonly file: string;
  readonly unit: FlowUnit;
}

/** Most items read one by one: a larger table is not a list of registrars. */
const MAX_ITEMS = 50;

/** The functions `over` holds, in order; undefined unless it is an array of readable functions. */
export function itemFunctions(ev: Evaluator, over: ValueExpr, scope: Scope, want?: (file: string) => void): ItemFunction[] | undefined {
  const value = ev.evaluate(over, scope, { calls: false });
  if (value.t !== "arr" || value.items.length === 0 || value.items.length > MAX_ITEMS) return undefined;
  const out: ItemFunction[] = [];
  for (const item of value.items) {
    const found = functionOf(ev, item, want);
    if (!found) return undefined;
    out.push(found);
  }
  return out;
}

function functionOf(ev: Evaluator, item: Value, want?: (file: string) => void): ItemFunction | undefined {
  if (item.t !== "fn") return undefined;
  const file = item.scope.file;
  // A helper module that does not import the SDK (it takes the server as a parameter) gets a flow on request.
  if (ev.summary(file)?.flow === undefined) want?.(file);
  const span = item.fn.bodySpan;
  let best: FlowUnit | undefined;
  for (const u of ev.summary(file)?.flow?.units ?? []) {
    if (u.kind === "module" || u.span.start > span.start || span.end > u.span.end) continue;
    if (!best || u.span.end - u.span.start < best.span.end - best.span.start) best = u;
  }
  return best && !best.bodiless ? { file, unit: best } : undefined;
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
