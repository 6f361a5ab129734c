// A static method that builds and returns the server (`static get(): McpServer { if (!X.instance)
// X.instance = new McpServer(...); return X.instance }`, or a static factory) is called as `X.get()`.
// When the server is held nowhere else (its static field is read only by that method), and every use of
// the class in the package is `const server = X.get()`, its callers are followed like a factory's:
// what each does with the server happens to it (for a singleton, to the same one; for a factory, the
// replay merges them as it does for a function's callers).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { parsedSource, nodeAt } from "./containerStores";
import { exportNamesOf } from "./factoryCallers";
import type { SdkSite } from "./findSdkServers";
import { unitReadsThis } from "./methodReferences";

export interface StaticGetter {
  readonly className: string;
  readonly method: string;
  /** The names the class is exported as. */
  readonly exported: readonly string[];
  /**
   * A factory rather than a getter: the server is built into a local of the method (`const server =
   * new McpServer(...); ...; return server`), so every call makes a server of its own.
   */
  readonly fresh: boolean;
  /** Called with no `this` (`createMcpHandler(C.create)`), the method runs its own code: it reads no `this` nor `super`. */
  readonly thisFree: boolean;
  /** The class's own file: calls of `C.method()` there bound to a name (`const server = C.get()`). */
  readonly ownCalls: readonly { unitIndex: number; index: number; result: string; conditional: boolean }[];
}

/**
 * The static method of an exported class the site returns the server from, or undefined when the site
 * is not one, or when the class's own file uses the method, the class, or the field holding the server
 * in another way (then its callers are not followed this way).
 */
export function staticGetterOf(ev: Evaluator, site: SdkSite): StaticGetter | undefined {
  const { unit, file } = site;
  const className = unit.className;
  if (unit.kind !== "method" || className === undefined) return undefined;
  const method = unit.name.slice(className.length + 1);
  const summary = ev.summary(file);
  const sf = parsedSource(ev, file);
  const units = summary?.flow?.units;
  if (!summary || !sf || !units) return undefined;
  const decl = nodeAt(sf, unit.span);
  if (!decl || !ts.isMethodDeclaration(decl) || !ts.isIdentifier(decl.name) || !isStatic(decl)) return undefined;
  const cls = decl.parent;
  if (!ts.isClassDeclaration(cls) || cls.name?.text !== className || cls.parent !== sf) return undefined;
  // The server is returned straight from its construction or from a static field only this method names.
  const target = site.event.target;
  const field = target?.length === 2 && (target[0] === "this" || target[0] === className) ? target[1]! : undefined;
  const fresh = target?.length === 1 && target[0] !== "<return>" && site.event.declared === true;
  if (target && target[0] !== "<return>" && field === undefined && !fresh) return undefined;
  if (field !== undefined && mentionedOutside(sf, field, decl.getStart(sf), decl.end, cls)) return undefined;
  const exported = exportNamesOf(summary, className);
  if (exported.length === 0) return undefined;
  // In the class's own file, the class is named only in its declaration and in bound calls of the method.
  const ownCalls: { unitIndex: number; index: number; result: string; conditional: boolean }[] = [];
  const explained: Span[] = [spanOf(sf, cls.name)];
  units.forEach((u, unitIndex) =>
    u.events.forEach(({ event, conditional }, index) => {
      if (event.k !== "invoke") return;
      const c = event.callee;
      if (c.k !== "get" || c.key.k !== "static" || c.key.name !== method || c.object.k !== "ref" || c.object.name !== className) return;
      if (!event.result) return;
      ownCalls.push({ unitIndex, index, result: event.result, conditional });
      explained.push(c.object.span);
    }),
  );
  if (strayClassMention(sf, className, explained, cls, field) || strayMethodMention(sf, method, explained, decl)) return undefined;
  return { className, method, exported, ownCalls, fresh, thisFree: !unitReadsThis(ev, file, unit) };
}

function isStatic(decl: ts.MethodDeclaration): boolean {
  return decl.modifiers?.some((m) => m.kind === SK.StaticKeyword) ?? false;
}

function spanOf(sf: ts.SourceFile, n: ts.Node): Span {
  return { start: n.getStart(sf), end: n.end };
}

/** Whether the field is named outside the method (`start`..`end`): read, written or declared with a value. */
function mentionedOutside(sf: ts.SourceFile, field: string, start: number, end: number, cls: ts.ClassDeclaration): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    const inside = n.getStart(sf) >= start && n.end <= end;
    if (!inside) {
      if ((ts.isPropertyAccessExpression(n) && n.name.text === field) || (ts.isElementAccessExpression(n) && !ts.isIdentifier(n.argumentExpression) && !ts.isStringLiteral(n.argumentExpression) && !ts.isNumericLiteral(n.argumentExpression))) found = true;
      else if (ts.isElementAccessExpression(n) && ts.isStringLiteral(n.argumentExpression) && n.argumentExpression.text === field) found = true;
      // A declaration with an initializer other than null/undefined holds another value.
      else if (ts.isPropertyDeclaration(n) && n.parent === cls && n.name.getText(sf) === field && n.initializer && !isNothing(n.initializer)) found = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function isNothing(e: ts.Expression): boolean {
  return e.kind === SK.NullKeyword || (ts.isIdentifier(e) && e.text === "undefined");
}

/** A mention of the class's name that is neither its declaration nor an explained call (`new C()`, `C.other`, a type). */
function strayClassMention(sf: ts.SourceFile, className: string, explained: readonly Span[], cls: ts.ClassDeclaration, field: string | undefined): boolean {
  let stray = false;
  const visit = (n: ts.Node): void => {
    if (stray) return;
    if (ts.isIdentifier(n) && n.text === className && !explained.some((s) => s.start === n.getStart(sf))) {
      // `C.field` inside the class's own static method is the field already checked; the export list names it too.
      const access = n.parent;
      const selfRead = field !== undefined && ts.isPropertyAccessExpression(access) && access.expression === n && access.name.text === field && insideOf(n, cls);
      const exportSpecifier = ts.isExportSpecifier(access);
      if (!selfRead && !exportSpecifier) stray = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return stray;
}

/** A use of the method other than an explained `C.method()` call (`this.method()`, `C["method"]`, passed as a value). */
function strayMethodMention(sf: ts.SourceFile, method: string, explained: readonly Span[], decl: ts.MethodDeclaration): boolean {
  let stray = false;
  const visit = (n: ts.Node): void => {
    if (stray) return;
    const named = (ts.isPropertyAccessExpression(n) && n.name.text === method) || (ts.isElementAccessExpression(n) && ts.isStringLiteral(n.argumentExpression) && n.argumentExpression.text === method);
    if (named && !explained.some((s) => s.start === n.getStart(sf))) stray = true;
    else if (ts.isIdentifier(n) && n.text === method && n !== decl.name && !ts.isPropertyAccessExpression(n.parent)) stray = true;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return stray;
}

function insideOf(n: ts.Node, outer: ts.Node): boolean {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) if (p === outer) return true;
  return false;
}
