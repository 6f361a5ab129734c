// `new Proxy(server, { get(target, prop) { if (prop === "tool") return function (...args) { …; return
// originalTool.call(this, name, description, schema, annotations, wrapped) }; return target[prop] } })`
// with `const originalTool = server.tool`: a proxy that hands every property of the server through,
// and wraps a method in a function that, on its one way out, calls the original with `this` and the
// arguments it was given, in their places (a callback among them may be wrapped in one of its own).
// Whatever is called on it is called on the server, so the proxy is the server to the analysis.
import { ts } from "../../core/typescript";
import type { Span } from "../../core/model/summary";
import { bare } from "./fieldHolders";
import { nodeAt } from "./containerStores";

export interface ForwardingProxy {
  /** The name the proxy is made over (`server`). */
  readonly target: string;
  /** Consts holding the server's own methods (`const originalTool = server.tool`) used only by the wrappers to call them. */
  readonly originals: ReadonlySet<string>;
  /** How the proxy is handed on: returned, or bound to a const (its name). */
  readonly use: { readonly k: "return" } | { readonly k: "const"; readonly name: string };
}

/** The forwarding proxy whose first argument is the node at `span`. */
export function forwardingProxyAt(sf: ts.SourceFile, span: Span): ForwardingProxy | undefined {
  const made = newProxyAround(sf, span);
  return made && forwardingProxyOf(made);
}

/** `made` (a `new Proxy(…)`), when it hands everything through. */
function forwardingProxyOf(made: ts.NewExpression): ForwardingProxy | undefined {
  const [over, handler] = made.arguments ?? [];
  const target = over && bare(over);
  if (!target || !ts.isIdentifier(target) || !handler || made.arguments!.length !== 2) return undefined;
  const use = useOf(made);
  const trap = use && getTrap(bare(handler));
  if (!use || !trap) return undefined;
  const enclosing = enclosingFunction(made);
  const originals = enclosing ? originalConsts(enclosing, target.text) : new Map<string, string>();
  const used = new Set<string>();
  if (!trapForwards(trap, target.text, originals, used)) return undefined;
  // Each original const is read only by the wrappers' calls.
  for (const name of used) if (enclosing && usesOf(enclosing, name) !== delegationsOf(enclosing, name)) return undefined;
  return { target: target.text, originals: used, use };
}

function newProxyAround(sf: ts.SourceFile, span: Span): ts.NewExpression | undefined {
  let found: ts.NewExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.getStart(sf) > span.start || n.end < span.end) return;
    if (isNewProxy(n)) {
      const first = n.arguments?.[0];
      if (first && first.getStart(sf) <= span.start && span.end <= first.end) found = n;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function useOf(made: ts.NewExpression): ForwardingProxy["use"] | undefined {
  let at: ts.Node = made;
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent))) at = at.parent;
  const parent = at.parent;
  if (parent && ts.isReturnStatement(parent)) return { k: "return" };
  if (parent && ts.isVariableDeclaration(parent) && parent.initializer === at && ts.isIdentifier(parent.name) && ts.isVariableDeclarationList(parent.parent) && (parent.parent.flags & ts.NodeFlags.Const) !== 0) return { k: "const", name: parent.name.text };
  return undefined;
}

/** The handler's `get` trap, when it is the only one. */
function getTrap(handler: ts.Expression): ts.FunctionLikeDeclaration | undefined {
  if (!ts.isObjectLiteralExpression(handler) || handler.properties.length !== 1) return undefined;
  const p = handler.properties[0]!;
  if (!p.name || !ts.isIdentifier(p.name) || p.name.text !== "get") return undefined;
  if (ts.isMethodDeclaration(p)) return p.asteriskToken ? undefined : p;
  if (ts.isPropertyAssignment(p)) {
    const fn = bare(p.initializer);
    if (ts.isFunctionExpression(fn) || ts.isArrowFunction(fn)) return fn;
  }
  return undefined;
}

/** `if (prop === "tool") return <wrapper>;` for some names, then `return target[prop]` (or `Reflect.get`). */
function trapForwards(trap: ts.FunctionLikeDeclaration, over: string, originals: ReadonlyMap<string, string>, used: Set<string>): boolean {
  const [t, p] = trap.parameters.map((x) => (ts.isIdentifier(x.name) ? x.name.text : undefined));
  if (!t || !p || !trap.body || !ts.isBlock(trap.body) || isAsync(trap)) return false;
  const statements = trap.body.statements;
  const last = statements.at(-1);
  if (!last || !ts.isReturnStatement(last) || !last.expression || !passesThrough(bare(last.expression), t, p)) return false;
  for (const s of statements.slice(0, -1)) {
    if (!ts.isIfStatement(s) || s.elseStatement) return false;
    const name = propTest(s.expression, p);
    const ret = onlyReturn(s.thenStatement);
    const wrapper = ret && bare(ret);
    if (name === undefined || !wrapper || !ts.isFunctionExpression(wrapper)) return false;
    if (!wrapperForwards(wrapper, (e) => originalOf(e, name, over, t, originals, used))) return false;
  }
  return true;
}

