// A function that an HTTP route or listener runs for every request without being that listener itself:
// `createServer((req, res) => { this.handle(req, res); })` with the work in the class's `handle`
// method, `app.post("/mcp", handleMcp)`, `app.post("/mcp", (req, res) => handleMcp(req, res))` with
// `handleMcp` imported from another file. What such a function does happens on every request, as if
// it were written in the listener: a connect() there of one shared server is refused from the second
// request on (perRequestConnect.ts).
//
// The calls are read from the source: `this.m(...)` inside the class (where `this` is the instance),
// a function's own name in its file, and the names its importers give it. A few calls deep, as a
// helper chain in a request handler rarely goes further; past that, nothing is said.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { FlowUnit } from "../../core/model/summary";
import { exportNamesOf } from "../../core/model/exportNames";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import { serverImporters, type Elsewhere } from "./factoryCallers";
import { perRequestRoute } from "./perRequestConnect";

/** How a function is run per request, through calls. */
export interface PerRequestPath {
  /** The route or listener (`createServer(…)`, `app.post(…)`). */
  readonly via: string;
  /** Where that route or listener is given its handler. */
  readonly at: Loc;
  /** The calls from the handler down to the function, the handler's first (empty: the handler is given the function itself). */
  readonly calls: readonly Loc[];
  /** The code of every function on the way, the handler's first (the function's own last): what each does runs per request too. */
  readonly bodies: readonly string[];
}

/** Calls between the listener and the function, at most. */
const DEPTH = 3;

type Fn = ts.FunctionLikeDeclaration;

interface Step {
  readonly file: string;
  readonly fn: Fn;
  /** Calls from this function down to the one asked about (this function's call first). */
  readonly calls: readonly Loc[];
  readonly bodies: readonly string[];
}

/**
 * The first route or listener found that runs `unit` on every request, through at most DEPTH calls of
 * the kinds above. Undefined when none is found (or `unit` is not a named function or method).
 */
export function perRequestPath(ev: Evaluator, elsewhere: Elsewhere, file: string, unit: FlowUnit): PerRequestPath | undefined {
  const sf = parsedSource(ev, file);
  const fn = sf ? nodeAt(sf, unit.span) : undefined;
  if (!sf || !fn || !isFunction(fn)) return undefined;
  const start: Step = { file, fn, calls: [], bodies: [fn.getText(sf)] };
  let level: Step[] = [start];
  const seen = new Set<Fn>([fn]);
  for (let depth = 0; depth <= DEPTH && level.length > 0; depth++) {
    const next: Step[] = [];
    for (const step of level) {
      for (const use of usesOf(ev, elsewhere, step.file, step.fn)) {
        const useSf = parsedSource(ev, use.file)!;
        // The function itself is the handler a route is given (`app.post("/mcp", handle)`).
        const given = use.kind === "given" ? perRequestRoute(use.file, useSf, use.node) : undefined;
        if (given) return { ...given, calls: step.calls, bodies: step.bodies };
        if (use.kind !== "called" || depth === DEPTH) continue;
        const caller = enclosingFunction(use.node);
        if (!caller || seen.has(caller)) continue;
        seen.add(caller);
        const calls = [{ file: use.file, span: { start: use.node.getStart(useSf), end: use.node.end } }, ...step.calls];
        const bodies = [caller.getText(useSf), ...step.bodies];
        // The caller is the handler itself: an arrow or function written as the route's argument.
        const route = (ts.isArrowFunction(caller) || ts.isFunctionExpression(caller)) ? perRequestRoute(use.file, useSf, caller) : undefined;
        if (route) return { ...route, calls, bodies };
        next.push({ file: use.file, fn: caller, calls, bodies });
      }
    }
    level = next;
  }
  return undefined;
}

interface Use {
  readonly file: string;
  /** The call (`called`) or the reference given on (`given`: `handle`, `this.handle`, `this.handle.bind(this)`). */
  readonly node: ts.Expression;
  readonly kind: "called" | "given";
}

