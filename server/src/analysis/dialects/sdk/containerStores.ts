// A server put in a container of the program's own (`sessions.set(id, { server, transport })`,
// `transports[id] = { server }`, `current = server`, `servers.add(server)`) reaches whatever reads the
// container. The flow summary only says "the server escapes here"; this reads the file's source to
// decide whether that store is harmless: the container is a built-in collection, a plain record or a
// variable of the file that nothing outside the file can reach, and EVERY read of it in the file only
// uses the server in ways that cannot add a capability (connect, close, notifications, its transport,
// its on* hooks, truthiness). Any other read, or any doubt about what the container is, keeps the
// store unfollowed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "../../core/summarize/parsedSource";
import { innermostNodeAt as nodeAt } from "../../core/summarize/nodeAt";

/** Built-in collections whose methods run no code of the program. */
const COLLECTIONS = new Set(["Map", "Set", "WeakMap", "WeakSet"]);
/** Collection methods that never hand a stored value back. */
const QUIET_METHODS = new Set(["has", "delete", "clear", "set", "add"]);
/** Server members that cannot add a capability: calling, reading or assigning them is harmless. */
export const HARMLESS_MEMBERS = new Set([
  "connect", "close", "isConnected", "ping", "notification", "request",
  "sendToolListChanged", "sendResourceListChanged", "sendPromptListChanged", "sendResourceUpdated", "sendLoggingMessage",
  "getClientCapabilities", "getClientVersion", "createMessage", "elicitInput", "listRoots",
  "transport", "onclose", "onerror", "oninitialized",
]);
/** How deep values read from a container are followed through local names. */
const MAX_DEPTH = 6;

/** A server value as stored: the server itself, or an object literal holding it under these keys. */
type Shape = "server" | ReadonlySet<string>;

// The parse with parent pointers the dialects share (core): re-exported for this dialect's readers.
export { parsedSource };
export { nodeAt };

/** Steps up through parentheses, `!`, `as`, `satisfies`, `await` around an expression. */
export function climb(node: ts.Node): ts.Node {
  let cur = node;
  while (
    cur.parent &&
    (ts.isParenthesizedExpression(cur.parent) || ts.isNonNullExpression(cur.parent) || ts.isAsExpression(cur.parent) || ts.isSatisfiesExpression(cur.parent) || ts.isAwaitExpression(cur.parent) || ts.isTypeAssertionExpression(cur.parent))
  ) {
    cur = cur.parent;
  }
  return cur;
}

/**
 * Whether the server stored at `span` (the server's name inside an object literal, the right side of
 * an assignment) goes into a container whose every read is harmless.
 */
export function escapeIsHarmlessStore(ev: Evaluator, file: string, span: Span, paths: ReadonlySet<string>, returned?: ReturnedJudge): boolean {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, span) : undefined;
  if (!sf || !node) return false;
  const top = climb(node);
  const parent = top.parent;
  if (!parent) return false;
  // `{ server, transport }` or `{ server: s }`: the literal must go straight into the container.
  if ((ts.isShorthandPropertyAssignment(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.initializer === top)) {
    const literal = parent.parent;
    if (!ts.isObjectLiteralExpression(literal)) return false;
    // Every key of the literal that holds the server (`{ server, again: server }`), not just this one.
    const shape = serverShapes(paths)(literal);
    if (shape === undefined || shape === "server") return false;
    return storedIn(sf, climb(literal), shape);
  }
  return storedIn(sf, top, "server", returned);
}

/** Whether a variable's mention, returned by a function (a getter of the module), is handed out harmlessly (moduleGetters.ts). */
export type ReturnedJudge = (sf: ts.SourceFile, ref: ts.Node) => boolean;

/** A call's result (`getServer()`) used only in ways that cannot add a capability: a test, a harmless member, a name used so. */
export function resultUseIsHarmless(sf: ts.SourceFile, call: ts.Node): boolean {
  return valueUseIsHarmless(sf, call, "server", 0);
}

