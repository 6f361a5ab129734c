// A server handed to an object a class keeps in a private field (`this.transports.attach(server)`,
// where the class only ever assigns `this.transports = new Transports(...)`), and a server stored by a
// class in a private field of its own (`attach(server) { this.server = server }`). The first is the
// one method that call runs; the second is harmless when every read of the field in its class only
// tests it, reads a data member, or calls a member that cannot add a capability. Any doubt (a field
// others can reach, another kind of value assigned, a read that hands the server on) keeps the call
// or the store unfollowed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit, Span, ValueExpr } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { climb, HARMLESS_MEMBERS, nodeAt, parsedSource } from "./containerStores";
import { SDK_EVAL } from "./sdkEval";

/** The class (its file and name) every value of a private field is made with, and, when one `new` makes them all, its arguments as written. */
interface FieldClass {
  readonly file: string;
  readonly name: string;
  readonly args?: readonly string[];
}

/**
 * `this.<field>.<method>(...)` in a method: the class every value of the field is made with, and,
 * when one `new` makes them all, its arguments as written (`new Logger(this.server)`: `this.server`),
 * without type assertions.
 */
export function fieldObjectClass(ev: Evaluator, file: string, unit: FlowUnit, callee: Extract<ValueExpr, { k: "get" }>): FieldClass | undefined {
  const object = callee.object;
  if (callee.key.k !== "static" || object.k !== "get" || object.key.k !== "static" || object.object.k !== "dyn" || object.object.text !== "this") return undefined;
  if (unit.className === undefined || (unit.kind !== "method" && unit.kind !== "closure")) return undefined;
  const sf = parsedSource(ev, file);
  if (!sf || optionalCall(sf, callee.span)) return undefined;
  return fieldClass(ev, file, sf, unit.className, object.key.name);
}

/**
 * The server given to a `new` that is the initializer of a private field (`private logger = new
 * Logger(this.server)`, `span` the argument): the field, and the class every value of it is made with.
 */
export function fieldConstructionOf(ev: Evaluator, file: string, unit: FlowUnit, span: Span): (FieldClass & { readonly field: string }) | undefined {
  if (unit.kind !== "field" || unit.className === undefined) return undefined;
  const sf = parsedSource(ev, file);
  const arg = sf ? nodeAt(sf, span) : undefined;
  const made = arg ? climb(arg).parent : undefined;
  const decl = made ? climb(made).parent : undefined;
  if (!sf || !made || !decl || !ts.isNewExpression(made) || !ts.isPropertyDeclaration(decl) || climb(made) !== decl.initializer) return undefined;
  const field = memberName(decl.name);
  const found = field === undefined ? undefined : fieldClass(ev, file, sf, unit.className, field);
  if (!found || field === undefined) return undefined;
  // Every read of the field calls one of its methods there (`this.logger.info(...)`): nothing hands the object on.
  const cls = topLevelClass(sf, unit.className);
  const refs = cls ? privateField(sf, cls, field)?.refs : undefined;
  const methodCalled = (ref: ts.Node): boolean => {
    const access = ref.parent;
    return access !== undefined && ts.isPropertyAccessExpression(access) && access.expression === ref && access.parent !== undefined && ts.isCallExpression(access.parent) && access.parent.expression === access;
  };
  return refs?.every((ref) => isAssigned(ref) || methodCalled(climb(ref))) ? { ...found, field } : undefined;
}

function fieldClass(ev: Evaluator, file: string, sf: ts.SourceFile, className: string, fieldName: string): FieldClass | undefined {
  const cls = topLevelClass(sf, className);
  const field = cls ? privateField(sf, cls, fieldName) : undefined;
  if (!field) return undefined;
  // Every value the field is given is `new C(...)` of one class named the same way.
  if (field.refs.some(isOtherwiseWritten)) return undefined;
  const made = [field.decl.initializer, ...field.refs.filter(isAssigned).map(assignedValue)].filter((e): e is ts.Expression => e !== undefined);
  const names = new Set(made.map((e) => constructedName(bare(e))));
  const name = names.size === 1 ? [...names][0] : undefined;
  if (!name) return undefined;
  const summary = ev.summary(file);
  if (!summary || (!summary.decls.has(name) && !summary.imports.has(name))) return undefined;
  const value = ev.evaluate({ k: "ref", name, span: { start: field.decl.getStart(sf), end: field.decl.end } }, ev.fileScope(file), SDK_EVAL);
  if (value.t !== "class" || value.cls.scope !== null) return undefined;
  const madeName = ev.summary(value.cls.file)?.classes[value.cls.index]?.name;
  if (!madeName) return undefined;
  const only = made.length === 1 ? bare(made[0]!) : undefined;
  const args = only && ts.isNewExpression(only) ? (only.arguments ?? []).map((a) => bare(a).getText(sf)) : undefined;
  return { file: value.cls.file, name: madeName, ...(args ? { args } : {}) };
}

