// `imports: [GithubModule.register({ token })]`: a static method of a module class of the workspace
// that returns a literal dynamic module, `{ module: GithubModule, controllers: [GithubController],
// providers: [...] }`. Nest scans the `module` class with its own @Module metadata plus the
// dynamic module's controllers and imports, so those are read from the method's syntax (the summaries
// keep no method bodies). Only a body that is one `return { ... }` of names of classes is followed;
// anything else (a branch, a spread) is left to the caller, which keeps the module open. A list that
// is a parameter's field (`imports: options.imports ?? []`, the forRootAsync idiom) is the list the
// call writes in that field of its object literal argument (or the default after `??` when it writes
// none). A Nest package's module class among them (`ConfigModule`) holds nothing to scan. Providers
// are not read: Nest scans no provider for MCP handlers.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc } from "../../core/evaluate/values";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "../../core/summarize/parsedSource";
import { isNestPackageName } from "./frameworkImports";
import { nodeAt } from "../../core/summarize/nodeAt";

export interface Item {
  readonly cls: ClassRef;
  readonly loc: Loc;
}

export interface DynamicModule {
  readonly module: Item;
  readonly controllers: readonly Item[];
  readonly imports: readonly Item[];
}

/** Keys of a dynamic module that add nothing Nest scans for handlers. */
const IGNORED = new Set(["providers", "exports", "global"]);

/** The dynamic module the call written at `at` returns; undefined when it is not followed. */
export function dynamicModule(ev: Evaluator, at: Loc): DynamicModule | undefined {
  const sf = parsedSource(ev, at.file);
  const call = sf ? nodeAt(sf, at.span, ts.isCallExpression) : undefined;
  if (!sf || !call || !ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression) || !ts.isIdentifier(call.expression.expression)) return undefined;
  const owner = ev.evaluate({ k: "ref", name: call.expression.expression.text, span: { start: call.expression.expression.getStart(sf), end: call.expression.expression.end } }, ev.fileScope(at.file), { calls: false });
  if (owner.t !== "class") return undefined;
  const method = staticMethod(ev, owner.cls, call.expression.name.text);
  const returned = method?.body && method.body.statements.length === 1 ? method.body.statements[0] : undefined;
  const literal = returned && ts.isReturnStatement(returned) && returned.expression ? unwrap(returned.expression) : undefined;
  if (!method || !literal || !ts.isObjectLiteralExpression(literal)) return undefined;
  const file = owner.cls.file;
  const params = new Map(method.parameters.flatMap((p, i) => (ts.isIdentifier(p.name) ? [[p.name.text, i] as const] : [])));
  const methodSf = method.getSourceFile();
  // A name of `where` (the method's file, or the call's for a list the call writes), not one of the
  // method's parameters: the class it holds; "package" for a Nest package's module.
  const classOf = (e: ts.Expression, where: string, sfOf: ts.SourceFile): Item | "package" | undefined => {
    const id = unwrap(e);
    if (!ts.isIdentifier(id) || (where === file && sfOf === methodSf && params.has(id.text))) return undefined;
    if (isNestPackageName(ev, where, id.text)) return "package";
    const span = { start: id.getStart(sfOf), end: id.end };
    const v = ev.evaluate({ k: "ref", name: id.text, span }, ev.fileScope(where), { calls: false });
    return v.t === "class" ? { cls: v.cls, loc: { file: where, span } } : undefined;
  };
  const classesOf = (e: ts.Expression, where = file, sfOf = methodSf): Item[] | undefined => {
    const arr = unwrap(e);
    if (!ts.isArrayLiteralExpression(arr)) return sfOf === methodSf ? paramField(arr) : undefined;
    const out: Item[] = [];
    for (const el of arr.elements) {
      const item = classOf(el, where, sfOf);
      if (!item) return undefined;
      if (item !== "package") out.push(item);
    }
    return out;
  };
  // `options.imports ?? []`: what the call passes in that field, or the default when it passes none.
  const paramField = (e: ts.Expression): Item[] | undefined => {
    let fallback: ts.Expression | undefined;
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === SK.QuestionQuestionToken) {
      fallback = e.right;
      e = unwrap(e.left);
    }
    if (!ts.isPropertyAccessExpression(e) || !ts.isIdentifier(e.expression) || !ts.isIdentifier(e.name)) return undefined;
    const index = params.get(e.expression.text);
    const arg = index === undefined ? undefined : call.arguments[index];
    const options = arg ? unwrap(arg) : undefined;
    if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
    const field = e.name.text;
    let written: ts.Expression | undefined;
    for (const p of options.properties) {
      // A spread, a computed key or a shorthand may hold the field: not followed.
      if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return undefined;
      if (p.name.text === field) written = p.initializer;
    }
    if (written) return classesOf(written, at.file, sf!);
    return fallback ? classesOf(fallback) : undefined;
  };
  let module: Item | undefined;
  let controllers: Item[] = [];
  let imports: Item[] = [];
  for (const p of literal.properties) {
    if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return undefined;
    const key = p.name.text;
    if (IGNORED.has(key)) continue;
    if (key === "module") {
      const found = classOf(p.initializer, file, methodSf);
      module = found === "package" ? undefined : found;
    }
    else if (key === "controllers" || key === "imports") {
      const found = classesOf(p.initializer);
      if (!found) return undefined;
      if (key === "controllers") controllers = found;
      else imports = found;
    } else return undefined;
    if (key === "module" && !module) return undefined;
  }
  return module ? { module, controllers, imports } : undefined;
}

/** The class's own static method `name`, with its body (found at the name its summary keeps). */
export function staticMethod(ev: Evaluator, cls: ClassRef, name: string): ts.MethodDeclaration | undefined {
  const member = ev.summary(cls.file)?.classes[cls.index]?.members.find((m) => m.name === name && m.isStatic && m.kind === "method");
  const sf = member ? parsedSource(ev, cls.file) : undefined;
  const id = sf && member ? nodeAt(sf, member.nameSpan, (n) => n.parent !== undefined && ts.isMethodDeclaration(n.parent) && n.parent.name === n) : undefined;
  const method = id?.parent;
  return method && ts.isMethodDeclaration(method) && method.body && !method.modifiers?.some((x) => x.kind === SK.AsyncKeyword) ? method : undefined;
}

/** The expression inside parentheses, `as` and `satisfies`. */
export function unwrap(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  return e;
}
