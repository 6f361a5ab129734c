// Syntax facts about loops and callbacks that a flow summary records so a dialect can tell "runs once
// per item of a table written in the source" from "may not run at all".
import { SK, ts } from "../typescript";

/** Array methods that call their callback once for every item, in order, before they return. */
export const EVERY_ITEM_METHODS: ReadonlySet<string> = new Set(["forEach", "map", "flatMap", "filter"]);

/**
 * Whether a statement can leave a loop's iteration before its end and let the program go on
 * (`break`, `continue`, `return`): then what follows the exit may be skipped for some items. A
 * `throw` is not such an exit, as it is not outside a loop: the error leaves the function that builds
 * the server, so nothing is served, unless something catches it, and then the loop sits in a `try`
 * (or the call that reaches it does, or a `.catch` takes its promise), which makes what it registers
 * conditional anyway. Nested functions and classes are their own bodies and do not count.
 */
export function mayExitEarly(node: ts.Node): boolean {
  switch (node.kind) {
    case SK.BreakStatement:
    case SK.ContinueStatement:
    case SK.ReturnStatement:
      return true;
    case SK.FunctionDeclaration:
    case SK.FunctionExpression:
    case SK.ArrowFunction:
    case SK.ClassDeclaration:
    case SK.ClassExpression:
    case SK.MethodDeclaration:
      return false;
  }
  return ts.forEachChild(node, mayExitEarly) === true;
}

/** Whether a callback's body runs to its end for every call (a final `return value;` is fine). */
export function callbackRunsToEnd(fn: ts.ArrowFunction | ts.FunctionExpression): boolean {
  const body = fn.body;
  if (!ts.isBlock(body)) return true;
  // An async callback's throw only rejects the promise it returns, which the caller of forEach drops:
  // the program may go on without what follows it.
  if (fn.modifiers?.some((m) => m.kind === SK.AsyncKeyword) && throwsIn(body)) return false;
  const statements = body.statements;
  return statements.every((s, i) => (i === statements.length - 1 && ts.isReturnStatement(s)) || !mayExitEarly(s));
}

/** The names a binding declares: `x`, `{ a, b: [c] }`, `...rest`. */
export function bindingNames(name: ts.BindingName, out: string[] = []): string[] {
  if (ts.isIdentifier(name)) out.push(name.text);
  else for (const e of name.elements) if (!ts.isOmittedExpression(e)) bindingNames(e.name, out);
  return out;
}

/** Whether a body holds a `throw` of its own (not in a nested function). */
function throwsIn(node: ts.Node): boolean {
  if (node.kind === SK.ThrowStatement) return true;
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return false;
  return ts.forEachChild(node, throwsIn) === true;
}

/** Whether a statement holds a `break <label>` (outside nested functions and classes). */
export function breaksTo(node: ts.Node, label: string): boolean {
  if (ts.isBreakStatement(node)) return node.label?.text === label;
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return false;
  return ts.forEachChild(node, (child) => (breaksTo(child, label) ? true : undefined)) === true;
}