/** A call `C.m(..., server, ...)` recorded by the summary at `span`: whether it is harmless for C. */
export function callIsHarmlessStore(ev: Evaluator, file: string, span: Span, serverAt: (arg: ts.Expression) => Shape | undefined): boolean {
  // has/get/delete/add/set on a collection the file declares; anything else is a call not followed.
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, span) : undefined;
  if (!sf || !node || !ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const method = node.expression.name.text;
  const container = containerOf(sf, node.expression.expression);
  if (!container || container.kind !== "collection") return false;
  const shapes = node.arguments.map(serverAt);
  if (!shapes.some((s) => s !== undefined)) return false;
  // has/get/delete with the server as the key store nothing.
  if (method === "has" || method === "delete" || (method === "get" && shapes.length === 1)) return true;
  const weak = container.collection === "WeakMap" || container.collection === "WeakSet";
  // A weak collection's keys can never be read back.
  if (weak && (method === "add" || method === "set") && shapes.slice(1).every((s) => s === undefined)) return true;
  // A value stored in a Map (`set(key, value)`) or a Set (`add(value)`): only its reads can reach it.
  const valueAt = method === "set" ? 1 : method === "add" ? 0 : -1;
  if (valueAt < 0 || shapes.some((s, i) => s !== undefined && i !== valueAt)) return false;
  return readsAreHarmless(sf, container, shapes[valueAt]!);
}

/** The shape of a server store in a call argument: the server's name, or an object literal holding it. */
function shapeOfArgument(names: (e: ts.Expression) => boolean): (arg: ts.Expression) => Shape | undefined {
  return (arg) => {
    let e = arg;
    while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    if (names(e)) return "server";
    if (!ts.isObjectLiteralExpression(e)) return undefined;
    const keys = new Set<string>();
    for (const p of e.properties) {
      const value = ts.isShorthandPropertyAssignment(p) ? p.name : ts.isPropertyAssignment(p) ? p.initializer : undefined;
      const key = ts.isShorthandPropertyAssignment(p) || ts.isPropertyAssignment(p) ? propertyKey(p.name) : undefined;
      if (value && names(value)) {
        if (key === undefined) return undefined;
        keys.add(key);
      }
    }
    return keys.size > 0 ? keys : undefined;
  };
}

function propertyKey(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) ? name.text : undefined;
}

/** `C.set(k, value)`, `C.add(value)`, `C[k] = value`, `v = value`: the container `value` goes into. */
function storedIn(sf: ts.SourceFile, value: ts.Node, shape: Shape, returned?: ReturnedJudge): boolean {
  const parent = value.parent;
  if (!parent) return false;
  if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression)) {
    const method = parent.expression.name.text;
    const at = parent.arguments.indexOf(value as ts.Expression);
    const container = containerOf(sf, parent.expression.expression);
    if (!container || container.kind !== "collection") return false;
    if (!((method === "set" && at === 1) || (method === "add" && at === 0))) return false;
    return readsAreHarmless(sf, container, shape);
  }
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === SK.EqualsToken && parent.right === value) {
    // `a = b = server`: the assignment's own value goes on to `a`.
    if (!climb(parent).parent || !ts.isExpressionStatement(climb(parent).parent!)) return false;
    const left = parent.left;
    if (ts.isElementAccessExpression(left)) {
      const container = containerOf(sf, left.expression);
      return container?.kind === "record" ? readsAreHarmless(sf, container, shape) : false;
    }
    const container = containerOf(sf, left);
    return container?.kind === "variable" ? readsAreHarmless(sf, container, shape, returned) : false;
  }
  return false;
}

interface Container {
  readonly kind: "collection" | "record" | "variable";
  readonly collection?: string;
  /** Every place the container is named (its declaration excluded). */
  readonly refs: readonly ts.Node[];
}

/**
 * A container the file alone can reach: a const of a `new Map/Set/WeakMap/WeakSet()` or of `{}`, or a
 * `let` variable, declared once in the file, not exported and not hidden by another declaration of its
 * name; or a private field `this.C` initialised with a new collection.
 */