function passesThrough(e: ts.Expression, t: string, p: string): boolean {
  if (ts.isElementAccessExpression(e)) return isName(bare(e.expression), t) && isName(bare(e.argumentExpression), p);
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && isName(e.expression.expression, "Reflect") && e.expression.name.text === "get") {
    const [a, b] = e.arguments;
    return a !== undefined && b !== undefined && isName(bare(a), t) && isName(bare(b), p);
  }
  return false;
}

function propTest(e: ts.Expression, p: string): string | undefined {
  const test = bare(e);
  if (!ts.isBinaryExpression(test) || (test.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken && test.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsToken)) return undefined;
  const [l, r] = [bare(test.left), bare(test.right)];
  if (isName(l, p) && ts.isStringLiteralLike(r)) return r.text;
  if (isName(r, p) && ts.isStringLiteralLike(l)) return l.text;
  return undefined;
}

function onlyReturn(s: ts.Statement): ts.Expression | undefined {
  const inner = ts.isBlock(s) && s.statements.length === 1 ? s.statements[0]! : s;
  return ts.isReturnStatement(inner) ? inner.expression : undefined;
}

/** `original` in `original.call(this, …)`: a const holding `<over>.<name>`, or `target.<name>` read there. */
function originalOf(e: ts.Expression, name: string, over: string, t: string, originals: ReadonlyMap<string, string>, used: Set<string>): boolean {
  const x = bare(e);
  if (ts.isIdentifier(x) && originals.get(x.text) === name) {
    used.add(x.text);
    return true;
  }
  return ts.isPropertyAccessExpression(x) && x.name.text === name && (isName(bare(x.expression), t) || isName(bare(x.expression), over));
}

/**
 * A wrapper whose one way out is `return original.call(this, …)`: each argument the one it was given
 * in that place (its own parameter, an element of its rest parameter, the rest spread) or a function
 * (a wrapped callback); `this` used for nothing else; no parameter given another value.
 */
function wrapperForwards(fn: ts.FunctionExpression, isOriginal: (e: ts.Expression) => boolean): boolean {
  if (fn.asteriskToken || isAsync(fn) || !fn.body) return false;
  const places = new Map<string, number>();
  let rest: { readonly name: string; readonly at: number } | undefined;
  let at = 0;
  for (const param of fn.parameters) {
    if (ts.isIdentifier(param.name) && param.name.text === "this") continue;
    if (!ts.isIdentifier(param.name) || param.initializer) return false;
    if (param.dotDotDotToken) rest = { name: param.name.text, at };
    else places.set(param.name.text, at);
    at++;
  }
  const statements = fn.body.statements;
  const last = statements.at(-1);
  const call = last && ts.isReturnStatement(last) && last.expression ? bare(last.expression) : undefined;
  if (!call || !ts.isCallExpression(call)) return false;
  const functions = new Set<string>();
  for (const s of statements.slice(0, -1)) {
    if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) {
        // `const [name, description, …] = args`: the rest parameter's elements, in their places.
        if (rest && ts.isArrayBindingPattern(d.name) && d.initializer && isName(bare(d.initializer), rest.name)) {
          d.name.elements.forEach((el, i) => {
            if (ts.isBindingElement(el) && ts.isIdentifier(el.name) && !el.dotDotDotToken && !el.initializer) places.set(el.name.text, rest!.at + i);
          });
        } else if (ts.isIdentifier(d.name) && d.initializer && isFunction(bare(d.initializer))) functions.add(d.name.text);
      }
    }
  }
  let ok = true;
  const check = (n: ts.Node, nested: boolean): void => {
    if (!ok) return;
    if (!nested && (ts.isReturnStatement(n) || ts.isThrowStatement(n)) && n !== last) ok = false;
    if (n.kind === ts.SyntaxKind.ThisKeyword && (nested || n.parent !== call || call.arguments[0] !== n)) ok = false;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const left = bare(n.left);
      if (ts.isIdentifier(left) && (places.has(left.text) || functions.has(left.text) || left.text === rest?.name)) ok = false;
    }
    ts.forEachChild(n, (c) => check(c, nested || ts.isFunctionLike(c) || ts.isClassLike(c)));
  };
  ts.forEachChild(fn.body, (c) => check(c, ts.isFunctionLike(c)));
  if (!ok) return false;
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !isOriginal(callee.expression)) return false;
  const [self, ...args] = call.arguments;
  if (!self || self.kind !== ts.SyntaxKind.ThisKeyword) return false;
  if (callee.name.text === "apply") {
    const only = args.length === 1 ? bare(args[0]!) : undefined;
    return only !== undefined && (isName(only, "arguments") || (rest !== undefined && rest.at === 0 && places.size === 0 && isName(only, rest.name)));
  }
  if (callee.name.text !== "call") return false;
  return args.every((a, i) => {
    if (ts.isSpreadElement(a)) return i === args.length - 1 && rest !== undefined && rest.at === i && isName(bare(a.expression), rest.name);
    const x = bare(a);
    if (isFunction(x) || (ts.isIdentifier(x) && functions.has(x.text))) return true;
    return ts.isIdentifier(x) && places.get(x.text) === i;
  });
}

