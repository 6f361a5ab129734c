// `createMcpHandler(FeedServer.create)`, `serveStdio(factories.create)`: a factory handed to an SDK
// entry point as a reference to a method rather than by a function's name. The entry point calls what
// it is given as a plain function (`factory(ctx)`), so the method runs with `this` undefined, not
// with the class or the object. When the method never reads `this` (nor `super`), that is calling the
// method's own code with the same arguments, and the reference names its unit exactly as
// `createMcpHandler(buildServer)` names a function's. A method that reads `this` would meet
// undefined there, which the replay does not model: it is not resolved, and the result stays
// approximate. So is a reference that may not be that method when the entry point reads it: an
// object or class written to, handed whole to other code, or an object other modules can reach.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit, ValueExpr } from "../../core/model/summary";
import { exportNamesOf } from "../../core/model/exportNames";
import { parsedSource } from "../../core/summarize/parsedSource";
import { nodeAt } from "../../core/summarize/nodeAt";
import { SK, ts } from "../../core/typescript";
import { climb } from "./containerStores";
import { readsMembers } from "./parameterMembers";

/**
 * The unit of `file` that `factory` (an entry point's argument, or the callee of a call an arrow
 * factory returns) refers to when it is `C.method` of a class declared at the file's top level (a
 * static method) or `obj.method` of a top-level const object literal, and calling it without a `this`
 * runs that method's code.
 */
export function referencedMethodUnit(ev: Evaluator, file: string, units: readonly FlowUnit[], factory: ValueExpr | undefined): FlowUnit | undefined {
  if (factory?.k !== "get" || factory.key.k !== "static" || factory.object.k !== "ref") return undefined;
  const holder = factory.object.name;
  const method = factory.key.name;
  const sf = parsedSource(ev, file);
  const summary = ev.summary(file);
  if (!sf || !summary) return undefined;
  const declared = topLevelDeclarations(sf, holder);
  if (declared.length !== 1 || shadowedAt(sf, factory.object.span.start, holder)) return undefined;
  const decl = declared[0]!;
  let fn: ts.FunctionLikeDeclaration | undefined;
  if (ts.isClassDeclaration(decl)) {
    fn = staticMethodOf(decl, method);
    if (!fn || !onlyReadOrBuilt(sf, holder, decl.name!)) return undefined;
  } else {
    // Another module may replace a member of an exported object before a client connects.
    if (exportNamesOf(summary, holder).length > 0) return undefined;
    const literal = decl.initializer ? stripped(decl.initializer) : undefined;
    if (!literal || !ts.isObjectLiteralExpression(literal)) return undefined;
    const entry = literalMethodOf(literal, method);
    if (!entry || !mentionsOnlyRead(sf, holder, decl.name as ts.Identifier)) return undefined;
    // Another method of the object could replace this one through its own `this`.
    if (literal.properties.some((p) => p !== entry.property && readsThis(ts.isPropertyAssignment(p) ? stripped(p.initializer) : p))) return undefined;
    fn = entry.fn;
  }
  if (readsThis(fn) || methodWritten(sf, holder, method)) return undefined;
  const start = fn.getStart(sf);
  return units.find((u) => u.span.start === start && u.span.end === fn!.end);
}

/** Whether the function or method written at the unit's place reads `this` or `super` (see `readsThis`). */
export function unitReadsThis(ev: Evaluator, file: string, unit: FlowUnit): boolean {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, unit.span, (n) => ts.isFunctionLike(n)) : undefined;
  return node === undefined || readsThis(node);
}

/** The statements of the file's top level that declare `name`: a class, or a const (nothing else is resolved). */
function topLevelDeclarations(sf: ts.SourceFile, name: string): (ts.ClassDeclaration | ts.VariableDeclaration)[] {
  const out: (ts.ClassDeclaration | ts.VariableDeclaration)[] = [];
  let other = false;
  for (const st of sf.statements) {
    if (ts.isClassDeclaration(st) && st.name?.text === name) out.push(st);
    else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || d.name.text !== name) continue;
        if (st.declarationList.flags & ts.NodeFlags.Const) out.push(d);
        else other = true;
      }
    } else if ((ts.isFunctionDeclaration(st) || ts.isEnumDeclaration(st) || ts.isModuleDeclaration(st)) && st.name?.text === name) other = true;
    else if (ts.isImportDeclaration(st) && importsName(st, name)) other = true;
  }
  return other ? [] : out;
}

function importsName(st: ts.ImportDeclaration, name: string): boolean {
  const clause = st.importClause;
  if (!clause) return false;
  if (clause.name?.text === name) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  return ts.isNamespaceImport(bindings) ? bindings.name.text === name : bindings.elements.some((e) => e.name.text === name);
}

/** Whether a scope around the position (a function, a block) declares `name` again: the reference is not to the top-level one. */
function shadowedAt(sf: ts.SourceFile, at: number, name: string): boolean {
  const top = sf.statements.find((st) => st.getStart(sf) <= at && at < st.end);
  if (!top) return true;
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    const declName = (ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n) || ts.isClassExpression(n) || ts.isFunctionExpression(n) || ts.isBindingElement(n)) ? n.name : undefined;
    // The top-level declaration itself is the one referred to.
    if (n !== top && declName && declares(declName, name) && !(ts.isVariableDeclaration(n) && n.parent?.parent === top)) found = true;
    if (ts.isCatchClause(n) && n.variableDeclaration && declares(n.variableDeclaration.name, name)) found = true;
    ts.forEachChild(n, visit);
  };
  // Only the scopes that hold the position matter, but a deeper look errs towards "not resolved".
  ts.forEachChild(top, visit);
  return found;
}