function containerOf(sf: ts.SourceFile, expr: ts.Expression): Container | undefined {
  let e = expr;
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  if (ts.isIdentifier(e)) return namedContainer(sf, e);
  if (ts.isPropertyAccessExpression(e) && e.expression.kind === SK.ThisKeyword) return fieldContainer(sf, e);
  return undefined;
}

/** `new Map()`, `new Set<...>()`: the collection's name, when the global is not redeclared where it is used. */
function newCollection(written: ts.Expression | undefined): string | undefined {
  const init = written && bare(written);
  if (!init || !ts.isNewExpression(init) || !ts.isIdentifier(init.expression)) return undefined;
  const name = init.expression.text;
  return COLLECTIONS.has(name) && declarationOf(init.expression) === undefined ? name : undefined;
}

/** An expression without the type assertions around it (`{} as Record<...>`, `new Map() satisfies ...`). */
function bare(e: ts.Expression): ts.Expression {
  let cur = e;
  while (ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isParenthesizedExpression(cur) || ts.isTypeAssertionExpression(cur)) cur = cur.expression;
  return cur;
}

/** An empty object literal: a record filled later. */
function isEmptyRecord(e: ts.Expression | undefined): boolean {
  const init = e && bare(e);
  return init !== undefined && ts.isObjectLiteralExpression(init) && init.properties.length === 0;
}

/** Whether a binding name (`x`, `{ a, b: c }`, `[k, v]`) declares `name`. */
function binds(b: ts.BindingName | undefined, name: string): boolean {
  if (!b) return false;
  if (ts.isIdentifier(b)) return b.text === name;
  return b.elements.some((e) => !ts.isOmittedExpression(e) && binds(e.name, name));
}

/** The declaration among a list of statements that declares `name` (variables, functions, classes, enums, imports). */
function declaredIn(statements: readonly ts.Statement[], name: string): ts.Node | undefined {
  for (const st of statements) {
    if (ts.isVariableStatement(st)) {
      const d = st.declarationList.declarations.find((x) => binds(x.name, name));
      if (d) return d;
    } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st) || ts.isModuleDeclaration(st)) && st.name && ts.isIdentifier(st.name) && st.name.text === name) {
      return st;
    } else if (ts.isImportDeclaration(st)) {
      const c = st.importClause;
      if (c?.name?.text === name) return c;
      const b = c?.namedBindings;
      if (b && ts.isNamespaceImport(b) && b.name.text === name) return b;
      if (b && ts.isNamedImports(b)) {
        const e = b.elements.find((x) => x.name.text === name);
        if (e) return e;
      }
    } else if (ts.isImportEqualsDeclaration(st) && st.name.text === name) {
      return st;
    }
  }
  return undefined;
}

/**
 * The declaration an identifier refers to, scope by scope outwards; undefined for a global. A `var`
 * anywhere in the file (hoisted out of its block) makes the answer unreliable: `null`.
 */
function declarationOf(id: ts.Identifier): ts.Node | undefined | null {
  const name = id.text;
  for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
    if (ts.isBlock(n) || ts.isSourceFile(n) || ts.isModuleBlock(n)) {
      const d = declaredIn(n.statements, name);
      if (d) return d;
    } else if (ts.isCaseBlock(n)) {
      for (const clause of n.clauses) {
        const d = declaredIn(clause.statements, name);
        if (d) return d;
      }
    } else if (ts.isFunctionLike(n)) {
      const p = n.parameters.find((x) => binds(x.name, name));
      if (p) return p;
      if ((ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n)) && n.name?.text === name) return n;
    } else if ((ts.isForOfStatement(n) || ts.isForInStatement(n) || ts.isForStatement(n)) && n.initializer && ts.isVariableDeclarationList(n.initializer)) {
      const d = n.initializer.declarations.find((x) => binds(x.name, name));
      if (d) return d;
    } else if (ts.isCatchClause(n) && n.variableDeclaration && binds(n.variableDeclaration.name, name)) {
      return n.variableDeclaration;
    } else if (ts.isClassExpression(n) && n.name?.text === name) {
      return n;
    }
  }
  return undefined;
}