/**
 * `this.<field> = server` at `span` (the server's name): whether the field is private to its class
 * and every read of it there cannot add a capability. `plain`: the server is the SDK's own class (a
 * subclass may hold closures that register, so reading its data members is not harmless).
 */
export function fieldStoreIsHarmless(ev: Evaluator, file: string, span: Span, plain: boolean): boolean {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, span) : undefined;
  if (!sf || !node) return false;
  const top = climb(node);
  const assign = top.parent;
  if (!assign || !ts.isBinaryExpression(assign) || assign.operatorToken.kind !== SK.EqualsToken || assign.right !== top) return false;
  const statement = climb(assign).parent;
  if (!statement || !ts.isExpressionStatement(statement)) return false;
  const left = bare(assign.left);
  if (!ts.isPropertyAccessExpression(left) || left.expression.kind !== SK.ThisKeyword) return false;
  const cls = classAround(left);
  if (!cls) return false;
  const field = privateField(sf, cls, left.name.text);
  return field !== undefined && field.refs.every((ref) => isAssigned(ref) || readIsHarmless(ref, plain));
}

interface PrivateField {
  readonly decl: ts.PropertyDeclaration;
  /** Every `this.<field>` in the class. */
  readonly refs: readonly ts.Node[];
}

/**
 * A field declared `private` (or `#name`) in `cls`, named only as `this.<field>` inside the class: no
 * other object of the file names it, and nothing takes it out of `this` by destructuring.
 */
function privateField(sf: ts.SourceFile, cls: ts.ClassLikeDeclaration, name: string): PrivateField | undefined {
  // Asked for every `this.a.b(...)` the replay meets: each class's fields are read from the source once.
  let fields = fieldsRead.get(cls);
  if (!fields) fieldsRead.set(cls, (fields = new Map()));
  if (!fields.has(name)) fields.set(name, readPrivateField(sf, cls, name) ?? null);
  return fields.get(name) ?? undefined;
}

/** Per class declaration (of a source parsed once per evaluator): each field name → what was found. */
const fieldsRead = new WeakMap<ts.ClassLikeDeclaration, Map<string, PrivateField | null>>();

function readPrivateField(sf: ts.SourceFile, cls: ts.ClassLikeDeclaration, name: string): PrivateField | undefined {
  const decl = cls.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && memberName(m.name) === name);
  if (!decl || decl.modifiers?.some((m) => m.kind === SK.StaticKeyword)) return undefined;
  const isPrivate = ts.isPrivateIdentifier(decl.name) || (decl.modifiers?.some((m) => m.kind === SK.PrivateKeyword) ?? false);
  if (!isPrivate) return undefined;
  const refs: ts.Node[] = [];
  let foreign = false;
  const visit = (n: ts.Node): void => {
    if (foreign) return;
    if ((ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) && accessName(n) === name) {
      const object = bare(n.expression);
      if (object.kind === SK.ThisKeyword && classAround(n) === cls) refs.push(n);
      // `this.server.server`: a member of the value the field holds, read where that value is read.
      else if (!(isThisField(object, name) && classAround(n) === cls)) foreign = true;
    } else if (ts.isElementAccessExpression(n) && bare(n.expression).kind === SK.ThisKeyword && accessName(n) === undefined) {
      // `this[key]`: any field, this one included.
      foreign = true;
    } else if (ts.isObjectBindingPattern(n) && n.elements.some((e) => e.dotDotDotToken || memberName(e.propertyName ?? e.name) === name)) {
      foreign = true;
    } else if (ts.isSpreadAssignment(n) && bare(n.expression).kind === SK.ThisKeyword) {
      foreign = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return foreign ? undefined : { decl, refs };
}

/** A read of the field holding the server: a test, a data member, or a member that adds nothing. */
function readIsHarmless(ref: ts.Node, plain: boolean): boolean {
  const top = climb(ref);
  const parent = top.parent;
  if (!parent) return false;
  if (isTestOnly(top, parent) || ts.isExpressionStatement(parent)) return true;
  if (!ts.isPropertyAccessExpression(parent) || parent.expression !== top) return false;
  return memberReadIsHarmless(parent, plain, 0);
}

/**
 * `server.close()`, `server.transport`, `server._serverInfo?.name`: the SDK's classes add a capability
 * only through their methods, called on the server itself; a member read that is not called (nor
 * `server`, the low-level Server inside) hands out data, and an unbound method throws when called.
 */
function memberReadIsHarmless(access: ts.PropertyAccessExpression, plain: boolean, depth: number): boolean {
  const member = access.name.text;
  if (HARMLESS_MEMBERS.has(member)) return true;
  const top = climb(access);
  const next = top.parent;
  if (member === "server") {
    return depth === 0 && next !== undefined && ts.isPropertyAccessExpression(next) && next.expression === top && memberReadIsHarmless(next, plain, depth + 1);
  }
  if (!plain || !next) return false;
  const called = (ts.isCallExpression(next) || ts.isNewExpression(next) || ts.isTaggedTemplateExpression(next)) && (ts.isTaggedTemplateExpression(next) ? next.tag : next.expression) === top;
  return !called;
}

/** `!x`, `if (x)`, `x ? a : b`, `x === y`, `typeof x`, `x && ...`: only whether it is there. */
function isTestOnly(top: ts.Node, parent: ts.Node): boolean {
  if (ts.isPrefixUnaryExpression(parent) && parent.operator === SK.ExclamationToken) return true;
  if (ts.isTypeOfExpression(parent)) return true;
  if ((ts.isIfStatement(parent) || ts.isWhileStatement(parent)) && parent.expression === top) return true;
  if (ts.isConditionalExpression(parent) && parent.condition === top) return true;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    if (op === SK.EqualsEqualsEqualsToken || op === SK.ExclamationEqualsEqualsToken || op === SK.EqualsEqualsToken || op === SK.ExclamationEqualsToken) return true;
    if (op === SK.AmpersandAmpersandToken && parent.left === top) return true;
  }
  return false;
}

