// A server kept as a member of a module-level binding (`export const container = { server: new
// McpServer(...) }`, `export class App { static server = new McpServer(...) }`) is followed by the
// replay under that member's path (`container.server`). That holds only while the binding itself goes
// nowhere whole: `setup(container)`, `const c = container`, `export default container` hand the
// server on under a name the replay does not know. This finds the first such use, in the binding's
// file or in a file importing it.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";
import { exportNamesOf, serverImporters, type Elsewhere } from "./factoryCallers";

/** Where `name` (declared at the top level of `file`) is first used otherwise than by reading one of its members. */
export function wholeUse(ev: Evaluator, elsewhere: Elsewhere, file: string, name: string): Loc | undefined {
  const own = firstWholeUse(ev, file, name, true);
  if (own) return own;
  const summary = ev.summary(file);
  const names = summary ? exportNamesOf(summary, name) : [];
  if (names.length === 0) return undefined;
  const importers = serverImporters(ev, elsewhere, file, names);
  if (importers.open[0]) return importers.open[0].loc ?? { file, span: { start: 0, end: 0 } };
  for (const { file: at, local } of importers.found) {
    const found = firstWholeUse(ev, at, local, false);
    if (found) return found;
  }
  return undefined;
}

function firstWholeUse(ev: Evaluator, file: string, name: string, declaredHere: boolean): Loc | undefined {
  const sf = parsedSource(ev, file);
  if (!sf) return { file, span: { start: 0, end: 0 } };
  let found: Loc | undefined;
  const visit = (n: ts.Node): void => {
    if (found || ts.isImportDeclaration(n)) return;
    if (ts.isIdentifier(n) && n.text === name && !harmless(n, declaredHere)) found = { file, span: { start: n.getStart(sf), end: n.end } };
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** A mention that reads a member, takes members apart, names something else, or is the declaration itself. */
function harmless(n: ts.Identifier, declaredHere: boolean): boolean {
  const p = n.parent;
  if (!p) return false;
  // `container.server`, `container["server"]`.
  if ((ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p)) && p.expression === n) return true;
  // `const { server } = container`: each member goes by its own name, which the replay follows.
  if (ts.isVariableDeclaration(p) && p.initializer === n && ts.isObjectBindingPattern(p.name)) return true;
  // Its own declaration (`export const container = {...}`, `export class App`).
  if (declaredHere && (ts.isVariableDeclaration(p) || ts.isClassDeclaration(p)) && p.name === n) return true;
  return namesAnotherThingOrExports(n);
}

/**
 * A mention that is not a use of the binding: another thing spelled the same (`x.name`, `{ name: 1 }`,
 * a type's name), or `export { name }`, whose importers are found as importers.
 */
export function namesAnotherThingOrExports(n: ts.Identifier): boolean {
  const p = n.parent;
  if (!p) return false;
  if ((ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n) || ts.isTypeReferenceNode(p) || ts.isQualifiedName(p) || ts.isTypeQueryNode(p)) return true;
  return ts.isExportSpecifier(p) || p.kind === SK.ExportSpecifier;
}
