// `class SessionServerFactory { constructor(private readonly opts: Options) {} create() { … if
// (this.opts.enablePrompts) server.registerPrompt(…) … } }`, built once in the whole program as
// `new SessionServerFactory({ enablePrompts: true })`: whenever create() runs, it runs on that one
// instance, so `this.opts` is the object that construction passed. The replay binds it for the
// condition reader (knownConditions' THIS_FIELD), which then decides `this.opts.enablePrompts`.
// Only a field that is a `readonly` parameter property nothing assigns or changes (each mention a read
// of one of its members), of a class that is not abstract, has no subclass, and whose name is used as
// a value in exactly one `new` in its file and the files importing it (which must all be readable, and
// not reach the package's entry point: code outside could build it with other arguments).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding } from "../../core/evaluate/values";
import type { FileSummary, FlowUnit, ValueExpr } from "../../core/model/summary";
import { unitScope } from "../../core/evaluate/unitScope";
import { THIS_FIELD } from "../../core/evaluate/knownConditions";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";
import { exportNamesOf, serverImporters, type Elsewhere } from "./factoryCallers";
import type { SdkSite } from "./findSdkServers";

/** The bindings `this.<field>` for the parameter properties the site's method reads, or undefined. */
export function constructedFields(ev: Evaluator, elsewhere: Elsewhere, site: SdkSite): ReadonlyMap<string, Binding> | undefined {
  const { unit, file } = site;
  const className = unit.className;
  if (unit.kind !== "method" || className === undefined || unit.name === `${className}.constructor`) return undefined;
  const sf = parsedSource(ev, file);
  const summary = ev.summary(file);
  const cls = sf?.statements.find((st): st is ts.ClassDeclaration => ts.isClassDeclaration(st) && st.name?.text === className);
  if (!sf || !summary || !cls || hasModifier(cls, SK.AbstractKeyword)) return undefined;
  const ctor = cls.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && m.body !== undefined);
  if (!ctor) return undefined;
  // Parameter properties declared readonly, by their index in the constructor's parameters.
  const fields = new Map<string, number>();
  ctor.parameters.forEach((p, i) => {
    if (ts.isIdentifier(p.name) && !p.dotDotDotToken && hasModifier(p, SK.ReadonlyKeyword) && onlyMembersRead(cls, ctor, p.name.text)) fields.set(p.name.text, i);
  });
  if (fields.size === 0) return undefined;
  const made = soleConstruction(ev, elsewhere, file, sf, summary, className);
  if (!made) return undefined;
  const out = new Map<string, Binding>();
  const scope = unitScope(ev, made.file, made.unit);
  for (const [field, i] of fields) {
    const arg = made.args[i];
    if (arg) out.set(`${THIS_FIELD}${field}`, { expr: arg, scope });
  }
  return out.size > 0 ? out : undefined;
}

function hasModifier(n: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(n) && (ts.getModifiers(n)?.some((m) => m.kind === kind) ?? false);
}

/**
 * Every `this.field` in the class is the object of a member read (`this.opts.enablePrompts`) that is
 * not written, deleted, counted or called as a method; and the constructor does not give the
 * parameter another value before it is kept (it is the field from the start).
 */
function onlyMembersRead(cls: ts.ClassDeclaration, ctor: ts.ConstructorDeclaration, field: string): boolean {
  let fine = true;
  const visit = (n: ts.Node): void => {
    if (!fine) return;
    if (ts.isPropertyAccessExpression(n) && n.name.text === field && n.expression.kind === SK.ThisKeyword) {
      const read = n.parent;
      if (!ts.isPropertyAccessExpression(read) || read.expression !== n) fine = false;
      else {
        let top: ts.Node = read;
        while (ts.isPropertyAccessExpression(top.parent) && top.parent.expression === top) top = top.parent;
        if (written(top) || (ts.isCallExpression(top.parent) && top.parent.expression === top)) fine = false;
      }
    }
    // `opts = { ...opts }`, `opts.x = …`, `setup(opts)` in the constructor: the parameter itself changed or handed on.
    const member = ts.isPropertyAccessExpression(n.parent) && n.parent.name === n;
    if (ts.isIdentifier(n) && n.text === field && !member && within(n, ctor) && !ts.isParameter(n.parent)) {
      if (!ts.isPropertyAccessExpression(n.parent) || n.parent.expression !== n || written(climbMembers(n.parent))) fine = false;
    }
    ts.forEachChild(n, visit);
  };
  visit(cls);
  return fine;
}

