// `const { server } = new NotesMcp(store); … await server.connect(transport); … server.close()` in a
// module importing a class that makes its SDK v1 server in its constructor and keeps it in a public
// field: each such instance is fresh (made right there, held by no name), its server is taken out at
// once, and that server is only connected and closed. None of that can add a capability: what it
// advertises is what the constructor gave it, as for any instance (stateless HTTP routes build one
// per request this way). Only when every value use of the class in the module is such a read, and
// every use of the name it is read into is a call of a method that registers nothing.
import { SK, ts } from "../../core/typescript";
import type { Span } from "../../core/model/summary";
import { climb, HARMLESS_MEMBERS } from "./containerStores";

/**
 * The spans that explain every mention of `field` tied to instances of `classLocal` in the module
 * (the binding or `.field` read, the name it goes to, and each use of that name), when every value mention of
 * the class is `new C(...)` read that way; undefined when one is anything else.
 */
export function connectOnlyReads(sf: ts.SourceFile, classLocal: string, field: string): Span[] | undefined {
  const spans: Span[] = [];
  let fine = true;
  const visit = (n: ts.Node): void => {
    if (!fine) return;
    if (ts.isIdentifier(n) && n.text === classLocal && !notAValue(n)) {
      const p = n.parent;
      const read = ts.isNewExpression(p) && p.expression === n ? fieldRead(sf, p, field) : undefined;
      const uses = read ? onlyHarmlessUses(sf, read.name) : undefined;
      if (!read || !uses) fine = false;
      else spans.push(...read.spans, ...uses);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return fine && spans.length > 0 ? spans : undefined;
}

/** Mentions that are not the class as a value: its import, a type, a member of that name of something else. */
function notAValue(n: ts.Identifier): boolean {
  const p = n.parent;
  return ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isTypeReferenceNode(p) || ts.isTypeQueryNode(p) || ts.isExpressionWithTypeArguments(p) || (ts.isPropertyAccessExpression(p) && p.name === n) || ts.isQualifiedName(p);
}

/** `const { field } = new C(...)` or `const name = new C(...).field`: the const it goes to, and the field's span there. */
function fieldRead(sf: ts.SourceFile, made: ts.NewExpression, field: string): { name: ts.Identifier; spans: Span[] } | undefined {
  const top = climb(made);
  const parent = top.parent;
  if (parent && ts.isVariableDeclaration(parent) && parent.initializer === top && ts.isObjectBindingPattern(parent.name) && isConst(parent)) {
    const elements = parent.name.elements;
    const only = elements.length === 1 ? elements[0]! : undefined;
    const key = only && !only.dotDotDotToken && !only.initializer ? (only.propertyName ?? only.name) : undefined;
    if (!only || !key || !ts.isIdentifier(key) || key.text !== field || !ts.isIdentifier(only.name)) return undefined;
    return { name: only.name, spans: [{ start: only.getStart(sf), end: only.end }] };
  }
  if (parent && ts.isPropertyAccessExpression(parent) && parent.expression === top && parent.name.text === field) {
    const read = climb(parent);
    const decl = read.parent;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer === read && ts.isIdentifier(decl.name) && isConst(decl)) return { name: decl.name, spans: [{ start: parent.name.getStart(sf), end: parent.name.end }, { start: decl.name.getStart(sf), end: decl.name.end }] };
  }
  return undefined;
}

function isConst(decl: ts.VariableDeclaration): boolean {
  const list = decl.parent;
  return ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
}

/**
 * The spans of every mention of the const `name` in its scope, when each is `name.m(...)` with `m` a
 * method that registers nothing (connect, close, the senders); undefined when one is anything else, or
 * when the scope declares the name again (a mention may then be another binding's).
 */
function onlyHarmlessUses(sf: ts.SourceFile, name: ts.Identifier): Span[] | undefined {
  const scope = scopeOf(name);
  const spans: Span[] = [];
  let fine = true;
  const visit = (n: ts.Node): void => {
    if (!fine) return;
    if (ts.isIdentifier(n) && n.text === name.text && n !== name) {
      const p = n.parent;
      if (declares(p, n)) fine = false;
      else if (ts.isPropertyAccessExpression(p) && p.name === n) {
        /* a member of that name of something else */
      } else if (ts.isPropertyAssignment(p) && p.name === n) {
        /* a key of an object literal */
      } else if (ts.isPropertyAccessExpression(p) && p.expression === n && HARMLESS_MEMBERS.has(p.name.text) && ts.isCallExpression(p.parent) && p.parent.expression === p) spans.push({ start: n.getStart(sf), end: n.end });
      else fine = false;
    }
    ts.forEachChild(n, visit);
  };
  visit(scope);
  return fine ? spans : undefined;
}

function declares(p: ts.Node, n: ts.Identifier): boolean {
  return (
    ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p) || ts.isFunctionDeclaration(p) || ts.isClassDeclaration(p) || ts.isFunctionExpression(p) || ts.isClassExpression(p)) && p.name === n) ||
    ts.isImportSpecifier(p) ||
    ts.isImportClause(p) ||
    ts.isNamespaceImport(p)
  );
}

/** The block, function body or module a const declared at `name` is visible in. */
function scopeOf(name: ts.Node): ts.Node {
  for (let p: ts.Node | undefined = name.parent; p; p = p.parent) {
    if (ts.isBlock(p) || ts.isSourceFile(p) || ts.isModuleBlock(p) || ts.isCaseBlock(p)) return p;
    if (p.kind === SK.ForStatement || p.kind === SK.ForOfStatement || p.kind === SK.ForInStatement) return p;
  }
  return name.getSourceFile();
}
