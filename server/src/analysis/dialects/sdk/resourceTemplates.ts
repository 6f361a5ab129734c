// Where a registration's `new ResourceTemplate(...)` is written: in place, in a const (or a member of a
// const record), or returned by a helper called right there.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Scope } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";
import { sdkNameOf } from "./findSdkServers";
import { SDK_EVAL } from "./sdkEval";
import { bindingOf } from "../../core/evaluate/unitScope";
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import { literalAt } from "./literalAt";

/**
 * `new ResourceTemplate(...)` written in place, through a `const`, or returned by a helper function
 * (local or imported) called here, with the scope its arguments are read in (the helper's parameters
 * bound to the call's arguments).
 */
export function templateOf(ev: Evaluator, scope: Scope, ir: ValueExpr, depth = 0): { template: Extract<ValueExpr, { k: "new" }>; scope: Scope } | undefined {
  const summary = ev.summary(scope.file);
  if (!summary || depth > 6) return undefined;
  if (ir.k === "new") return sdkNameOf(summary, ir.callee, ev) === "ResourceTemplate" ? { template: ir, scope } : undefined;
  if (ir.k === "ref") {
    const bound = bindingOf(scope, ir.name);
    if (bound) return "expr" in bound ? templateOf(ev, bound.scope, bound.expr, depth + 1) : undefined;
    // A const of the file, or one another module exports (`import { repoTemplate } from "./templates.js"`).
    const declared = constDeclaration(ev, scope.file, ir.name);
    return declared ? templateOf(ev, ev.fileScope(declared.file), declared.init, depth + 1) : undefined;
  }
  // `t.template` of a const record, or of a loop's item bound to the entry it is written as.
  if (ir.k === "get") {
    const member = literalAt(ev, scope, ir);
    return member.expr !== ir ? templateOf(ev, member.scope, member.expr, depth + 1) : undefined;
  }
  if (ir.k !== "call" || ir.callee.k !== "ref") return undefined;
  const fn = ev.lookup(ir.callee.name, scope, { file: scope.file, span: ir.span }, SDK_EVAL);
  if (fn.t !== "fn" || !fn.fn.result) return undefined;
  const vars = new Map<string, Binding>();
  fn.fn.params.forEach((p, i) => {
    if (p && ir.args[i]) vars.set(p, { expr: ir.args[i]!, scope });
  });
  return templateOf(ev, { file: fn.scope.file, vars, parent: fn.scope }, fn.fn.result, depth + 1);
}
