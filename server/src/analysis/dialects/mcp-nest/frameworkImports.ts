// Two entries of a module's `imports` that are Nest's own idioms rather than code the analysis cannot
// follow: `forwardRef(() => BillingModule)` (the circular-module idiom, which stands for that module
// class), and a dynamic module of a Nest package (`ConfigModule.forRoot()`,
// `ClientsModule.register([...])`, `TypeOrmModule.forFeature([...])`), whose classes are the package's
// and hold no @McpController or handler of the application.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc } from "../../core/evaluate/values";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";
import { nodeAt } from "../../core/summarize/nodeAt";

/** `forwardRef`'s module: Nest's common package. */
const NEST_COMMON = "@nestjs/common";

/** What the `imports` entry written at `at` is: a module class, a Nest package's module (nothing to scan), or neither. */
export function frameworkImport(ev: Evaluator, at: Loc): { readonly k: "class"; readonly cls: ClassRef } | { readonly k: "package" } | undefined {
  const sf = parsedSource(ev, at.file);
  const call = sf ? nodeAt(sf, at.span, ts.isCallExpression) : undefined;
  if (!sf || !call || !ts.isCallExpression(call)) return undefined;
  const imports = ev.summary(at.file)?.imports;
  const from = (name: string) => imports?.get(name)?.specifier;
  const callee = call.expression;
  // forwardRef(() => BillingModule)
  if (ts.isIdentifier(callee) && from(callee.text) === NEST_COMMON && imports?.get(callee.text)?.imported === "forwardRef") {
    const fn = call.arguments[0];
    const body = fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body) ? fn.body : undefined;
    if (!body || !ts.isIdentifier(body)) return undefined;
    const v = ev.evaluate({ k: "ref", name: body.text, span: { start: body.getStart(sf), end: body.end } }, ev.fileScope(at.file), { calls: false });
    return v.t === "class" ? { k: "class", cls: v.cls } : undefined;
  }
  // ConfigModule.forRoot(...), with ConfigModule imported from a package of the @nestjs scope
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    const specifier = from(callee.expression.text);
    if (specifier !== undefined && specifier.startsWith("@nestjs/")) return { k: "package" };
  }
  return undefined;
}

/**
 * Whether `name` in `file` is imported from a package of the @nestjs scope (`ConfigModule` of
 * @nestjs/config): a module class of Nest's own, which holds no @McpController or handler of the
 * application, installed or not.
 */
export function isNestPackageName(ev: Evaluator, file: string, name: string): boolean {
  const summary = ev.summary(file);
  const specifier = summary?.decls.has(name) ? undefined : summary?.imports.get(name)?.specifier;
  return specifier !== undefined && specifier.startsWith("@nestjs/");
}