/** The places that call `fn` or hand it on, as far as they are read here. */
function usesOf(ev: Evaluator, elsewhere: Elsewhere, file: string, fn: Fn): Use[] {
  const sf = fn.getSourceFile();
  // A method, or an arrow-function field (`handle = async (req, res) => { … }`): `this.handle` in its class.
  const member = memberOf(fn);
  if (member) return thisUses(member.cls, member.name).map((node) => ({ file, ...node }));
  const name = functionName(fn);
  if (name === undefined) return [];
  const uses: Use[] = nameUses(sf, name.text, name).map((node) => ({ file, ...node }));
  // Only a function declared at the top level is exported, and its importers call it by their own name.
  const summary = ev.summary(file);
  const top = ts.isFunctionDeclaration(fn) ? fn.parent === sf : ts.isVariableDeclaration(fn.parent) && ts.isVariableStatement(fn.parent.parent.parent) && fn.parent.parent.parent.parent === sf;
  const names = summary && top ? exportNamesOf(summary, name.text) : [];
  if (names.length === 0) return uses;
  for (const { file: at, local } of serverImporters(ev, elsewhere, file, names).found) {
    const atSf = parsedSource(ev, at);
    if (atSf) uses.push(...nameUses(atSf, local, undefined).map((node) => ({ file: at, ...node })));
  }
  return uses;
}

function isFunction(n: ts.Node): n is Fn {
  return ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n);
}

/** The class and name of a method, or of a field holding an arrow function. */
function memberOf(fn: Fn): { cls: ts.ClassLikeDeclaration; name: string } | undefined {
  const holder = ts.isMethodDeclaration(fn) ? fn : ts.isArrowFunction(fn) && ts.isPropertyDeclaration(fn.parent) && fn.parent.initializer === fn ? fn.parent : undefined;
  if (!holder || !ts.isClassLike(holder.parent) || holder.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) return undefined;
  const name = holder.name;
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) ? { cls: holder.parent, name: name.text } : undefined;
}

/** `function handle(...)`, `const handle = async (...) => …`: the name it is called by. */
function functionName(fn: Fn): ts.Identifier | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent) && fn.parent.initializer === fn && ts.isIdentifier(fn.parent.name)) return fn.parent.name;
  return undefined;
}

/** `this.<name>(…)` and `this.<name>` handed on, where `this` is an instance of `cls` (its members' own code, and arrows in them). */
function thisUses(cls: ts.ClassLikeDeclaration, name: string): Omit<Use, "file">[] {
  const out: Omit<Use, "file">[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAccessExpression(n) && n.expression.kind === ts.SyntaxKind.ThisKeyword && n.name.text === name && thisIsInstance(n, cls)) {
      const use = useOf(n);
      if (use) out.push(use);
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(cls, visit);
  return out;
}

/** `this` at `n` is the instance of `cls`: the nearest function that binds `this` is a non-static member of it. */
function thisIsInstance(n: ts.Node, cls: ts.ClassLikeDeclaration): boolean {
  for (let p = n.parent; p; p = p.parent) {
    if (ts.isArrowFunction(p)) continue;
    if (ts.isFunctionDeclaration(p) || ts.isFunctionExpression(p) || ts.isClassLike(p)) return p === cls;
    if ((ts.isMethodDeclaration(p) || ts.isConstructorDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p) || ts.isPropertyDeclaration(p)) && p.parent === cls) {
      return !p.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
    }
  }
  return false;
}

/** The identifiers `name` in `sf` other than `declared` that are the function: called, or handed on. */
function nameUses(sf: ts.SourceFile, name: string, declared: ts.Identifier | undefined): Omit<Use, "file">[] {
  const out: Omit<Use, "file">[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === name && n !== declared && !isPropertyName(n)) {
      const use = useOf(n);
      if (use) out.push(use);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** `x.name`, `{ name: … }`, an import's own name: not the function's binding. */
function isPropertyName(n: ts.Identifier): boolean {
  const p = n.parent;
  return (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n) || ts.isImportSpecifier(p) || ts.isImportClause(p);
}

/** The function's reference `ref` as a call of it, or handed to another call as an argument (`.bind(this)` of it too). */
function useOf(ref: ts.Expression): Omit<Use, "file"> | undefined {
  const p = ref.parent;
  if (ts.isCallExpression(p) && p.expression === ref) return { node: p, kind: "called" };
  // `this.handle.bind(this)`: the bound function is what is handed on.
  const bound = ts.isPropertyAccessExpression(p) && p.expression === ref && p.name.text === "bind" && ts.isCallExpression(p.parent) && p.parent.expression === p ? p.parent : undefined;
  const value = bound ?? ref;
  return ts.isCallExpression(value.parent) && value.parent.arguments.includes(value) ? { node: value, kind: "given" } : undefined;
}

/** The innermost function a node is written in (undefined at a module's top level). */
function enclosingFunction(n: ts.Node): Fn | undefined {
  for (let p = n.parent; p; p = p.parent) if (isFunction(p)) return p;
  return undefined;
}
