// Whether an expression certainly evaluates to a string, though its text is only known at run time:
// a resource URI built by a template literal (`docs://${id}`), directly, through a const, or returned
// by a helper (`uriFor(id)`). Such a URI is a plain resource, never a ResourceTemplate.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Scope } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";

const MAX_DEPTH = 6;
const NONE: ReadonlySet<string> = new Set();

/** `hidden`: names declared in the functions around the expression, which hide the file's consts. */
export function certainlyString(ev: Evaluator, scope: Scope, ir: ValueExpr, hidden: ReadonlySet<string>, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  switch (ir.k) {
    case "lit":
      return typeof ir.value === "string";
    case "dyn":
      // An untagged template literal: `...${x}...` is a string whatever x is.
      return ir.text.startsWith("`");
    case "ref": {
      const bound = lookupBinding(scope, ir.name);
      if (bound) return "expr" in bound ? certainlyString(ev, bound.scope, bound.expr, NONE, depth + 1) : bound.value.t === "prim" && typeof bound.value.value === "string";
      if (hidden.has(ir.name)) return false;
      const decl = ev.summary(scope.file)?.decls.get(ir.name);
      if (decl?.k === "const") return certainlyString(ev, ev.fileScope(scope.file), decl.init, NONE, depth + 1);
      const v = ev.evaluate(ir, scope, { calls: false });
      return v.t === "prim" && typeof v.value === "string";
    }
    case "call": {
      if (ir.callee.k !== "ref" || hidden.has(ir.callee.name)) return false;
      const fn = ev.lookup(ir.callee.name, scope, { file: scope.file, span: ir.span }, { calls: false });
      if (fn.t !== "fn" || !fn.fn.result) return false;
      const vars = new Map<string, Binding>();
      fn.fn.params.forEach((p, i) => {
        if (p && ir.args[i]) vars.set(p, { expr: ir.args[i]!, scope });
      });
      const inner: Scope = { file: fn.scope.file, vars, parent: fn.scope };
      for (const [name, expr] of fn.fn.locals) vars.set(name, { expr, scope: inner });
      return certainlyString(ev, inner, fn.fn.result, NONE, depth + 1);
    }
    default:
      return false;
  }
}

/** A name's binding in the function scopes around (undefined: not bound there, look at the file). */
function lookupBinding(scope: Scope, name: string): Binding | undefined {
  for (let s: Scope | null = scope; s && s.vars; s = s.parent) {
    const b = s.vars.get(name);
    if (b) return b;
  }
  return undefined;
}
