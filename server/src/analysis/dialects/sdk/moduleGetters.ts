// A module `let` holding the server, handed out by a getter of the module (`let current; export
// function getServer() { return current; }`), as programs keep one server for their helpers to send
// through or ask the client with (`getServer()?.listRoots()`). The store is harmless when every call of
// the getter, in its file and in the files importing it, uses the server only in ways that cannot add
// a capability (containerStores.ts reads each use); any other mention of the getter hands it on.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { ts } from "../../core/typescript";
import { parsedSource, resultUseIsHarmless } from "./containerStores";
import { exportNamesOf, serverImporters, type Elsewhere } from "./factoryCallers";
import { namesAnotherThingOrExports } from "./memberOnlyUses";

/**
 * `ref` is a mention of the module variable: whether it is what a getter of the module returns
 * (`function getServer() { return current; }`, `const getServer = () => current;`), with every call
 * of that getter using the server harmlessly.
 */
export function getterUseIsHarmless(ev: Evaluator, elsewhere: Elsewhere, file: string, sf: ts.SourceFile, ref: ts.Node): boolean {
  const getter = getterReturning(sf, ref);
  if (getter === undefined) return false;
  if (!callsAreHarmless(sf, getter, true)) return false;
  const summary = ev.summary(file);
  const names = summary ? exportNamesOf(summary, getter) : [];
  if (names.length === 0) return true;
  const importers = serverImporters(ev, elsewhere, file, names);
  // Exported from the package's entry point: code outside the workspace may call it.
  if (importers.open.length > 0 || (importers.entry?.length ?? 0) > 0) return false;
  return importers.found.every(({ file: at, local }) => {
    const other = parsedSource(ev, at);
    return other !== undefined && callsAreHarmless(other, local, false);
  });
}

/** The name of the top-level getter whose whole body returns `ref`, a parameterless function. */
function getterReturning(sf: ts.SourceFile, ref: ts.Node): string | undefined {
  const p = ref.parent;
  if (!p) return undefined;
  if (ts.isReturnStatement(p) && p.expression === ref) {
    const body = p.parent;
    const fn = body?.parent;
    if (!body || !ts.isBlock(body) || body.statements.length !== 1 || !fn) return undefined;
    if (ts.isFunctionDeclaration(fn) && fn.parent === sf && fn.name && fn.parameters.length === 0 && !fn.asteriskToken) return fn.name.text;
    return arrowConst(sf, fn);
  }
  return ts.isArrowFunction(p) && p.body === ref ? arrowConst(sf, p) : undefined;
}

/** `const getServer = () => …` (or a function expression) declared at the top level. */
function arrowConst(sf: ts.SourceFile, fn: ts.Node): string | undefined {
  if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || fn.parameters.length > 0 || fn.asteriskToken) return undefined;
  const decl = fn.parent;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== fn || !ts.isIdentifier(decl.name)) return undefined;
  const list = decl.parent;
  const statement = list?.parent;
  if (!list || !ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const) || !statement || statement.parent !== sf) return undefined;
  return decl.name.text;
}

/** Every mention of `name` in the file is a call `name()` whose result is used harmlessly (its declaration, imports and export lists aside). */
function callsAreHarmless(sf: ts.SourceFile, name: string, declaredHere: boolean): boolean {
  let ok = true;
  const visit = (n: ts.Node): void => {
    if (!ok || ts.isImportDeclaration(n)) return;
    if (ts.isIdentifier(n) && n.text === name && !mentionIsHarmless(sf, n, declaredHere)) ok = false;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return ok;
}

function mentionIsHarmless(sf: ts.SourceFile, n: ts.Identifier, declaredHere: boolean): boolean {
  const p = n.parent;
  if (!p) return false;
  if (namesAnotherThingOrExports(n)) return true;
  if (declaredHere && (ts.isFunctionDeclaration(p) || ts.isVariableDeclaration(p)) && p.name === n) return true;
  return ts.isCallExpression(p) && p.expression === n && p.arguments.length === 0 && resultUseIsHarmless(sf, p);
}
