// Method decorators written in the workspace: `const AdminTool = (o) => applyDecorators(Tool(o),
// SetMetadata("admin", true))`, `function ReadOnly(n): MethodDecorator { return Tool({...}) }`. What
// they return is applied to the method, so MCP-Nest's decorators they apply bind it as surely as a
// plain `@Tool`. A body that plainly returns MCP-Nest's decorators, `applyDecorators` of such, other
// packages' decorators or other such functions of the workspace is followed (exact). Any other body
// that names one of MCP-Nest's decorators, or code of the workspace that may, makes the kinds it may
// add unknown rather than dropped. Decorators of packages (`@UseGuards`, `@SetMetadata`) add nothing.
// A decorator function of the workspace that applies none of them may still replace the method (a
// wrapper assigned to `descriptor.value`): that is a step too, read by descriptorUse.ts, since one
// applied after MCP-Nest's decorator leaves a method without its metadata (capabilityMethods.ts).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Scope } from "../../core/evaluate/values";
import type { DecoratorSummary, FunctionSummary, Span, ValueExpr } from "../../core/model/summary";
import { SK, type ts } from "../../core/typescript";
import { originOf, type Origin, type Primitive } from "./decoratorOrigin";
import { replacesMethod } from "./descriptorUse";
import { forEachToken } from "../../core/summarize/codeTokens";

/** What a followed decorator does to its method, in the order it does it. */
export type Step =
  /** Applies one of MCP-Nest's decorators, which binds the method to that kind. */
  | { readonly k: "mcp"; readonly kind: Primitive }
  /** May replace the method (descriptorUse.ts), for the reason given. */
  | { readonly k: "replaces"; readonly why: string };

export interface DecoratorEffect {
  /** Followed: its steps (applyDecorators applies its arguments first to last). */
  readonly steps?: readonly Step[];
  /** Not followed: the kinds it may add, since its text names what may apply them (it may also replace the method). */
  readonly may: readonly Primitive[];
}

const ALL: readonly Primitive[] = ["tools", "resources", "prompts"];
/** Nested workspace functions followed, and definitions read for names, before giving up. */
const MAX_DEPTH = 12;
const MAX_READS = 100;

export function decoratorEffect(ev: Evaluator, file: string, d: DecoratorSummary): DecoratorEffect {
  if (!d.callee) return { may: [] };
  const scope = ev.fileScope(file);
  const expr: ValueExpr = d.called ? { k: "call", callee: d.callee, args: d.args, span: d.span } : d.callee;
  const steps = follow(ev, expr, scope, 0);
  if (steps) return { steps, may: [] };
  return { may: named(ev, file, d.span) };
}

/** What a decorator expression does, when every part of it is followed; undefined otherwise. */
function follow(ev: Evaluator, expr: ValueExpr, scope: Scope, depth: number): Step[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (expr.k === "call") {
    const o = originOf(ev, expr.callee, scope);
    if (o.k === "mcp") return [{ k: "mcp", kind: o.kind }];
    // Packages' decorators are not read: taken to keep the method (those made for Nest keep its
    // metadata, which Nest's own handlers rely on as MCP-Nest's do).
    if (o.k === "package") return [];
    if (o.k === "apply") {
      const out: Step[] = [];
      for (const arg of expr.args) {
        const steps = follow(ev, arg, scope, depth + 1);
        if (!steps) return undefined;
        out.push(...steps);
      }
      return out;
    }
    if (o.k === "fn") {
      // A decorator factory: what it returns, its parameters bound to the arguments as written.
      if (!o.fn.result) return undefined;
      const vars = new Map<string, Binding>();
      const inner: Scope = { file: o.scope.file, vars, parent: o.scope };
      o.fn.params.forEach((p, i) => {
        const arg = expr.args[i];
        if (p) vars.set(p, arg ? { expr: arg, scope } : { value: { t: "dyn", text: "undefined", loc: { file: scope.file, span: expr.span } } });
      });
      for (const [name, local] of o.fn.locals) vars.set(name, { expr: local, scope: inner });
      return follow(ev, o.fn.result, inner, depth + 1);
    }
    return undefined;
  }
  // A decorator function written in the workspace (what a factory returns, or `@Log` itself).
  if (expr.k === "fn") return ownBody(ev, scope.file, expr.fn);
  if (expr.k === "ref" || expr.k === "get") {
    // A decorator held by a const or passed as an argument (`applyDecorators(Guarded, Tool(o))`).
    const o: Origin = originOf(ev, expr, scope);
    if (o.k === "package") return [];
    if (o.k === "expr") return follow(ev, o.expr, o.scope, depth + 1);
    if (o.k === "fn") return ownBody(ev, o.scope.file, o.fn);
  }
  return undefined;
}