function declares(binding: ts.Node, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  if (ts.isObjectBindingPattern(binding) || ts.isArrayBindingPattern(binding)) return binding.elements.some((e) => !ts.isOmittedExpression(e) && declares(e.name, name));
  return false;
}

/** `static method() {...}` (or a static field holding a function) of the class, with a body. */
function staticMethodOf(cls: ts.ClassDeclaration, method: string): ts.FunctionLikeDeclaration | undefined {
  const named = cls.members.filter((m) => m.name !== undefined && memberName(m.name) === method);
  const statics = named.filter((m) => hasStatic(m));
  if (statics.length === 0) return undefined;
  const bodies = statics.filter((m) => ts.isMethodDeclaration(m) && m.body !== undefined);
  if (bodies.length === 1 && statics.every((m) => ts.isMethodDeclaration(m))) return bodies[0] as ts.MethodDeclaration;
  const field = statics.length === 1 && ts.isPropertyDeclaration(statics[0]!) ? statics[0].initializer : undefined;
  const value = field ? stripped(field) : undefined;
  return value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) ? value : undefined;
}

/** `{ method() {...} }`, `{ method: () => {...} }`, `{ method: function () {...} }`: the one entry of that name, in a literal no spread can change. */
function literalMethodOf(literal: ts.ObjectLiteralExpression, method: string): { property: ts.ObjectLiteralElementLike; fn: ts.FunctionLikeDeclaration } | undefined {
  if (literal.properties.some((p) => ts.isSpreadAssignment(p) || (p.name !== undefined && ts.isComputedPropertyName(p.name)))) return undefined;
  const named = literal.properties.filter((p) => p.name !== undefined && memberName(p.name) === method);
  if (named.length !== 1) return undefined;
  const p = named[0]!;
  if (ts.isMethodDeclaration(p)) return p.body ? { property: p, fn: p } : undefined;
  if (!ts.isPropertyAssignment(p)) return undefined;
  const value = stripped(p.initializer);
  return ts.isArrowFunction(value) || ts.isFunctionExpression(value) ? { property: p, fn: value } : undefined;
}

function memberName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name) ? name.text : undefined;
}

function hasStatic(m: ts.ClassElement): boolean {
  return ts.canHaveModifiers(m) && (ts.getModifiers(m)?.some((x) => x.kind === SK.StaticKeyword) ?? false);
}

/** The expression inside parentheses, `as`, `satisfies`, `!`. */
function stripped(e: ts.Expression): ts.Expression {
  let cur = e;
  while (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isNonNullExpression(cur) || ts.isTypeAssertionExpression(cur)) cur = cur.expression;
  return cur;
}

/**
 * Whether the code reads `this` or `super` where it is the function's own: in its body and in the
 * arrows inside it (a nested `function` has a `this` of its own). Any other node is looked into too,
 * which errs towards "reads it".
 */
function readsThis(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (n.kind === SK.ThisKeyword || n.kind === SK.SuperKeyword) {
      found = true;
      return;
    }
    if (n !== node && (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n))) return;
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** Every mention of the object's name other than its declaration only reads its members (`obj.create`, not written). */
function mentionsOnlyRead(sf: ts.SourceFile, name: string, declared: ts.Identifier): boolean {
  return everyMention(sf, name, (n) => n === declared || readsMembers(n));
}

/** Every mention of the class's name reads its members, builds it, extends it or names its type: nothing hands it whole to other code. */
function onlyReadOrBuilt(sf: ts.SourceFile, name: string, declared: ts.Identifier): boolean {
  return everyMention(sf, name, (n) => {
    if (n === declared || readsMembers(n)) return true;
    const p = climb(n).parent;
    if (!p) return false;
    if (ts.isNewExpression(p) && climb(p.expression) === climb(n)) return true;
    if (ts.isExpressionWithTypeArguments(p) || ts.isExportSpecifier(p)) return true;
    return ts.isBinaryExpression(p) && p.operatorToken.kind === SK.InstanceOfKeyword && p.right === climb(n);
  });
}

function everyMention(sf: ts.SourceFile, name: string, ok: (n: ts.Identifier) => boolean): boolean {
  let fine = true;
  const visit = (n: ts.Node): void => {
    if (!fine) return;
    if (ts.isIdentifier(n) && n.text === name && !ok(n)) fine = false;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return fine;
}

/** `holder.method = ...` or `this.method = ...` anywhere in the file: the method may be replaced. */
function methodWritten(sf: ts.SourceFile, holder: string, method: string): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= SK.FirstAssignment && n.operatorToken.kind <= SK.LastAssignment) {
      const left = stripped(n.left);
      const key = ts.isPropertyAccessExpression(left) ? left.name.text : ts.isElementAccessExpression(left) && ts.isStringLiteralLike(left.argumentExpression) ? left.argumentExpression.text : undefined;
      const object = ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left) ? stripped(left.expression) : undefined;
      if (key === method && object && (object.kind === SK.ThisKeyword || (ts.isIdentifier(object) && object.text === holder))) found = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