function isThisField(e: ts.Expression, name: string): boolean {
  return (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) && accessName(e) === name && bare(e.expression).kind === SK.ThisKeyword;
}

function topLevelClass(sf: ts.SourceFile, name: string): ts.ClassDeclaration | undefined {
  const found = sf.statements.filter((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === name);
  return found.length === 1 ? found[0] : undefined;
}

/** The class whose own code (not a nested class's) `n` is written in. */
function classAround(n: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) if (ts.isClassLike(p)) return p;
  return undefined;
}

function constructedName(e: ts.Expression): string | undefined {
  return ts.isNewExpression(e) && ts.isIdentifier(e.expression) ? e.expression.text : undefined;
}

function memberName(name: ts.Node): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) ? name.text : undefined;
}

function accessName(n: ts.PropertyAccessExpression | ts.ElementAccessExpression): string | undefined {
  if (ts.isPropertyAccessExpression(n)) return n.name.text;
  return ts.isStringLiteralLike(n.argumentExpression) ? n.argumentExpression.text : undefined;
}

function isAssigned(ref: ts.Node): boolean {
  const top = climb(ref);
  return top.parent !== undefined && ts.isBinaryExpression(top.parent) && top.parent.operatorToken.kind === SK.EqualsToken && top.parent.left === top;
}

/** `this.f ??= x`, `this.f += x`, `this.f++`: written by something other than a plain assignment. */
function isOtherwiseWritten(ref: ts.Node): boolean {
  const top = climb(ref);
  const p = top.parent;
  if (!p) return false;
  if (ts.isBinaryExpression(p) && p.left === top) return p.operatorToken.kind !== SK.EqualsToken && p.operatorToken.kind >= SK.FirstAssignment && p.operatorToken.kind <= SK.LastAssignment;
  if (ts.isPrefixUnaryExpression(p)) return p.operator === SK.PlusPlusToken || p.operator === SK.MinusMinusToken;
  return ts.isPostfixUnaryExpression(p) || ts.isDeleteExpression(p);
}

/** `this.f?.m(...)`, `this.f.m?.(...)`: a call that may not run at all. */
function optionalCall(sf: ts.SourceFile, span: Span): boolean {
  const node = nodeAt(sf, span);
  if (!node) return true;
  for (let n: ts.Node | undefined = node; n && (ts.isPropertyAccessExpression(n) || ts.isCallExpression(n) || ts.isNonNullExpression(n) || ts.isParenthesizedExpression(n)); n = n.parent) {
    if ((ts.isPropertyAccessExpression(n) || ts.isCallExpression(n)) && n.questionDotToken) return true;
    if (ts.isCallExpression(n)) break;
  }
  return ts.isPropertyAccessExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.questionDotToken !== undefined;
}

function assignedValue(ref: ts.Node): ts.Expression | undefined {
  const p = climb(ref).parent;
  return p && ts.isBinaryExpression(p) ? p.right : undefined;
}

/** An expression without the parentheses and type assertions around it (`(x as any)!`). */
export function bare(e: ts.Expression): ts.Expression {
  let cur = e;
  while (ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isParenthesizedExpression(cur) || ts.isTypeAssertionExpression(cur) || ts.isNonNullExpression(cur)) cur = cur.expression;
  return cur;
}
