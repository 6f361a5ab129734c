// When a method of the class that holds the server in a field runs. The replay used to run every
// method that touches the server as if it ran for certain; a method nothing calls never runs, and one
// called only from code the replay does not follow (another file, a callback) may run or not. Read
// from the class's source: every mention of the method's name, and where it is written.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import type { Loc } from "../../core/evaluate/values";
import { SK, ts } from "../../core/typescript";
import { climb, parsedSource } from "./containerStores";

/**
 * `dead`: never runs (nothing can call it); `atStart`: called on an instance of the class by the
 * module's top-level code, unconditionally (`await new App().run()`), or in a top-level function called
 * so (and maybe by other methods too); `within`: called by another method of the class (that call is
 * followed where its caller runs); `maybe`: anything else (called from another file, a callback, a branch).
 */
export type HolderMethodCall = "dead" | "within" | "atStart" | "maybe";

export function holderMethodCall(ev: Evaluator, file: string, unit: FlowUnit): HolderMethodCall {
  const sf = parsedSource(ev, file);
  // A method by its name; an arrow-function property by its function.
  const member = !sf ? undefined : unit.kind === "closure" ? memberAt(sf, unit.span.start, true) : unit.nameSpan ? memberAt(sf, unit.nameSpan.start, false) : undefined;
  if (!sf || !member) return "maybe";
  return classify(sf, member.cls).get(member.method) ?? "maybe";
}