/** Whether the file declares `name` with `var` (function-scoped: the block-by-block look-up may miss it). */
function hasVarNamed(sf: ts.SourceFile, name: string): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclarationList(n) && (n.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) === 0 && n.declarations.some((d) => binds(d.name, name))) found = true;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** Whether an identifier is a reference to a variable (not a property name, a key, a label or a declaration's name). */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (!p) return false;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p) || ts.isMethodSignature(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p) || ts.isEnumMember(p)) && p.name === id) return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p) || ts.isFunctionDeclaration(p) || ts.isClassDeclaration(p) || ts.isFunctionExpression(p) || ts.isClassExpression(p)) && p.name === id) return false;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p) || ts.isTypeReferenceNode(p) || ts.isQualifiedName(p) || ts.isTypeQueryNode(p)) return false;
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isExportSpecifier(p)) return false;
  return true;
}

/** Every reference to `decl` in the file (found by name, kept when the name resolves to it). */
function referencesTo(sf: ts.SourceFile, decl: ts.Node, name: string): { refs: ts.Identifier[]; exported: boolean } {
  const refs: ts.Identifier[] = [];
  let exported = false;
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === name) {
      const p = n.parent;
      if (p && (ts.isExportSpecifier(p) || ts.isExportAssignment(p))) exported = true;
      else if (isReference(n) && declarationOf(n) === decl) refs.push(n);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return { refs, exported };
}

function namedContainer(sf: ts.SourceFile, id: ts.Identifier): Container | undefined {
  if (hasVarNamed(sf, id.text)) return undefined;
  const decl = declarationOf(id);
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return undefined;
  const list = decl.parent;
  const statement = list?.parent;
  if (!list || !ts.isVariableDeclarationList(list) || !statement || !ts.isVariableStatement(statement)) return undefined;
  if (statement.modifiers?.some((m) => m.kind === SK.ExportKeyword || m.kind === SK.DeclareKeyword)) return undefined;
  const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
  const { refs, exported } = referencesTo(sf, decl, id.text);
  if (exported) return undefined;
  const collection = newCollection(decl.initializer);
  // A `let` counts as the collection when every assignment to it makes a new one of the same kind.
  if (collection && (isConst || refs.every((r) => !isAssigned(r) || newCollection(assignedValue(r)) === collection))) return { kind: "collection", collection, refs };
  if (isConst && isEmptyRecord(decl.initializer)) return { kind: "record", refs };
  if (!isConst) return { kind: "variable", refs };
  return undefined;
}

/** Whether a reference is the left side of `=`. */
function isAssigned(ref: ts.Node): boolean {
  const top = climb(ref);
  return top.parent !== undefined && ts.isBinaryExpression(top.parent) && top.parent.operatorToken.kind === SK.EqualsToken && top.parent.left === top;
}

function assignedValue(ref: ts.Node): ts.Expression | undefined {
  const p = climb(ref).parent;
  return p && ts.isBinaryExpression(p) ? p.right : undefined;
}

