// `{ ...mcpConfig(), transports }`: options that spread the result of calling a function of the
// workspace. A function declared at a file's top level that takes no parameters, declares nothing and
// returns an object literal gives a new object, with that literal's properties, at each call: the
// spread lays them out as it would the literal. `registerAs("mcp", () => ({...}))` of @nestjs/config
// returns the factory it is given (it only defines a few hidden properties on it), so calling what it
// returns calls the factory. `new AppConfig().mcpOptions` reads a getter of a class of the workspace
// on an instance made right there: when the class extends nothing (a base's constructor could give the
// instance an own property of that name), no decorator may replace it, its constructor returns no
// object of its own and no code patches it where it is declared or used, that is the getter's result,
// followed as such a function's. A function with plainly named parameters gives its literal with each
// parameter standing for what the call gives it (or its default): `mcpOptions({ version: "1.2.0" })`
// (spreadOptions.ts lays a spread of a parameter out, and gives up on any other read of one). Anything
// else (locals, parameter patterns, an async factory, whose promise spreads nothing of its result)
// stays only known when it runs.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Value } from "../../core/evaluate/values";
import { mutatedNames } from "../../core/evaluate/mutation";
import type { FunctionSummary, Span, ValueExpr } from "../../core/model/summary";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";
import { nodeAt } from "../../core/summarize/nodeAt";
import { importTarget } from "./reexports";
import { resolveLiteral } from "./strategyOptions";
import { readsAny } from "../../core/model/valueReads";
import { flowOnDemand } from "../../core/summarize/flowOnDemand";
import { MCP_NEST_FLOW } from "./findStrategies";

type ObjectExpr = Extract<ValueExpr, { k: "obj" }>;

const NEST_CONFIG = "@nestjs/config";
/** `registerAs(registerAs(...))` and the like: factories followed before giving up. */
const MAX_DEPTH = 4;

/**
 * What a parameter of the function is given at the call: the argument as written (read where the call
 * is), the parameter's default when the call leaves it out (read where the function is), or nothing
 * (`undefined`: a spread of it adds no property).
 */
export type ParamValue = { readonly expr: ValueExpr; readonly file: string } | "undefined";

/** An object literal a call gives: where it is written, and what the function's parameters it reads hold. */
export interface CalledObject {
  readonly obj: ObjectExpr;
  readonly file: string;
  /** The function's parameters by name (absent: it has none). */
  readonly params?: ReadonlyMap<string, ParamValue>;
}

/** The object literal a call written at `file` gives, and the file that writes it; undefined when not known statically. */
export function calledObject(ev: Evaluator, file: string, expr: ValueExpr): CalledObject | undefined {
  if (expr.k === "get") return getterObject(ev, file, expr);
  if (expr.k !== "call") return undefined;
  const fn = functionAt(ev, file, expr.callee, 0);
  if (!fn || fn.scope.vars !== null) return undefined;
  if (fn.fn.params.length === 0) return literalResult(fn.fn, fn.scope.file);
  return literalWithParams(ev, fn.fn, fn.scope.file, expr.args, file);
}

/**
 * `mcpOptions({ version: "1.2.0" })` with `function mcpOptions(overrides = {}) { return { ...defaults,
 * ...overrides, transports: [...] }; }`: the literal, each parameter bound to what the call gives it.
 * Plainly named parameters only (no pattern, no rest), and no locals: a name of the literal that is
 * not a parameter is the file's. Whoever lays the literal out must read a parameter through `params`.
 */
function literalWithParams(ev: Evaluator, fn: FunctionSummary, fnFile: string, args: readonly ValueExpr[], callFile: string): CalledObject | undefined {
  const { params, rest, wraps, locals, result } = fn;
  if (rest || wraps || locals.size > 0 || result?.k !== "obj" || params.some((p) => !p) || args.length > params.length) return undefined;
  const defaults = args.length < params.length ? defaultsOf(ev, fnFile, fn) : [];
  if (!defaults) return undefined;
  const bound = new Map<string, ParamValue>();
  for (const [i, name] of params.entries()) {
    const given = args[i];
    const fallback = defaults[i];
    // A default that reads another parameter is not followed.
    if (!given && fallback && readsAny(fallback, new Set(params))) return undefined;
    bound.set(name, given ? { expr: given, file: callFile } : fallback ? { expr: fallback, file: fnFile } : "undefined");
  }
  return { obj: result, file: fnFile, params: bound };
}

