// `imports: [GithubModule.register({ token })]`: a static method of a module class of the workspace
// that returns a literal dynamic module, `{ module: GithubModule, controllers: [GithubController],
// providers: [...] }`. Nest scans the `module` class with its own @Module metadata plus the
// dynamic module's controllers and imports, so those are read from the method's syntax (the summaries
// keep no method bodies). Only a body that is one `return { ... }` of names of classes is followed;
// anything else (a branch, a spread, a parameter's field) is left to the caller, which keeps the
// module open. Providers are not read: Nest scans no provider for MCP handlers.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc } from "../../core/evaluate/values";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "../../core/summarize/parsedSource";
import { nodeAt } from "./nodeAt";

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
  const params = new Set(method.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
  const methodSf = method.getSourceFile();
  // A name of the method's file, not one of its parameters: the class it holds.
  const classOf = (e: ts.Expression): Item | undefined => {
    const id = unwrap(e);
    if (!ts.isIdentifier(id) || params.has(id.text)) return undefined;
    const span = { start: id.getStart(methodSf), end: id.end };
    const v = ev.evaluate({ k: "ref", name: id.text, span }, ev.fileScope(file), { calls: false });
    return v.t === "class" ? { cls: v.cls, loc: { file, span } } : undefined;
  };
  const classesOf = (e: ts.Expression): Item[] | undefined => {
    const arr = unwrap(e);
    if (!ts.isArrayLiteralExpression(arr)) return undefined;
    const out: Item[] = [];
    for (const el of arr.elements) {
      const item = classOf(el);
      if (!item) return undefined;
      out.push(item);
    }
    return out;
  };
  let module: Item | undefined;
  let controllers: Item[] = [];
  let imports: Item[] = [];
  for (const p of literal.properties) {
    if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return undefined;
    const key = p.name.text;
    if (IGNORED.has(key)) continue;
    if (key === "module") module = classOf(p.initializer);
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