/** A private field (`private sessions = new Map()`, `#sessions = new Map()`) of the class around `access`. */
function fieldContainer(sf: ts.SourceFile, access: ts.PropertyAccessExpression): Container | undefined {
  let cls: ts.Node | undefined = access.parent;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  if (!cls || !ts.isClassLike(cls)) return undefined;
  const name = access.name.text;
  const field = cls.members.find((m) => ts.isPropertyDeclaration(m) && propertyKey(m.name) === name) as ts.PropertyDeclaration | undefined;
  if (!field) return undefined;
  const isPrivate = ts.isPrivateIdentifier(field.name) || (field.modifiers?.some((m) => m.kind === SK.PrivateKeyword) ?? false);
  if (!isPrivate) return undefined;
  const refs: ts.Node[] = [];
  let foreign = false;
  const visit = (n: ts.Node): void => {
    if ((ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) && accessName(n) === name) {
      // Assigned anew, or read on something other than `this` in this class: not this container.
      if (n.expression.kind !== SK.ThisKeyword || !isWithin(n, cls)) foreign = true;
      else refs.push(n);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (foreign) return undefined;
  // Initialised where declared or assigned in the constructor: every value it is given must be a new
  // collection of one kind (or, for a record, only its initialiser an empty object).
  const assigned = refs.filter(isAssigned).map(assignedValue);
  if (isEmptyRecord(field.initializer)) return assigned.length === 0 ? { kind: "record", refs } : undefined;
  const kinds = new Set([field.initializer, ...assigned].filter((e) => e !== undefined).map((e) => newCollection(e)));
  const collection = kinds.size === 1 ? [...kinds][0] : undefined;
  return collection ? { kind: "collection", collection, refs } : undefined;
}

function accessName(n: ts.PropertyAccessExpression | ts.ElementAccessExpression): string | undefined {
  if (ts.isPropertyAccessExpression(n)) return n.name.text;
  return ts.isStringLiteral(n.argumentExpression) ? n.argumentExpression.text : undefined;
}

function isWithin(n: ts.Node, outer: ts.Node): boolean {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) if (p === outer) return true;
  return false;
}

/** Whether every place the container is named only stores, tests or removes, or reads values harmlessly. */
function readsAreHarmless(sf: ts.SourceFile, container: Container, shape: Shape, returned?: ReturnedJudge): boolean {
  return container.refs.every((ref) => containerUseIsHarmless(sf, container, ref, shape, returned));
}

function containerUseIsHarmless(sf: ts.SourceFile, container: Container, ref: ts.Node, shape: Shape, returned?: ReturnedJudge): boolean {
  const top = climb(ref);
  const parent = top.parent;
  if (!parent) return false;
  if (container.kind === "variable") {
    // `current = server` (or anything else) stores; every other mention reads the server.
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === SK.EqualsToken && parent.left === top) return true;
    // `return current` in a getter of the module: harmless when every call of the getter is.
    if (shape === "server" && returned && (ts.isReturnStatement(parent) || ts.isArrowFunction(parent)) && returned(sf, top)) return true;
    return valueUseIsHarmless(sf, top, shape, 0);
  }
  if (container.kind === "record") {
    if (ts.isElementAccessExpression(parent) && parent.expression === top) {
      const access = climb(parent);
      const p = access.parent;
      if (p && ts.isBinaryExpression(p) && p.operatorToken.kind === SK.EqualsToken && p.left === access) return true;
      if (p && ts.isDeleteExpression(p)) return true;
      return valueUseIsHarmless(sf, access, shape, 0);
    }
    // `id in transports`, `Object.keys(transports)`: keys only.
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === SK.InKeyword && parent.right === top) return true;
    if (ts.isCallExpression(parent) && parent.expression.getText(sf) === "Object.keys") return true;
    return false;
  }
  // A collection: `C.has(k)`, `C.size`, `C.get(k)`, `for (const [k, v] of C)`, `C.forEach((v) => ...)`.
  // `C = new Map()` (checked when the container was found): a fresh, empty collection.
  if (isAssigned(ref)) return true;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === top) {
    const method = parent.name.text;
    if (method === "size") return true;
    const call = parent.parent;
    if (!call || !ts.isCallExpression(call) || call.expression !== parent) return false;
    // A Set's keys() are its values.
    if (QUIET_METHODS.has(method) || (method === "keys" && container.collection !== "Set")) return true;
    if (method === "get") return valueUseIsHarmless(sf, call, shape, 0);
    if (method === "values" || method === "entries") return iteratedHarmlessly(sf, climb(call), container.collection === "Map" && method === "entries", shape);
    if (method === "forEach") {
      // An inline callback taking (value) or (value, key): its third parameter would be the container itself.
      const cb = call.arguments[0];
      if (!cb || !(ts.isArrowFunction(cb) || ts.isFunctionExpression(cb)) || cb.parameters.length > 2 || call.arguments.length > 1) return false;
      const first = cb.parameters[0];
      return first === undefined ? true : bindingIsHarmless(sf, first.name, shape, 0);
    }
    return false;
  }
  return iteratedHarmlessly(sf, top, container.collection === "Map", shape);
}

