// When a method of the class that holds the server in a field runs. The replay used to run every
// method that touches the server as if it ran for certain; a method nothing calls never runs, and one
// called only from code the replay does not follow (another file, a callback) may run or not. Read
// from the class's source: every mention of the method's name, and where it is written.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";

/**
 * `dead`: never runs (nothing can call it); `within`: called by another method of the class (that
 * call is followed where its caller runs); `atStart`: called on an instance of the class by the
 * module's top-level code, unconditionally (`await new App().run()`), or in a top-level function called
 * so; `maybe`: anything else (called from another file, a callback, a branch).
 */
export type HolderMethodCall = "dead" | "within" | "atStart" | "maybe";

export function holderMethodCall(ev: Evaluator, file: string, unit: FlowUnit): HolderMethodCall {
  const sf = parsedSource(ev, file);
  const member = sf && unit.nameSpan ? memberAt(sf, unit.nameSpan.start) : undefined;
  if (!sf || !member) return "maybe";
  return classify(sf, member.cls).get(member.method) ?? "maybe";
}

interface Member {
  readonly cls: ts.ClassDeclaration;
  readonly method: ts.MethodDeclaration;
}

function memberAt(sf: ts.SourceFile, start: number): Member | undefined {
  for (const s of sf.statements) {
    if (!ts.isClassDeclaration(s) || s.getStart(sf) > start || s.end < start) continue;
    const method = s.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && m.name.getStart(sf) === start);
    return method ? { cls: s, method } : undefined;
  }
  return undefined;
}

/** Per class declaration: each method → when it runs. */
const classified = new WeakMap<ts.ClassDeclaration, Map<ts.MethodDeclaration, HolderMethodCall>>();

