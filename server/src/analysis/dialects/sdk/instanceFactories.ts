// A public method that builds a server and returns it (`class App { build() { const server = new
// McpServer(...); ...; return server } }`), called on instances elsewhere: `new App().build()` or
// `const app = new App(); const server = app.build()`. The callers are followed like a function
// factory's (factoryCallers.ts finds them). A server also kept in a field of the instance
// (`this.server = new Server(...); this.setupHandlers(); return this.server`) counts only when no
// other code can reach that field: it is named only in the method and in private helpers that only
// the method calls.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import type { SdkSite } from "./findSdkServers";

export interface InstanceFactory {
  readonly className: string;
  readonly method: string;
  /** Where the class's and the method's names are declared (mentions that are not uses). */
  readonly declared: readonly Span[];
}

export function instanceFactoryOf(ev: Evaluator, site: SdkSite): InstanceFactory | undefined {
  const { unit, file, event } = site;
  const className = unit.className;
  if (unit.kind !== "method" || className === undefined || !unit.name.startsWith(`${className}.`)) return undefined;
  const method = unit.name.slice(className.length + 1);
  // Built into a local (or returned as it is made), or into a field only the method reaches.
  const target = event.target;
  const inField = target?.length === 2 && target[0] === "this" && fieldOnlyThere(ev, site, target[1]!);
  if (!inField && (!target || target.length !== 1 || (target[0] !== "<return>" && !event.declared))) return undefined;
  const classes = ev.summary(file)?.classes.filter((c) => c.name === className && c.topLevel) ?? [];
  if (classes.length !== 1) return undefined;
  const cls = classes[0]!;
  // A private method is called by the class itself (the replay follows those calls); a static one is `C.method()`.
  const member = cls.members.find((m) => m.name === method && m.kind === "method" && !m.typeOnly);
  if (!member || member.isStatic || member.hidden || member.isAbstract || unit.nameSpan?.start !== member.nameSpan.start) return undefined;
  return { className, method, declared: [cls.nameSpan, member.nameSpan] };
}

/**
 * Whether `this.field` is named only inside the site's method and in private methods that nothing but
 * `this.helper()` calls in that very method name (and the field is declared without a value).
 */
function fieldOnlyThere(ev: Evaluator, site: SdkSite, field: string): boolean {
  const sf = parsedSource(ev, site.file);
  const decl = sf ? nodeAt(sf, site.unit.span) : undefined;
  if (!sf || !decl || !ts.isMethodDeclaration(decl) || !ts.isClassDeclaration(decl.parent)) return false;
  const cls = decl.parent;
  const inside = (n: ts.Node, outer: ts.Node) => n.getStart(sf) >= outer.getStart(sf) && n.end <= outer.end;
  // Private helpers the method calls as `this.helper()`, each named nowhere else.
  const helpers = new Set<ts.MethodDeclaration>();
  for (const m of cls.members) {
    if (!ts.isMethodDeclaration(m) || m === decl || !m.body || !ts.isIdentifier(m.name) && !ts.isPrivateIdentifier(m.name)) continue;
    const isPrivate = ts.isPrivateIdentifier(m.name) || (ts.getModifiers(m)?.some((x) => x.kind === SK.PrivateKeyword) ?? false);
    if (isPrivate && namedOnlyAsCallIn(sf, m.name.text, decl, m)) helpers.add(m);
  }
  let ok = true;
  const visit = (n: ts.Node): void => {
    if (!ok) return;
    const named =
      (ts.isPropertyAccessExpression(n) && n.name.text === field) ||
      (ts.isElementAccessExpression(n) && (!ts.isStringLiteral(n.argumentExpression) || n.argumentExpression.text === field) && !ts.isNumericLiteral(n.argumentExpression));
    if (named && !inside(n, decl) && ![...helpers].some((h) => inside(n, h))) ok = false;
    if (ts.isPropertyDeclaration(n) && n.parent === cls && n.name.getText(sf) === field && n.initializer && n.initializer.kind !== SK.NullKeyword && !(ts.isIdentifier(n.initializer) && n.initializer.text === "undefined")) ok = false;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return ok;
}

/** Whether every mention of `name` in the file is a `this.name(...)` call statement inside `method`, or the helper's own name. */
function namedOnlyAsCallIn(sf: ts.SourceFile, name: string, method: ts.MethodDeclaration, helper: ts.MethodDeclaration): boolean {
  let calls = 0;
  let other = false;
  const visit = (n: ts.Node): void => {
    if (other) return;
    if ((ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteral(n)) && n.text === name && n !== helper.name) {
      const access = n.parent;
      const call = access?.parent;
      const isCall = ts.isPropertyAccessExpression(access) && access.name === n && access.expression.kind === SK.ThisKeyword && call !== undefined && ts.isCallExpression(call) && call.expression === access && ts.isExpressionStatement(call.parent);
      if (isCall && call!.getStart(sf) >= method.getStart(sf) && call!.end <= method.end) calls++;
      else other = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return !other && calls > 0;
}
