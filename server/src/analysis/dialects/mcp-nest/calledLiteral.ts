// `{ ...mcpConfig(), transports }`: options that spread the result of calling a function of the
// workspace. A function declared at a file's top level that takes no parameters, declares nothing and
// returns an object literal gives a new object, with that literal's properties, at each call: the
// spread lays them out as it would the literal. `registerAs("mcp", () => ({...}))` of @nestjs/config
// returns the factory it is given (it only defines a few hidden properties on it), so calling what it
// returns calls the factory. `new AppConfig().mcpOptions` reads a getter of a class of the workspace
// on an instance made right there: when the class extends nothing (a base's constructor could give the
// instance an own property of that name), no decorator may replace it, its constructor returns no
// object of its own and no code patches it where it is declared or used, that is the getter's result,
// followed as such a function's. Anything else (parameters the literal may read, locals, an async factory,
// whose promise spreads nothing of its result) stays only known when it runs.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Value } from "../../core/evaluate/values";
import { mutatedNames } from "../../core/evaluate/mutation";
import type { FunctionSummary, Span, ValueExpr } from "../../core/model/summary";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";
import { nodeAt } from "../../core/summarize/nodeAt";
import { importTarget } from "./reexports";
import { resolveLiteral } from "./strategyOptions";

type ObjectExpr = Extract<ValueExpr, { k: "obj" }>;

const NEST_CONFIG = "@nestjs/config";
/** `registerAs(registerAs(...))` and the like: factories followed before giving up. */
const MAX_DEPTH = 4;

/** The object literal a call written at `file` gives, and the file that writes it; undefined when not known statically. */
export function calledObject(ev: Evaluator, file: string, expr: ValueExpr): { obj: ObjectExpr; file: string } | undefined {
  if (expr.k === "get") return getterObject(ev, file, expr);
  if (expr.k !== "call") return undefined;
  const fn = functionAt(ev, file, expr.callee, 0);
  if (!fn || fn.scope.vars !== null) return undefined;
  return literalResult(fn.fn, fn.scope.file);
}

/** `new Config().options`, with `options` a getter of a class of the workspace. */
function getterObject(ev: Evaluator, file: string, expr: Extract<ValueExpr, { k: "get" }>): { obj: ObjectExpr; file: string } | undefined {
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