/** `for (const v of C.values())`, `for (const [k, v] of C)`: the loop variable's uses. */
function iteratedHarmlessly(sf: ts.SourceFile, expr: ts.Node, pairs: boolean, shape: Shape): boolean {
  const loop = expr.parent;
  if (!loop || !ts.isForOfStatement(loop) || loop.expression !== expr || !ts.isVariableDeclarationList(loop.initializer)) return false;
  const decl = loop.initializer.declarations[0];
  if (!decl) return false;
  if (!pairs) return bindingIsHarmless(sf, decl.name, shape, 0);
  if (!ts.isArrayBindingPattern(decl.name)) return false;
  const second = decl.name.elements[1];
  if (decl.name.elements.some((e, i) => i > 1 && !ts.isOmittedExpression(e))) return false;
  return second === undefined || ts.isOmittedExpression(second) ? true : second.dotDotDotToken === undefined && bindingIsHarmless(sf, second.name, shape, 0);
}

/** A name (or a destructuring) the value is bound to: each of its uses must be harmless. */
function bindingIsHarmless(sf: ts.SourceFile, name: ts.BindingName, shape: Shape, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (ts.isIdentifier(name)) return referencesOf(sf, name)?.every((r) => valueUseIsHarmless(sf, r, shape, depth + 1)) ?? false;
  if (ts.isObjectBindingPattern(name)) {
    if (shape === "server") return false;
    return name.elements.every((e) => {
      if (e.dotDotDotToken) return false;
      const key = e.propertyName ? (ts.isIdentifier(e.propertyName) || ts.isStringLiteral(e.propertyName) ? e.propertyName.text : undefined) : ts.isIdentifier(e.name) ? e.name.text : undefined;
      if (key === undefined) return false;
      return !shape.has(key) || bindingIsHarmless(sf, e.name, "server", depth + 1);
    });
  }
  return false;
}

/** The references of a declared name (a const, a parameter, a destructured name), anywhere in the file. */
function referencesOf(sf: ts.SourceFile, name: ts.Identifier): ts.Identifier[] | undefined {
  const decl = declarationOf(name);
  if (!decl || hasVarNamed(sf, name.text)) return undefined;
  return referencesTo(sf, decl, name.text).refs;
}

/** Whether an expression holding a stored value (the server, or an object holding it) is used harmlessly. */
function valueUseIsHarmless(sf: ts.SourceFile, expr: ts.Node, shape: Shape, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const top = climb(expr);
  const parent = top.parent;
  if (!parent) return false;
  if (isTestOnly(top, parent)) return true;
  if (ts.isExpressionStatement(parent)) return true;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === top) {
    const member = parent.name.text;
    if (shape !== "server") return !shape.has(member) || valueUseIsHarmless(sf, parent, "server", depth + 1);
    return serverMemberIsHarmless(sf, parent, depth);
  }
  if (ts.isVariableDeclaration(parent) && parent.initializer === top) return bindingIsHarmless(sf, parent.name, shape, depth + 1);
  if (shape === "server" && ts.isCallExpression(parent) && parent.arguments[0] === top) return isKeyLookup(sf, parent);
  return false;
}

/** `seen.has(server)`, `levels.get(server)`, `marked.add(server)` on a weak collection: the server only as a key. */
function isKeyLookup(sf: ts.SourceFile, call: ts.CallExpression): boolean {
  if (!ts.isPropertyAccessExpression(call.expression)) return false;
  const method = call.expression.name.text;
  const container = containerOf(sf, call.expression.expression);
  if (container?.kind !== "collection") return false;
  if (method === "has" || method === "delete") return true;
  if (method === "get") return call.arguments.length === 1;
  const weak = container.collection === "WeakMap" || container.collection === "WeakSet";
  return weak && (method === "add" || method === "set");
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
    // `x && y` is x only when x is falsy: never a server.
    if (op === SK.AmpersandAmpersandToken && parent.left === top) return true;
  }
  return false;
}

