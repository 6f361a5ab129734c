// Whether an expression certainly evaluates to a string, though its text is only known at run time:
// a resource URI built by a template literal (`docs://${id}`), directly, through a const, or returned
// by a helper (`uriFor(id)`). Such a URI is a plain resource, never a ResourceTemplate.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Scope } from "../../core/evaluate/values";
import { bindingOf } from "../../core/evaluate/unitScope";
import type { ValueExpr } from "../../core/model/summary";
import { SDK_EVAL } from "./sdkEval";

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
      const bound = bindingOf(scope, ir.name);
      if (bound) return "expr" in bound ? certainlyString(ev, bound.scope, bound.expr, NONE, depth + 1) : bound.value.t === "prim" && typeof bound.value.value === "string";
      if (hidden.has(ir.name)) return false;
      const decl = ev.summary(scope.file)?.decls.get(ir.name);
      if (decl?.k === "const") return certainlyString(ev, ev.fileScope(scope.file), decl.init, NONE, depth + 1);
      const v = ev.evaluate(ir, scope, SDK_EVAL);
      return v.t === "prim" && typeof v.value === "string";
    }
    case "call": {
      if (ir.callee.k !== "ref" || hidden.has(ir.callee.name)) return false;
      const fn = ev.lookup(ir.callee.name, scope, { file: scope.file, span: ir.span }, SDK_EVAL);
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


/**
 * The text of a string built by a template literal whose every `${...}` is a name (or a property of
 * one) holding a known string: `${BASE}/{id}` after `const BASE = "docs://items"`. Undefined when any
 * part is not known statically.
 */
export function stringValue(ev: Evaluator, scope: Scope, ir: ValueExpr, depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  switch (ir.k) {
    case "lit":
      return typeof ir.value === "string" ? ir.value : undefined;
    case "ref": {
      const bound = bindingOf(scope, ir.name);
      if (bound) return "expr" in bound ? stringValue(ev, bound.scope, bound.expr, depth + 1) : bound.value.t === "prim" && typeof bound.value.value === "string" ? bound.value.value : undefined;
      const decl = ev.summary(scope.file)?.decls.get(ir.name);
      if (decl?.k === "const") return stringValue(ev, ev.fileScope(scope.file), decl.init, depth + 1);
      const v = ev.evaluate(ir, scope, SDK_EVAL);
      return v.t === "prim" && typeof v.value === "string" ? v.value : undefined;
    }
    case "get": {
      const v = ev.evaluate(ir, scope, SDK_EVAL);
      return v.t === "prim" && typeof v.value === "string" ? v.value : undefined;
    }
    case "dyn": {
      if (!ir.text.startsWith("`")) return undefined;
      const source = ev.host.text?.(scope.file)?.slice(ir.span.start, ir.span.end);
      const parts = source ? templateParts(source) : undefined;
      if (!parts) return undefined;
      let out = "";
      for (const part of parts) {
        if (typeof part === "string") out += part;
        else {
          const v = stringValue(ev, scope, part, depth + 1);
          if (v === undefined) return undefined;
          out += v;
        }
      }
      return out;
    }
    default:
      return undefined;
  }
}

const PATH = /^\s*([A-Za-z_$][\w$]*)((?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*$/;

/**
 * An untagged template literal's source split into its text and its `${name}` / `${name.prop}`
 * parts (as expressions to evaluate); undefined for escapes, nested literals or other expressions.
 */
function templateParts(source: string): (string | ValueExpr)[] | undefined {
  if (!source.startsWith("`") || !source.endsWith("`") || source.length < 2) return undefined;
  const body = source.slice(1, -1);
  const out: (string | ValueExpr)[] = [];
  let text = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === "\\" || c === "`") return undefined;
    if (c === "$" && body[i + 1] === "{") {
      const close = body.indexOf("}", i + 2);
      if (close < 0) return undefined;
      const m = PATH.exec(body.slice(i + 2, close));
      if (!m) return undefined;
      const span = { start: 0, end: 0 };
      let expr: ValueExpr = { k: "ref", name: m[1]!, span };
      for (const key of m[2]!.split(".").map((k) => k.trim()).filter(Boolean)) expr = { k: "get", object: expr, key: { k: "static", name: key, span }, span };
      if (text) out.push(text);
      text = "";
      out.push(expr);
      i = close;
    } else text += c;
  }
  if (text) out.push(text);
  return out;
}
