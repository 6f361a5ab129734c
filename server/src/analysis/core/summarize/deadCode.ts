import { SK, ts } from "../typescript";

/** Statements that leave their block unconditionally: nothing written after them in that block runs. */
const ENDS_BLOCK: ReadonlySet<ts.SyntaxKind> = new Set([SK.ReturnStatement, SK.ThrowStatement, SK.BreakStatement, SK.ContinueStatement]);

/**
 * The statements of a block (or a file) that may run: those up to and including the first one that
 * leaves the block unconditionally. Function declarations after it are kept: they are hoisted, so
 * code before the exit may call them. Returns undefined when every statement may run.
 */
export function reachableStatements(statements: readonly ts.Statement[]): readonly ts.Statement[] | undefined {
  const exit = statements.findIndex((s) => ENDS_BLOCK.has(s.kind));
  if (exit < 0 || exit === statements.length - 1) return undefined;
  return [...statements.slice(0, exit + 1), ...statements.slice(exit + 1).filter((s) => ts.isFunctionDeclaration(s))];
}

/**
 * A generator's body runs only as the generator is iterated (`next()`, `for..of`, a spread), not when
 * it is called: whether and how far it runs is not known from the call.
 */
export function runsOnlyWhenIterated(fn: ts.Node): boolean {
  return (ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn) || ts.isMethodDeclaration(fn)) && fn.asteriskToken !== undefined;
}

/**
 * Words in a handler's text that end the program or pass the error on (`throw`, `process.exit(1)`,
 * `abort()`): read from the text where the handler is not walked (a `.catch(...)` argument).
 */
export const ENDS_PROGRAM_TEXT = /\bthrow\b|\bexit\s*\(|\babort\s*\(/;

/**
 * Whether every way through a `catch` block ends the program: it reaches a `throw` (the error goes on)
 * or `process.exit(...)` before any statement that could leave the block another way (a `return`,
 * `break` or `continue` anywhere in it, outside nested functions). A `try` with such a catch, or with
 * none, lets the program go on only when its whole `try` block ran.
 */
export function catchEndsProgram(block: ts.Block): boolean {
  for (const s of block.statements) {
    if (ts.isThrowStatement(s)) return true;
    if (ts.isExpressionStatement(s) && isProcessExit(s.expression)) return true;
    if (mayLeave(s)) return false;
  }
  return false;
}

function isProcessExit(e: ts.Expression): boolean {
  let cur = e;
  while (ts.isAwaitExpression(cur) || ts.isVoidExpression(cur) || ts.isParenthesizedExpression(cur)) cur = cur.expression;
  if (!ts.isCallExpression(cur)) return false;
  const callee = cur.expression;
  return ts.isPropertyAccessExpression(callee) && callee.name.text === "exit" && ts.isIdentifier(callee.expression) && callee.expression.text === "process";
}

function mayLeave(node: ts.Node): boolean {
  if (ts.isReturnStatement(node) || ts.isBreakStatement(node) || ts.isContinueStatement(node)) return true;
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return false;
  return ts.forEachChild(node, (child) => (mayLeave(child) ? true : undefined)) === true;
}