/**
 * A decorator function's own body: not followed when it names what may apply MCP-Nest's decorators;
 * else it applies none, and may at most replace the method.
 */
function ownBody(ev: Evaluator, file: string, fn: FunctionSummary): Step[] | undefined {
  if (named(ev, file, fn.bodySpan).length > 0) return undefined;
  const why = replacesMethod(ev, file, fn);
  return why ? [{ k: "replaces", why }] : [];
}

/**
 * The kinds a decorator not followed may add: those of MCP-Nest's decorators its text names, through
 * the definitions of the workspace it names (read in turn); all of them when a name is not known.
 */
function named(ev: Evaluator, file: string, span: Span): Primitive[] {
  const found = new Set<Primitive>();
  const read = new Set<string>();
  const queue: { file: string; span: Span }[] = [{ file, span }];
  while (queue.length > 0 && found.size < ALL.length) {
    const at = queue.shift()!;
    const key = `${at.file}#${at.span.start}:${at.span.end}`;
    if (read.has(key)) continue;
    read.add(key);
    const text = textOf(ev, at.file);
    if (text === undefined || read.size > MAX_READS) return [...ALL];
    const scope = ev.fileScope(at.file);
    for (const name of identifiers(text, at.span)) {
      const o = originOf(ev, name, scope);
      if (o.k === "mcp") found.add(o.kind);
      else if (o.k === "fn") queue.push({ file: o.scope.file, span: o.fn.bodySpan });
      else if (o.k === "expr") queue.push({ file: o.scope.file, span: o.expr.span });
      else if (o.k === "opaque") {
        if (!o.at) return [...ALL];
        queue.push(o.at);
      }
    }
  }
  return ALL.filter((k) => found.has(k));
}

function textOf(ev: Evaluator, file: string): string | undefined {
  const text = ev.host.text?.(file);
  return text !== undefined && text.length === ev.summary(file)?.textLength ? text : undefined;
}

/** The names (and namespaces' members, `nest.Tool`) a span of code reads; comments and strings left out. */
function identifiers(text: string, span: Span): ValueExpr[] {
  const out: ValueExpr[] = [];
  let before: ts.SyntaxKind = SK.Unknown;
  // The name just read, while `a . b` may still make it a namespace's member.
  let lastRef: Extract<ValueExpr, { k: "ref" }> | undefined;
  forEachToken(text, span, (t, scanner) => {
    if (t === SK.Identifier) {
      const s = { start: scanner.getTokenStart(), end: scanner.getTokenEnd() };
      const name = scanner.getTokenValue();
      if (before === SK.DotToken || before === SK.QuestionDotToken) {
        // Only a name's member is a name of its own (it replaces the name); another object's property is not.
        if (lastRef && out.at(-1) === lastRef) out[out.length - 1] = { k: "get", object: lastRef, key: { k: "static", name, span: s }, span: { start: lastRef.span.start, end: s.end } };
        lastRef = undefined;
      } else {
        lastRef = { k: "ref", name, span: s };
        out.push(lastRef);
      }
    } else if (t !== SK.DotToken && t !== SK.QuestionDotToken) lastRef = undefined;
    before = t;
  });
  return out;
}