/** The consts of `fn`'s own body holding a method of `over` (`const originalTool = server.tool`): name → method. */
function originalConsts(fn: ts.FunctionLikeDeclaration, over: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!fn.body || !ts.isBlock(fn.body)) return out;
  for (const s of fn.body.statements) {
    if (!ts.isVariableStatement(s) || (s.declarationList.flags & ts.NodeFlags.Const) === 0) continue;
    for (const d of s.declarationList.declarations) {
      const init = d.initializer && bare(d.initializer);
      if (ts.isIdentifier(d.name) && init && ts.isPropertyAccessExpression(init) && isName(bare(init.expression), over)) out.set(d.name.text, init.name.text);
    }
  }
  return out;
}

function usesOf(fn: ts.Node, name: string): number {
  let n = 0;
  const visit = (x: ts.Node): void => {
    if (ts.isIdentifier(x) && x.text === name && !(ts.isVariableDeclaration(x.parent) && x.parent.name === x)) n++;
    ts.forEachChild(x, visit);
  };
  visit(fn);
  return n;
}

function delegationsOf(fn: ts.Node, name: string): number {
  let n = 0;
  const visit = (x: ts.Node): void => {
    if (ts.isPropertyAccessExpression(x) && isName(x.expression, name) && (x.name.text === "call" || x.name.text === "apply") && ts.isCallExpression(x.parent) && x.parent.expression === x) n++;
    ts.forEachChild(x, visit);
  };
  visit(fn);
  return n;
}

function enclosingFunction(n: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let at = n.parent; at; at = at.parent) if (ts.isFunctionLike(at)) return at as ts.FunctionLikeDeclaration;
  return undefined;
}

function isFunction(e: ts.Expression): boolean {
  return ts.isFunctionExpression(e) || ts.isArrowFunction(e);
}

function isAsync(fn: ts.FunctionLikeDeclaration): boolean {
  return ts.canHaveModifiers(fn) && (ts.getModifiers(fn)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) ?? false);
}

function isNewProxy(n: ts.Node): n is ts.NewExpression {
  return ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "Proxy";
}

function isName(e: ts.Node, name: string): boolean {
  return ts.isIdentifier(e) && e.text === name;
}

/** The forwarding proxy the `return` statement at `span` hands back. */
export function forwardingProxyReturned(sf: ts.SourceFile, span: Span): ForwardingProxy | undefined {
  const ret = nodeAt(sf, span);
  const made = ret && ts.isReturnStatement(ret) && ret.expression ? bare(ret.expression) : undefined;
  return made && isNewProxy(made) ? forwardingProxyOf(made) : undefined;
}

/** Whether `const <name> = <over>.<method>` at `span` is read only by the wrappers of a forwarding proxy over `over` in the same function. */
export function readForForwarding(sf: ts.SourceFile, span: Span, name: string, over: string): boolean {
  let fn: ts.FunctionLikeDeclaration | undefined;
  const visit = (n: ts.Node): void => {
    if (n.getStart(sf) > span.start || n.end < span.end) return;
    if (ts.isFunctionLike(n)) fn = n as ts.FunctionLikeDeclaration;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!fn) return false;
  let found = false;
  const look = (n: ts.Node): void => {
    if (found) return;
    if (isNewProxy(n) && enclosingFunction(n) === fn) {
      const p = forwardingProxyOf(n);
      if (p && p.target === over && p.originals.has(name)) found = true;
    }
    ts.forEachChild(n, look);
  };
  look(fn);
  return found;
}
