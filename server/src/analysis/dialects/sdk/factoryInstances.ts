// `const manager = createManager()` where the factory, a function of the workspace, returns
// `new Manager(...)` at every return (after any statements: reading the environment, filling options):
// the value is a fresh instance of that class, whose methods a call on it runs. A function that may
// return anything else (another value, nothing, a class chosen at run time, or a name its body
// declares) is not such a factory.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Value } from "../../core/evaluate/values";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import { bare } from "./fieldHolders";
import { SDK_EVAL } from "./sdkEval";

/** The top-level class every return of the function value constructs, with the file declaring it. */
export function classEveryReturnMakes(ev: Evaluator, f: Extract<Value, { t: "fn" }>): { readonly file: string; readonly name: string } | undefined {
  if (f.fn.wraps) return undefined;
  const file = f.scope.file;
  const sf = parsedSource(ev, file);
  const body = sf ? nodeAt(sf, f.fn.bodySpan) : undefined;
  if (!sf || !body || !ts.isBlock(body)) return undefined;
  const made = new Set<string>();
  let other = false;
  const visit = (n: ts.Node): void => {
    if (other || ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isReturnStatement(n)) {
      const e = n.expression ? bare(n.expression) : undefined;
      if (e && ts.isNewExpression(e) && ts.isIdentifier(e.expression)) made.add(e.expression.text);
      else other = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  body.statements.forEach(visit);
  const last = body.statements[body.statements.length - 1];
  if (other || made.size !== 1 || !last || !ts.isReturnStatement(last)) return undefined;
  const name = [...made][0]!;
  if (declaresName(body, name)) return undefined;
  const c = ev.evaluate({ k: "ref", name, span: { start: body.pos, end: body.pos } }, ev.fileScope(file), SDK_EVAL);
  if (c.t !== "class" || c.cls.scope !== null) return undefined;
  const className = ev.summary(c.cls.file)?.classes[c.cls.index]?.name;
  return className ? { file: c.cls.file, name: className } : undefined;
}

/** Whether the block declares `name` anywhere (a local class or binding that would shadow the module's). */
function declaresName(block: ts.Block, name: string): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if ((ts.isVariableDeclaration(n) || ts.isClassDeclaration(n) || ts.isFunctionDeclaration(n) || ts.isParameter(n)) && n.name && ts.isIdentifier(n.name) && n.name.text === name) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(block);
  return found;
}
