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