/** `server.close()`, `server.transport`, `server.onclose = ...`, `server.server.close()`. */
function serverMemberIsHarmless(sf: ts.SourceFile, access: ts.PropertyAccessExpression, depth: number): boolean {
  const member = access.name.text;
  if (member === "server") {
    // The low-level Server inside McpServer: the same members are harmless on it.
    const next = climb(access).parent;
    return next !== undefined && ts.isPropertyAccessExpression(next) && next.expression === climb(access) && next.name.text !== "server" && serverMemberIsHarmless(sf, next, depth + 1);
  }
  return HARMLESS_MEMBERS.has(member);
}

/** `server`, `this.server`, `ctx.server`: the name path of an expression, as the replay keys them. */
function pathText(e: ts.Expression): string | undefined {
  let cur = e;
  while (ts.isParenthesizedExpression(cur) || ts.isNonNullExpression(cur) || ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur)) cur = cur.expression;
  if (ts.isIdentifier(cur)) return cur.text;
  if (cur.kind === SK.ThisKeyword) return "this";
  if (ts.isPropertyAccessExpression(cur)) {
    const base = pathText(cur.expression);
    return base === undefined ? undefined : `${base}.${cur.name.text}`;
  }
  return undefined;
}

/** The shape of each call argument that holds one of the server's names (`paths`). */
export function serverShapes(paths: ReadonlySet<string>): (arg: ts.Expression) => Shape | undefined {
  return shapeOfArgument((e) => {
    const p = pathText(e);
    return p !== undefined && paths.has(p);
  });
}

/**
 * Stores that run no code of the program: a literal holding the server, an assignment, a built-in
 * collection's set/add. After the server is connected, whatever later reads them can no longer add a
 * capability: the SDK refuses `registerCapabilities` once connected ("Cannot register capabilities
 * after connecting to transport"), and every registration that would add a key goes through it.
 */
export function isPlainStore(how: string): boolean {
  return how === "stored in an object" || how === "stored in an array" || how.startsWith("assigned to ");
}

/** A call `C.set(k, v)` / `C.add(v)` on a built-in collection the file declares (the callee runs no program code). */
export function isCollectionStore(ev: Evaluator, file: string, span: Span): boolean {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, span) : undefined;
  if (!sf || !node || !ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const method = node.expression.name.text;
  if (method !== "set" && method !== "add") return false;
  return containerOf(sf, node.expression.expression)?.kind === "collection";
}

/** Whether an event in the branch regions `at` runs only after a connect made in the regions `connect` of the same unit. */
export function runsAfter(connect: readonly string[], at: readonly string[]): boolean {
  return connect.length <= at.length && connect.every((r, i) => at[i] === r);
}

/** The function (or file) a node is written in: the innermost function-like around it. */
function functionOf(n: ts.Node): ts.Node | undefined {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) if (ts.isFunctionLike(p) || ts.isSourceFile(p)) return p;
  return undefined;
}

/**
 * `name = createServer()` written in `body`: whether `name` is a variable of the file whose reads
 * outside `body` (in other functions, in callbacks) all use the server harmlessly.
 */
export function outerReadsAreHarmless(sf: ts.SourceFile, value: ts.Node, body: ts.Node): boolean {
  const parent = value.parent;
  if (!parent || !ts.isBinaryExpression(parent) || parent.right !== value || !ts.isIdentifier(parent.left)) return false;
  const container = namedContainer(sf, parent.left);
  if (container?.kind !== "variable") return false;
  return container.refs.every((ref) => functionOf(ref) === body || containerUseIsHarmless(sf, container, ref, "server"));
}