function climbMembers(n: ts.Node): ts.Node {
  let top = n;
  while (ts.isPropertyAccessExpression(top.parent) && top.parent.expression === top) top = top.parent;
  return top;
}

function within(n: ts.Node, outer: ts.Node): boolean {
  for (let p = n.parent; p; p = p.parent) if (p === outer) return true;
  return false;
}

/** Assigned to, deleted, incremented or decremented. */
function written(n: ts.Node): boolean {
  const p = n.parent;
  if (ts.isBinaryExpression(p) && p.left === n && p.operatorToken.kind >= SK.FirstAssignment && p.operatorToken.kind <= SK.LastAssignment) return true;
  if (ts.isDeleteExpression(p)) return true;
  return (ts.isPrefixUnaryExpression(p) || ts.isPostfixUnaryExpression(p)) && (p.operator === SK.PlusPlusToken || p.operator === SK.MinusMinusToken);
}

interface Construction {
  readonly file: string;
  readonly unit: FlowUnit;
  readonly args: readonly ValueExpr[];
}

/** The one `new C(...)` of the program, with its arguments and the unit it is written in; undefined unless there is exactly one. */
function soleConstruction(ev: Evaluator, elsewhere: Elsewhere, file: string, sf: ts.SourceFile, summary: FileSummary, className: string): Construction | undefined {
  const names = exportNamesOf(summary, className);
  const places: { file: string; local: string }[] = [{ file, local: className }];
  if (names.length > 0) {
    const users = serverImporters(ev, elsewhere, file, names);
    if (users.open.length > 0 || (users.entry?.length ?? 0) > 0) return undefined;
    places.push(...users.found);
  }
  let found: Construction | undefined;
  let count = 0;
  for (const { file: at, local } of places) {
    const atSf = at === file ? sf : parsedSource(ev, at);
    const units = ev.summary(at)?.flow?.units;
    if (!atSf || !units) return undefined;
    const spans = newSpans(atSf, local, at === file ? className : undefined);
    if (!spans) return undefined;
    for (const span of spans) {
      count++;
      for (const unit of units) {
        const event = unit.events.find(({ event: e }) => e.k === "new" && e.ctor === local && e.span.start === span.start && e.span.end === span.end)?.event;
        if (event?.k === "new") found = { file: at, unit, args: event.args };
      }
    }
  }
  return count === 1 ? found : undefined;
}

/**
 * The spans of `new C(...)` in the file, when that is the only way the class is named as a value
 * (its declaration, imports, exports and types aside); undefined otherwise (`extends C`, `const K = C`).
 */
function newSpans(sf: ts.SourceFile, local: string, declared: string | undefined): { start: number; end: number }[] | undefined {
  const out: { start: number; end: number }[] = [];
  let other = false;
  const visit = (n: ts.Node): void => {
    if (other) return;
    if (ts.isIdentifier(n) && n.text === local) {
      const p = n.parent;
      if (ts.isNewExpression(p) && p.expression === n) out.push({ start: p.getStart(sf), end: p.end });
      else if (declared !== undefined && ts.isClassDeclaration(p) && p.name === n) {
        /* the declaration */
      } else if (!(ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isExportSpecifier(p) || ts.isTypeReferenceNode(p) || ts.isTypeQueryNode(p) || (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n))) other = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return other ? undefined : out;
}
