// Where the code of a function the evaluator found is written, and the unit of a flow summary that
// holds it: `notes.register` on a module namespace is the module's export of that name (a namespace
// cannot be changed), `plugin.mount` on an object literal is the function its key holds.
import type { Evaluator, EvalOptions } from "./evaluator";
import { DYNAMIC_KEY, type Value } from "./values";
import type { FlowUnit, Span } from "../model/summary";
import { TABLE_EVAL } from "./tableEval";

/** A function's code: its file, and the span of its body (`exact`: the span of the unit itself). */
export interface FunctionPlace {
  readonly file: string;
  readonly span: Span;
  readonly exact: boolean;
}

/** The function a value is (undefined for anything else). */
export function functionPlace(value: Value): FunctionPlace | undefined {
  return value.t === "fn" ? { file: value.scope.file, span: value.fn.bodySpan, exact: false } : undefined;
}

/** The function `member` of a module namespace or of an object literal value; undefined for anything else. */
export function memberFunctionPlace(ev: Evaluator, value: Value, member: string, opts: EvalOptions = TABLE_EVAL): FunctionPlace | undefined {
  if (value.t === "ns") return functionPlace(ev.resolveExport(value.file, member, value.loc, opts));
  // A spread whose keys are not known may hide the member with another function.
  if (value.t !== "obj" || value.entries.has(DYNAMIC_KEY)) return undefined;
  const entry = value.entries.get(member)?.value;
  if (entry?.t === "fn") return functionPlace(entry);
  // An object literal's method (`{ mount(server) {...} }`) is kept as its source: its own unit.
  return entry?.t === "dyn" ? { file: entry.loc.file, span: entry.loc.span, exact: true } : undefined;
}

/** The innermost function unit holding `span` (`exact`: spanning it exactly). */
export function unitAt(units: readonly FlowUnit[], span: Span, exact = false): FlowUnit | undefined {
  let best: FlowUnit | undefined;
  for (const u of units) {
    if (u.kind === "module") continue;
    const fits = exact ? u.span.start === span.start && u.span.end === span.end : u.span.start <= span.start && span.end <= u.span.end;
    if (fits && (!best || u.span.end - u.span.start < best.span.end - best.span.start)) best = u;
  }
  return best;
}
