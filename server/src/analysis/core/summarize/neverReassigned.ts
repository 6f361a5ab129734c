// A `let` that nothing ever assigns again holds its first value for good, as a `const` does: real
// code often writes `let mode = DEFAULT_MODE` and never changes it. Reading such a `let` as its
// value makes `toolsets[mode](server)` exact instead of "depends on run time".
//
// A name counts as reassigned when any assignment in the file may target a binding of that name,
// whatever binding it is (a shadowing local included): `x = …`, `x += …`, `x++`, `--x`, a
// destructuring assignment (`[a, x] = …`, `({ x } = o)`), or the head of a `for…in`/`for…of` loop
// without a declaration (`for (x of xs)`). Only the file can assign it: an ES module's importers
// read its bindings but cannot write them.
import { SK, ts } from "../typescript";

/** A cheap look first: where the text writes `name =` (or `name op=`) more than once, or `++`/`--` at all. */
const WRITES = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])|(?:\+\+|--)\s*([A-Za-z_$][\w$]*)|(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:\+\+|--)/g;

/**
 * Of the names `candidates` (each declared once, with its value, by a `let` of `sf`), those no code
 * of the file assigns after their declaration.
 */
export function neverReassigned(sf: ts.SourceFile, candidates: ReadonlySet<string>): Set<string> {
  const stable = new Set<string>();
  if (candidates.size === 0) return stable;
  // The declaration itself may be one `name =`; a second one, or any `++`/`--`, ends the question
  // without a walk. What the look counts once may still be an assignment: the walk decides.
  const writes = new Map<string, number>();
  for (const m of sf.text.matchAll(WRITES)) {
    const name = m[1] ?? m[2] ?? m[3]!;
    if (candidates.has(name)) writes.set(name, (writes.get(name) ?? 0) + (m[1] !== undefined ? 1 : 2));
  }
  for (const name of candidates) if ((writes.get(name) ?? 0) <= 1) stable.add(name);
  if (stable.size === 0) return stable;
  // Then every assignment, by its syntax: the look cannot tell a declaration's `=` (`let x: T = …`
  // is not even seen) from a later one, nor see a pattern (`[a, x] = …`) or a loop head.
  const visit = (node: ts.Node): void => {
    if (stable.size === 0) return;
    if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) dropTargets(node.left, stable);
    else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === SK.PlusPlusToken || node.operator === SK.MinusMinusToken)) dropTargets(node.operand, stable);
    else if ((ts.isForOfStatement(node) || ts.isForInStatement(node)) && !ts.isVariableDeclarationList(node.initializer)) dropTargets(node.initializer, stable);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return stable;
}

function isAssignment(kind: ts.SyntaxKind): boolean {
  return kind >= SK.FirstAssignment && kind <= SK.LastAssignment;
}

/** Removes from `names` every name an assignment target (a destructuring pattern written as an expression) may write. */
function dropTargets(target: ts.Node, names: Set<string>): void {
  if (ts.isIdentifier(target)) {
    names.delete(target.text);
    return;
  }
  // `({ x } = o)`: the shorthand's name is written; `({ a: x } = o)`: its value; `[x = 1] = …`: its left.
  if (ts.isShorthandPropertyAssignment(target)) names.delete(target.name.text);
  if (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) return;
  ts.forEachChild(target, (child) => {
    // A computed key or a default value is read, not written; the walk of the whole file still looks inside it.
    if (ts.isComputedPropertyName(child)) return;
    dropTargets(child, names);
  });
}
