// `registerPrompt(p.name, p.config, …)`, `registerResource(t.name, t.template, …)` with `p`/`t` a const
// record, a loop's item bound to the table entry it is written as (core/evaluate/writtenItems.ts), or
// `PROMPTS[k]` with `k` a known key: the expression written for the member, followed through consts
// and imports, for checks that look at how an argument is written rather than at its value.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import { bindingOf } from "../../core/evaluate/unitScope";
import { SDK_EVAL } from "./sdkEval";

/** How many names and members the search passes through. */
const MAX_DEPTH = 8;

/**
 * The expression a const name or a member of a const object literal stands for (`p.config` with
 * `const p = { config: {...} }`, here, in the function around, or imported), with the scope it is
 * read in; the expression itself when it is none of those.
 */
export function literalAt(ev: Evaluator, scope: Scope, ir: ValueExpr, depth = 0): { expr: ValueExpr; scope: Scope } {
  if (depth > MAX_DEPTH) return { expr: ir, scope };
  if (ir.k === "ref") {
    const bound = bindingOf(scope, ir.name);
    if (bound) return "expr" in bound ? literalAt(ev, bound.scope, bound.expr, depth + 1) : { expr: ir, scope };
    const declared = constDeclaration(ev, scope.file, ir.name);
    return declared ? literalAt(ev, ev.fileScope(declared.file), declared.init, depth + 1) : { expr: ir, scope };
  }
  if (ir.k === "freeze") return literalAt(ev, scope, ir.arg, depth + 1);
  if (ir.k === "get") {
    const name = memberName(ev, scope, ir);
    if (name === undefined) return { expr: ir, scope };
    const object = literalAt(ev, scope, ir.object, depth + 1);
    if (object.expr.k !== "obj" || object.expr.entries.some((x) => x.k !== "prop" || x.key.k !== "static")) return { expr: ir, scope };
    const entry = [...object.expr.entries].reverse().find((x) => x.k === "prop" && x.key.k === "static" && x.key.name === name);
    return entry?.k === "prop" ? literalAt(ev, object.scope, entry.value, depth + 1) : { expr: ir, scope };
  }
  return { expr: ir, scope };
}

/** `o.name`, or `o[k]` with `k` a string (or number) known where it is read. */
function memberName(ev: Evaluator, scope: Scope, ir: Extract<ValueExpr, { k: "get" }>): string | undefined {
  if (ir.key.k === "static") return ir.key.name;
  const key = ev.evaluate(ir.key.expr, scope, SDK_EVAL);
  return key.t === "prim" && (typeof key.value === "string" || typeof key.value === "number") ? String(key.value) : undefined;
}