/** `private setupTools = () => {...}` of a top-level class: the unit of its function. */
export function arrowPropertyUnit(ev: Evaluator, file: string, className: string, name: string): FlowUnit | undefined {
  const sf = parsedSource(ev, file);
  const classes = sf?.statements.filter((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === className) ?? [];
  if (!sf || classes.length !== 1) return undefined;
  const props = classes[0]!.members.filter((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && nameOf(m.name) === name);
  const fn = props.length === 1 ? arrowOf(props[0]!) : undefined;
  if (!fn) return undefined;
  const start = fn.getStart(sf);
  return ev.summary(file)?.flow?.units.find((u) => u.kind === "closure" && u.span.start === start && u.span.end === fn.end);
}

/** A method of the class, or the function of one of its arrow-function properties. */
export function isOwnMethod(units: readonly FlowUnit[], unit: FlowUnit, className: string): boolean {
  if (unit.kind === "method") return unit.className === className;
  const field = unit.kind === "closure" && unit.parent !== null ? units[unit.parent] : undefined;
  return field?.kind === "field" && field.className === className && units.filter((u) => u.parent === field.id).length === 1;
}

type MethodLike = ts.MethodDeclaration | ts.PropertyDeclaration;

interface Member {
  readonly cls: ts.ClassDeclaration;
  readonly method: MethodLike;
}

/** The function a non-static property is initialised with (`= () => {...}`, `= function () {...}`). */
function arrowOf(m: ts.ClassElement): ts.ArrowFunction | ts.FunctionExpression | undefined {
  if (!ts.isPropertyDeclaration(m) || !m.initializer || m.modifiers?.some((x) => x.kind === SK.StaticKeyword)) return undefined;
  let e: ts.Expression = m.initializer;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  return ts.isArrowFunction(e) || ts.isFunctionExpression(e) ? e : undefined;
}

function memberAt(sf: ts.SourceFile, start: number, arrow: boolean): Member | undefined {
  for (const s of sf.statements) {
    if (!ts.isClassDeclaration(s) || s.getStart(sf) > start || s.end < start) continue;
    const method = s.members.find((m): m is MethodLike => (arrow ? arrowOf(m)?.getStart(sf) === start : ts.isMethodDeclaration(m) && m.name.getStart(sf) === start));
    return method ? { cls: s, method } : undefined;
  }
  return undefined;
}

/** Per class declaration: each method → when it runs. */
const classified = new WeakMap<ts.ClassDeclaration, Map<MethodLike, HolderMethodCall>>();

function classify(sf: ts.SourceFile, cls: ts.ClassDeclaration): Map<MethodLike, HolderMethodCall> {
  const cached = classified.get(cls);
  if (cached) return cached;
  const methods = cls.members.filter((m): m is MethodLike => (ts.isMethodDeclaration(m) && m.body !== undefined) || arrowOf(m) !== undefined);
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
  const hidden = (m: MethodLike): boolean =>
    ts.isPrivateIdentifier(m.name) || (m.modifiers?.some((x) => x.kind === SK.PrivateKeyword) ?? false) || !exported;
  const canBeDead = (m: MethodLike): boolean =>
    !dynamicThis && !extendsOther && hidden(m) && !(ts.getDecorators(m)?.length ?? 0);
  const out = new Map<MethodLike, HolderMethodCall>();
  const dead = new Set<MethodLike>();
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
      // Called at start-up by the program as well as by another method (`x.setup(); await x.run()`,
      // where run() calls this.setup() too): it runs at start-up, and again where that call is followed.
      if (all.some((n) => calledAtStart(sf, cls.name?.text, n))) out.set(m, "atStart");
      else if (all.some((n) => { const owner = ownerMember(n, cls); return owner !== undefined && !dead.has(owner as MethodLike); })) out.set(m, "within");
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
function deadOwner(n: ts.Node, cls: ts.ClassDeclaration, dead: ReadonlySet<MethodLike>): boolean {
  const owner = ownerMember(n, cls);
  return owner !== undefined && (ts.isMethodDeclaration(owner) || ts.isPropertyDeclaration(owner)) && dead.has(owner);
}

/**
 * `new App().run()`, `await app.run()` with `const app = new App()`, as a top-level statement (or in a
 * top-level function that such a statement calls): nothing between it and the module's top level can
 * skip it.
 */
export function calledAtStart(sf: ts.SourceFile, className: string | undefined, n: ts.Node): boolean {
  return startKey(sf, className, n) !== undefined;
}

/**
 * Where such a call runs in the module's start-up, as a key that sorts calls in the order they run:
 * the top-level statement's position, then the position within the function it calls (0 for a call
 * written at the top level); undefined when the mention is no such call.
 */
export function startKey(sf: ts.SourceFile, className: string | undefined, n: ts.Node): readonly [number, number] | undefined {
  const access = n.parent;
  if (!access || !ts.isPropertyAccessExpression(access) || access.name !== n) return undefined;
  const call = access.parent;
  if (!call || !ts.isCallExpression(call) || call.expression !== access) return undefined;
  // With two instances, the one a method is called on may not be the one that is served.
  if (!isInstance(sf, className, access.expression) || instancesMade(sf, className) !== 1) return undefined;
  const statement = unconditionalStatement(call);
  if (!statement) return undefined;
  if (statement.parent === sf) return [statement.getStart(sf), 0];
  // One hop: the statement sits unconditionally in the body of a top-level function called at the top level.
  const fn = statement.parent?.parent;
  if (!fn || !ts.isFunctionDeclaration(fn) || fn.parent !== sf || !fn.name || statement.parent !== fn.body) return undefined;
  const fname = fn.name.text;
  const caller = sf.statements.find((s) => {
    let found = false;
    const look = (x: ts.Node): void => {
      if (found || ts.isFunctionLike(x)) return;
      if (ts.isCallExpression(x) && ts.isIdentifier(x.expression) && x.expression.text === fname && unconditionalStatement(x) === s) found = true;
      else ts.forEachChild(x, look);
    };
    look(s);
    return found;
  });
  return caller ? [caller.getStart(sf), statement.getStart(sf) + 1] : undefined;
}

/** A call of the method the program makes on the class's one instance at start-up: when it runs, and the call. */
export interface StartCall {
  readonly key: StartOrder;
  readonly at: Loc;
}

/**
 * Every call of the method the module's top-level code makes on the class's one instance at start-up
 * (`app.setup(); app.setup();`), in the order they run: the method runs once through each, and a
 * registration met again through another call (a second `app.setup()`, `this.setup()` in run()) runs
 * again. Methods run in the order the program calls them (`kb.registerAll(); await kb.start();`), not
 * the order the class declares them.
 */
export function startCallsOf(ev: Evaluator, file: string, unit: FlowUnit): StartCall[] {
  const sf = parsedSource(ev, file);
  const member = !sf ? undefined : unit.kind === "closure" ? memberAt(sf, unit.span.start, true) : unit.nameSpan ? memberAt(sf, unit.nameSpan.start, false) : undefined;
  const name = member ? nameOf(member.method.name) : undefined;
  return name === undefined ? [] : startCallsNamed(ev, file, member!.cls.name?.text, name);
}

/** The same, for the method `name` of the class `className` (its own or one it inherits) called on the class's one instance in `file`. */
export function startCallsNamed(ev: Evaluator, file: string, className: string | undefined, name: string): StartCall[] {
  const sf = parsedSource(ev, file);
  if (!sf) return [];
  const found: StartCall[] = [];
  const visit = (n: ts.Node): void => {
    const call = (ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) && n.text === name ? startCallAt(sf, file, className, n, 0) : undefined;
    if (call) found.push(call);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found.sort(byStartCall);
}

/** `n`, the name in `inst.method(...)`, as a start-up call of the module `module` (0 the class's own, 1 the one importing it); undefined when it is no such call. */
export function startCallAt(sf: ts.SourceFile, file: string, className: string | undefined, n: ts.Node, module: 0 | 1): StartCall | undefined {
  const key = startKey(sf, className, n);
  // startKey has checked that `n` is the name of `inst.method(...)`.
  const call = n.parent!.parent!;
  return key ? { key: [module, key[0], key[1]], at: { file, span: { start: call.getStart(sf), end: call.end } } } : undefined;
}

/** Start-up calls in the order they run (two in one statement, in the order written). */
export const byStartCall = (a: StartCall, b: StartCall): number => byStartOrder(a.key, b.key) || a.at.span.start - b.at.span.start;

/** When a start-up call runs: the module (0 the class's own, 1 the one importing it), then its startKey. */
export type StartOrder = readonly [number, number, number];

/** Sorts start-up calls into the order they run. */
export const byStartOrder = (a: StartOrder, b: StartOrder): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** `new Cls(...)`, or a name declared `const x = new Cls(...)` (awaited or not) in a top-level or function body statement. */
function isInstance(sf: ts.SourceFile, className: string | undefined, e: ts.Expression): boolean {
  const made = (x: ts.Expression): boolean => {
    let cur = x;
    while (ts.isParenthesizedExpression(cur) || ts.isAwaitExpression(cur) || ts.isAsExpression(cur) || ts.isNonNullExpression(cur)) cur = cur.expression;
    return ts.isNewExpression(cur) && ts.isIdentifier(cur.expression) && cur.expression.text === className;
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

/**
 * Where the class holding the server may be extended: a class of the file written `extends <name>`
 * (its constructor and overrides run on the same field), or the class itself when it is abstract
 * (only a subclass, wherever it is, can be made). Undefined when neither.
 */
export function holderSubclass(ev: Evaluator, file: string, className: string): { name: string; start: number; end: number } | undefined {
  const sf = parsedSource(ev, file);
  if (!sf) return undefined;
  const found = firstFound(sf, (n) => {
    if (!ts.isClassLike(n)) return undefined;
    const base = n.heritageClauses?.find((h) => h.token === SK.ExtendsKeyword)?.types[0]?.expression;
    if (!base || !ts.isIdentifier(base) || base.text !== className) return undefined;
    const at = n.name ?? base;
    return { name: n.name?.text ?? "a class", start: at.getStart(sf), end: at.end };
  });
  if (found) return found;
  const own = sf.statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === className);
  if (own?.name && own.modifiers?.some((m) => m.kind === SK.AbstractKeyword)) return { name: `a subclass of the abstract ${className}`, start: own.name.getStart(sf), end: own.name.end };
  return undefined;
}

/** The first node of the file (in source order) `match` answers for, with its answer; what it answers for is not searched further. */
export function firstFound<T>(sf: ts.SourceFile, match: (n: ts.Node) => T | undefined): T | undefined {
  let found: T | undefined;
  const visit = (n: ts.Node): void => {
    if (found !== undefined) return;
    found = match(n);
    if (found === undefined) ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** How many `new Cls(...)` the file writes. */
export function instancesMade(sf: ts.SourceFile, className: string | undefined): number {
  let count = 0;
  const visit = (n: ts.Node): void => {
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === className) count++;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return count;
}

/**
 * Where the file hands the class holding the server on as a value: to a function (`WithTools(Base)`,
 * a mixin that returns `class extends B { … }`), into a variable, an object, an array or a return.
 * Code that gets the class may extend it, and the subclass's code runs on the same field.
 */
export function holderClassHandedOn(ev: Evaluator, file: string, className: string): { to: string; start: number; end: number } | undefined {
  const sf = parsedSource(ev, file);
  if (!sf) return undefined;
  return firstFound(sf, (n) => {
    if (!ts.isIdentifier(n) || n.text !== className) return undefined;
    const to = handedTo(sf, n);
    return to !== undefined ? { to, start: n.getStart(sf), end: n.end } : undefined;
  });
}

/** Where a mention of the class as a value goes, said for people; undefined for a use that keeps it (`new C()`, `extends C`, `C.x`). */
function handedTo(sf: ts.SourceFile, n: ts.Identifier): string | undefined {
  const cur = climb(n);
  const p = cur.parent;
  if (ts.isCallExpression(p) && p.arguments.includes(cur as ts.Expression)) return p.expression.getText(sf).slice(0, 60);
  if (ts.isVariableDeclaration(p) && p.initializer === cur) return ts.isIdentifier(p.name) ? p.name.text : "a variable";
  if (ts.isBinaryExpression(p) && p.right === cur && p.operatorToken.kind === SK.EqualsToken) return p.left.getText(sf).slice(0, 60);
  if (ts.isPropertyAssignment(p) && p.initializer === cur) return "an object";
  if (ts.isShorthandPropertyAssignment(p) || ts.isArrayLiteralExpression(p)) return ts.isArrayLiteralExpression(p) ? "an array" : "an object";
  if (ts.isReturnStatement(p) || (ts.isArrowFunction(p) && p.body === cur)) return "the caller of the function returning it";
  return undefined;
}