/** The defaults of the function's parameters (`null`: none), from its file's flow; undefined when that function is not found there. */
function defaultsOf(ev: Evaluator, file: string, fn: FunctionSummary): readonly (ValueExpr | null)[] | undefined {
  const demand = flowOnDemand(ev, MCP_NEST_FLOW);
  demand.want(file);
  const units = demand.ev.summary(file)?.flow?.units ?? [];
  const unit = units.find((u) => u.kind !== "module" && u.span.start <= fn.bodySpan.start && u.span.end >= fn.bodySpan.end && !units.some((o) => o !== u && o.kind !== "module" && o.span.start >= u.span.start && o.span.end <= u.span.end && o.span.start <= fn.bodySpan.start && o.span.end >= fn.bodySpan.end));
  if (!unit || unit.params.length !== fn.params.length || unit.params.some((p, i) => p !== fn.params[i])) return undefined;
  return fn.params.map((_, i) => unit.paramDefaults?.[i] ?? null);
}

/** `new Config().options`, with `options` a getter of a class of the workspace. */
function getterObject(ev: Evaluator, file: string, expr: Extract<ValueExpr, { k: "get" }>): CalledObject | undefined {
  if (expr.object.k !== "new" || expr.key.k !== "static") return undefined;
  const value = ev.evaluate(expr.object.callee, ev.fileScope(file), { calls: false });
  if (value.t !== "class" || value.cls.scope !== null) return undefined;
  const cls = ev.summary(value.cls.file)?.classes[value.cls.index];
  if (!cls || cls.ambient || cls.heritage !== null || cls.decorators.length > 0) return undefined;
  // `AppConfig.prototype.x = …`, `Object.defineProperty(AppConfig.prototype, …)` where it is declared or used.
  for (const where of new Set([file, value.cls.file])) {
    const summary = ev.summary(where);
    const text = ev.host.text?.(where);
    if (!summary || text === undefined || mutatedNames(summary, text).has(cls.name)) return undefined;
  }
  if (constructorReturns(ev, value.cls.file, cls.span)) return undefined;
  const name = expr.key.name;
  const members = cls.members.filter((m) => m.name === name && !m.isStatic);
  const getters = members.filter((m) => m.kind === "accessor" && m.fn !== null);
  if (getters.length !== 1 || members.some((m) => m.kind !== "accessor")) return undefined;
  return literalResult(getters[0]!.fn!, value.cls.file);
}

/** Whether the class's constructor may return an object of its own, which `new` then gives instead of the instance. */
function constructorReturns(ev: Evaluator, file: string, span: Span): boolean {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, span, (n) => ts.isClassLike(n)) : undefined;
  if (!node || !ts.isClassLike(node)) return true;
  const ctor = node.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && m.body !== undefined);
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isReturnStatement(n) && n.expression) found = true;
    else ts.forEachChild(n, visit);
  };
  if (ctor?.body) ts.forEachChild(ctor.body, visit);
  return found;
}

/** The object literal a function returns, when it reads nothing of its own (parameters, locals). */
function literalResult(fn: FunctionSummary, file: string): { obj: ObjectExpr; file: string } | undefined {
  const { params, rest, wraps, locals, result } = fn;
  if (params.length > 0 || rest || wraps || locals.size > 0 || result?.k !== "obj") return undefined;
  return { obj: result, file };
}

function functionAt(ev: Evaluator, file: string, callee: ValueExpr, depth: number): Extract<Value, { t: "fn" }> | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const value = ev.evaluate(callee, ev.fileScope(file), { calls: false });
  if (value.t === "fn") return value;
  // `const mcpConfig = registerAs("mcp", factory)`, here or in an imported module.
  const found = resolveLiteral(ev, file, callee);
  if (found?.expr.k !== "call" || found.expr.callee.k !== "ref") return undefined;
  const binding = ev.summary(found.file)?.imports.get(found.expr.callee.name);
  if (!binding || binding.imported === "*") return undefined;
  const target = importTarget(ev, binding.specifier, binding.imported, found.file);
  if (target.k !== "package" || target.specifier !== NEST_CONFIG || target.name !== "registerAs") return undefined;
  const factory = found.expr.args[1];
  return factory ? functionAt(ev, found.file, factory, depth + 1) : undefined;
}