function classify(sf: ts.SourceFile, cls: ts.ClassDeclaration): Map<ts.MethodDeclaration, HolderMethodCall> {
  const cached = classified.get(cls);
  if (cached) return cached;
  const methods = cls.members.filter((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && m.body !== undefined);
  const names = new Map(methods.map((m) => [m, nameOf(m.name)] as const));
  const wanted = new Set([...names.values()].filter((n): n is string => n !== undefined));
  // Every mention of a method's name in the file (an identifier, a `#name`, a string), its declaration aside.
  const mentions = new Map<string, ts.Node[]>();
  let dynamicThis = false;
  const visit = (n: ts.Node): void => {
    if ((ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteralLike(n)) && wanted.has(n.text) && !methods.some((m) => m.name === n)) {
      mentions.set(n.text, [...(mentions.get(n.text) ?? []), n]);
    }
    // `this[key]()` reaches any method.
    if (ts.isElementAccessExpression(n) && !ts.isStringLiteralLike(n.argumentExpression) && !ts.isNumericLiteral(n.argumentExpression)) {
      if (n.expression.kind === SK.ThisKeyword || (ts.isIdentifier(n.expression) && n.expression.text === cls.name?.text)) dynamicThis = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  // A base class may call a method on `this`; another module may call a public method of an exported class.
  const extendsOther = cls.heritageClauses?.some((h) => h.token === SK.ExtendsKeyword) ?? false;
  const exported = cls.modifiers?.some((m) => m.kind === SK.ExportKeyword || m.kind === SK.DefaultKeyword) ?? false;
  const hidden = (m: ts.MethodDeclaration): boolean =>
    ts.isPrivateIdentifier(m.name) || (m.modifiers?.some((x) => x.kind === SK.PrivateKeyword) ?? false) || !exported;
  const canBeDead = (m: ts.MethodDeclaration): boolean =>
    !dynamicThis && !extendsOther && hidden(m) && !(ts.getDecorators(m)?.length ?? 0);
  const out = new Map<ts.MethodDeclaration, HolderMethodCall>();
  const dead = new Set<ts.MethodDeclaration>();
  // Dead: every mention is inside a method of the class that is itself dead (none at all, at first).
  for (let changed = true, rounds = 0; changed && rounds < 64; rounds++) {
    changed = false;
    for (const m of methods) {
      const name = names.get(m);
      if (dead.has(m) || name === undefined || !canBeDead(m)) continue;
      const all = mentions.get(name) ?? [];
      if (all.every((n) => deadOwner(n, cls, dead))) {
        dead.add(m);
        changed = true;
      }
    }
  }
  for (const m of methods) {
    const name = names.get(m);
    if (dead.has(m)) out.set(m, "dead");
    else if (name === undefined) out.set(m, "maybe");
    else {
      const all = mentions.get(name) ?? [];
      if (all.some((n) => { const owner = ownerMember(n, cls); return owner !== undefined && !dead.has(owner as ts.MethodDeclaration); })) out.set(m, "within");
      else if (all.some((n) => calledAtStart(sf, cls, n))) out.set(m, "atStart");
      else out.set(m, "maybe");
    }
  }
  classified.set(cls, out);
  return out;
}

function nameOf(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** The member of `cls` (a method, the constructor, a field's initializer) whose code holds `n`, a callback inside it included. */
function ownerMember(n: ts.Node, cls: ts.ClassDeclaration): ts.ClassElement | undefined {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
    if (p.parent === cls) return ts.isClassElement(p) ? p : undefined;
    if (ts.isClassLike(p)) return undefined;
  }
  return undefined;
}

/** A mention written in a method of the class already known to never run. */
function deadOwner(n: ts.Node, cls: ts.ClassDeclaration, dead: ReadonlySet<ts.MethodDeclaration>): boolean {
  const owner = ownerMember(n, cls);
  return owner !== undefined && ts.isMethodDeclaration(owner) && dead.has(owner);
}

/**
 * `new App().run()`, `await app.run()` with `const app = new App()`, as a top-level statement (or in a
 * top-level function that such a statement calls): nothing between it and the module's top level can
 * skip it.
 */
function calledAtStart(sf: ts.SourceFile, cls: ts.ClassDeclaration, n: ts.Node): boolean {
  const access = n.parent;
  if (!access || !ts.isPropertyAccessExpression(access) || access.name !== n) return false;
  const call = access.parent;
  if (!call || !ts.isCallExpression(call) || call.expression !== access) return false;
  if (!isInstance(sf, cls, access.expression)) return false;
  const statement = unconditionalStatement(call);
  if (!statement) return false;
  if (statement.parent === sf) return true;
  // One hop: the statement sits unconditionally in the body of a top-level function called at the top level.
  const fn = statement.parent?.parent;
  if (!fn || !ts.isFunctionDeclaration(fn) || fn.parent !== sf || !fn.name || statement.parent !== fn.body) return false;
  const fname = fn.name.text;
  return sf.statements.some((s) => {
    let found = false;
    const look = (x: ts.Node): void => {
      if (found || ts.isFunctionLike(x)) return;
      if (ts.isCallExpression(x) && ts.isIdentifier(x.expression) && x.expression.text === fname && unconditionalStatement(x) === s) found = true;
      else ts.forEachChild(x, look);
    };
    look(s);
    return found;
  });
}

/** `new Cls(...)`, or a name declared `const x = new Cls(...)` (awaited or not) in a top-level or function body statement. */
function isInstance(sf: ts.SourceFile, cls: ts.ClassDeclaration, e: ts.Expression): boolean {
  const made = (x: ts.Expression): boolean => {
    let cur = x;
    while (ts.isParenthesizedExpression(cur) || ts.isAwaitExpression(cur) || ts.isAsExpression(cur) || ts.isNonNullExpression(cur)) cur = cur.expression;
    return ts.isNewExpression(cur) && ts.isIdentifier(cur.expression) && cur.expression.text === cls.name?.text;
  };
  if (made(e)) return true;
  if (!ts.isIdentifier(e)) return false;
  const name = e.text;
  let declared = 0;
  let fits = true;
  const visit = (x: ts.Node): void => {
    if (ts.isVariableDeclaration(x) && ts.isIdentifier(x.name) && x.name.text === name) {
      declared++;
      const list = x.parent;
      if (!x.initializer || !made(x.initializer) || !ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) fits = false;
    } else if (ts.isParameter(x) && ts.isIdentifier(x.name) && x.name.text === name) fits = false;
    ts.forEachChild(x, visit);
  };
  visit(sf);
  return declared === 1 && fits;
}

/** The statement `n` is part of, when nothing inside the statement can skip `n` (no branch, loop, callback, `&&`). */
function unconditionalStatement(n: ts.Node): ts.Statement | undefined {
  let cur: ts.Node = n;
  for (let p = cur.parent; p; cur = p, p = p.parent) {
    if (ts.isExpressionStatement(p) || ts.isVariableStatement(p)) return ts.isBlock(p.parent) || ts.isSourceFile(p.parent) ? p : undefined;
    if (ts.isBinaryExpression(p) && p.operatorToken.kind !== SK.EqualsToken && !(p.operatorToken.kind === SK.CommaToken)) return undefined;
    if (ts.isConditionalExpression(p) || ts.isFunctionLike(p)) return undefined;
    // `x.run().catch(...)`, `await x.run()`, `void x.run()`, `const r = x.run()`: the call still runs.
    const passes =
      ts.isAwaitExpression(p) || ts.isVoidExpression(p) || ts.isParenthesizedExpression(p) || ts.isVariableDeclaration(p) || ts.isVariableDeclarationList(p) ||
      (ts.isPropertyAccessExpression(p) && p.expression === cur && !p.questionDotToken) || (ts.isCallExpression(p) && p.expression === cur && !p.questionDotToken) || ts.isBinaryExpression(p);
    if (!passes) return undefined;
  }
  return undefined;
}
