// Where a name used as (or in) a decorator comes from, followed through imports and re-exports by
// their specifiers rather than by value: MCP-Nest's `Tool` re-exported by a barrel of the workspace is
// still MCP-Nest's `Tool`, which a value read from its `.d.ts` could not tell.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Scope } from "../../core/evaluate/values";
import type { FunctionSummary, Span, ValueExpr } from "../../core/model/summary";
import { NEST_COMMON, PACKAGE } from "./packageName";
import { importTarget } from "./reexports";

export type Primitive = "tools" | "resources" | "prompts";

/** Decorator (as exported by @rekog/mcp-nest) → the capability key its methods feed. */
export const DECORATORS: Readonly<Record<string, Primitive>> = {
  Tool: "tools",
  Resource: "resources",
  ResourceTemplate: "resources",
  Prompt: "prompts",
};

export type Origin =
  /** `Tool`, `Resource`, `ResourceTemplate` or `Prompt` of @rekog/mcp-nest. */
  | { readonly k: "mcp"; readonly kind: Primitive }
  /** `applyDecorators` of @nestjs/common: applies each of its arguments. */
  | { readonly k: "apply" }
  /** Anything a package exports (`SetMetadata`, `UseGuards`): it cannot apply MCP-Nest's decorators to the workspace's methods. */
  | { readonly k: "package" }
  /** A function of the workspace, with the scope its body reads. */
  | { readonly k: "fn"; readonly fn: FunctionSummary; readonly scope: Scope }
  /** A const of the workspace (or a bound parameter): the expression it holds. */
  | { readonly k: "expr"; readonly expr: ValueExpr; readonly scope: Scope }
  /** Not followed; `at` is where its definition is written, when known. */
  | { readonly k: "opaque"; readonly at?: { readonly file: string; readonly span: Span } };

/** Re-export hops and alias steps followed before giving up. */
const MAX_HOPS = 20;

/** Where `expr` (a name, or a namespace's member) comes from, read in `scope`. */
export function originOf(ev: Evaluator, expr: ValueExpr, scope: Scope, hops = 0): Origin {
  if (hops > MAX_HOPS) return { k: "opaque" };
  if (expr.k === "ref") {
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (!s.vars) return topLevel(ev, s.file, expr.name, hops);
      const b: Binding | undefined = s.vars.get(expr.name);
      if (b) return "expr" in b ? alias(ev, { k: "expr", expr: b.expr, scope: b.scope }, hops) : { k: "opaque" };
    }
    return { k: "opaque" };
  }
  if (expr.k === "get") {
    // `nest.Tool`, `decorators.Admin`: a namespace import's member.
    const binding = expr.object.k === "ref" && !shadowed(scope, expr.object.name) ? ev.summary(scope.file)?.imports.get(expr.object.name) : undefined;
    if (binding?.imported === "*" && expr.key.k === "static") return fromSpecifier(ev, binding.specifier, expr.key.name, scope.file, hops);
    // Another object's member is not followed: a package's (`Reflect.metadata`) is the package's; a
    // workspace class or object is read where it is written.
    const base = originOf(ev, expr.object, scope, hops + 1);
    if (base.k === "package" || base.k === "opaque") return base;
    if (base.k === "fn") return { k: "opaque", at: { file: base.scope.file, span: base.fn.bodySpan } };
    if (base.k === "expr") return { k: "opaque", at: { file: base.scope.file, span: base.expr.span } };
  }
  return { k: "opaque" };
}

function shadowed(scope: Scope, name: string): boolean {
  for (let s: Scope | null = scope; s?.vars; s = s.parent) if (s.vars.has(name)) return true;
  return false;
}

/** A const that only renames another (`const T = Tool`) is that other. */
function alias(ev: Evaluator, o: Extract<Origin, { k: "expr" }>, hops: number): Origin {
  return o.expr.k === "ref" || o.expr.k === "get" ? originOf(ev, o.expr, o.scope, hops + 1) : o;
}

function topLevel(ev: Evaluator, file: string, name: string, hops: number): Origin {
  const summary = ev.summary(file);
  const decl = summary?.decls.get(name);
  const scope: Scope = ev.fileScope(file);
  if (decl?.k === "function") return { k: "fn", fn: decl.fn, scope };
  if (decl?.k === "const") return decl.init.k === "fn" ? { k: "fn", fn: decl.init.fn, scope } : alias(ev, { k: "expr", expr: decl.init, scope }, hops);
  if (decl?.k === "class") return { k: "opaque", at: { file, span: summary!.classes[decl.classIndex]!.span } };
  if (decl) return decl.k === "enum" ? { k: "package" } : { k: "opaque" };
  const binding = summary?.imports.get(name);
  // Not declared nor imported: a global, which the workspace's own code does not define here.
  if (!binding) return { k: "package" };
  return fromSpecifier(ev, binding.specifier, binding.imported, file, hops);
}

function fromSpecifier(ev: Evaluator, specifier: string, imported: string, from: string, hops: number): Origin {
  const t = importTarget(ev, specifier, imported, from, hops);
  if (t.k === "local") return topLevel(ev, t.file, t.name, hops + 1);
  if (t.k === "opaque") return { k: "opaque" };
  if (t.specifier === PACKAGE) {
    const kind = DECORATORS[t.name];
    return kind ? { k: "mcp", kind } : { k: "package" };
  }
  return t.specifier === NEST_COMMON && t.name === "applyDecorators" ? { k: "apply" } : { k: "package" };
}
