// Statements that build an object by writing its keys one by one (`caps.logging = {}`), also under an
// `if` whose arms do nothing else (`if (config.debug) caps.logging = {}; else caps.tools = {}`): how
// real servers assemble a capabilities object before handing it over, at the top level of a module or
// in a function that returns it.
import { SK, ts } from "../typescript";
import type { BuiltLocal, GuardedWrite, ObjEntry, SetWrite, Span, ValueExpr } from "../model/summary";
import { guardedEntry } from "./guardedEntry";
import { spanOf, type SummaryContext } from "./context";
import { toValueExpr } from "./valueExpr";

/**
 * `name.key = value;` (also `name!.key = …`): the name and the write. With `nested`, also a member of a
 * member (`name.resources.subscribe = true`), whose name is then the path (`name.resources`).
 */
export function readSetWrite(ctx: SummaryContext, s: ts.Statement, nested = false): { readonly name: string; readonly write: SetWrite } | undefined {
  if (!ts.isExpressionStatement(s)) return undefined;
  const e = s.expression;
  if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== SK.EqualsToken) return undefined;
  const target = writtenMember(e.left, nested);
  if (!target) return undefined;
  const head = { start: e.left.getStart(ctx.sf), end: e.operatorToken.end };
  return { name: target.name, write: { k: "set", key: target.key, value: toValueExpr(ctx, e.right), span: spanOf(ctx, s), head } };
}

function writtenMember(left: ts.Expression, nested: boolean): { readonly name: string; readonly key: string } | undefined {
  if (!ts.isPropertyAccessExpression(left) || left.questionDotToken || !ts.isIdentifier(left.name)) return undefined;
  const object = left.expression;
  if (ts.isIdentifier(object)) return { name: object.text, key: left.name.text };
  if (nested && ts.isPropertyAccessExpression(object) && !object.questionDotToken && ts.isIdentifier(object.expression) && ts.isIdentifier(object.name)) {
    return { name: `${object.expression.text}.${object.name.text}`, key: left.name.text };
  }
  return undefined;
}

/**
 * `if (test) <writes> [else <writes>]`, each arm one statement or a block of them, all writing one
 * name: its keys (`caps.logging = {}`), a member of an object literal the arm wrote under a key
 * (`caps.resources.subscribe = true`), or an `if` of such writes in turn (an `else if` chain too).
 * Anything else, or writes of two names: undefined. Neither the tests nor a written value may read
 * that name, nor any of `unread`.
 */
export function readGuardedWrite(ctx: SummaryContext, s: ts.Statement, unread: readonly string[] = [], depth = 0): { readonly name: string; readonly write: GuardedWrite } | undefined {
  if (!ts.isIfStatement(s) || depth > MAX_NESTED_IFS) return undefined;
  const found: ArmRead = { heads: [], keys: new Set() };
  const then = readArm(ctx, s.thenStatement, found, unread, depth);
  const otherwise = then && readArm(ctx, s.elseStatement, found, unread, depth);
  const name = found.name;
  if (!then || !otherwise || name === undefined || [rootOf(name), ...unread].some((n) => mentions(ctx, s.expression, n, false))) return undefined;
  return { name, write: { k: "guarded", test: spanOf(ctx, s.expression), then, else: otherwise, keys: [...found.keys], span: spanOf(ctx, s), heads: found.heads } };
}

/** How deep `if`s of writes may nest in one another. */
const MAX_NESTED_IFS = 3;

interface ArmRead {
  name?: string;
  readonly heads: Span[];
  readonly keys: Set<string>;
}

/** What one arm writes, as entries of the object it builds (undefined: not only writes of one name). */
function readArm(ctx: SummaryContext, st: ts.Statement | undefined, found: ArmRead, unread: readonly string[], depth: number): ObjEntry[] | undefined {
  if (st === undefined) return [];
  const entries: ObjEntry[] = [];
  // The keys this arm wrote an object literal to, and where: a member written next goes into it.
  const literals = new Map<string, number>();
  const sameName = (name: string) => {
    if (found.name !== undefined && found.name !== name) return false;
    found.name = name;
    return true;
  };
  const intoLiteral = (key: string, entry: ObjEntry): boolean => {
    const at = literals.get(key);
    const prop = at === undefined ? undefined : entries[at];
    if (prop?.k !== "prop" || prop.value.k !== "obj") return false;
    entries[at!] = { ...prop, value: { ...prop.value, entries: [...prop.value.entries, entry] } };
    return true;
  };
  for (const x of ts.isBlock(st) ? st.statements : [st]) {
    const set = readSetWrite(ctx, x, true);
    if (set) {
      const root = rootOf(set.name);
      if ([root, ...unread].some((n) => mentions(ctx, (x as ts.ExpressionStatement).expression, n, true))) return undefined;
      const entry: ObjEntry = { k: "prop", key: { k: "static", name: set.write.key, span: set.write.head }, value: set.write.value };
      const member = set.name === root ? undefined : set.name.slice(root.length + 1);
      if (member !== undefined && literals.has(member)) {
        // `caps.resources = { … }` then `caps.resources.subscribe = true`: into that literal.
        if (!sameName(root) || !intoLiteral(member, entry)) return undefined;
      } else {
        // The arm writes the keys of `set.name` (a name, or a member whose literal an outer arm wrote).
        if (!sameName(set.name)) return undefined;
        found.keys.add(set.write.key);
        literals.delete(set.write.key);
        if (set.write.value.k === "obj") literals.set(set.write.key, entries.length);
        entries.push(entry);
      }
      found.heads.push(set.write.head);
      continue;
    }
    const inner = readGuardedWrite(ctx, x, unread, depth + 1);
    if (!inner) return undefined;
    const entry = guardedEntry(inner.name, inner.write);
    const prefix = found.name ?? rootOf(inner.name);
    const member = inner.name.startsWith(`${prefix}.`) ? inner.name.slice(prefix.length + 1) : undefined;
    if (member !== undefined && !member.includes(".") && literals.has(member)) {
      if (!sameName(prefix) || !intoLiteral(member, entry)) return undefined;
    } else {
      if (!sameName(inner.name)) return undefined;
      for (const k of inner.write.keys) {
        found.keys.add(k);
        literals.delete(k);
      }
      entries.push(entry);
    }
    found.heads.push(...inner.write.heads);
  }
  return entries;
}

/** `caps` of `caps.resources`. */
function rootOf(name: string): string {
  const dot = name.indexOf(".");
  return dot < 0 ? name : name.slice(0, dot);
}

/**
 * Whether `node` reads `name` (an identifier of that text, not a member name after a dot). With
 * `skipTarget`, `node` is a write `name.key = value` and only its value counts.
 */
export function mentions(ctx: SummaryContext, node: ts.Node, name: string, skipTarget: boolean): boolean {
  const start = skipTarget && ts.isBinaryExpression(node) ? node.right : node;
  // A cheap look first: most values never spell the name.
  if (!start.getText(ctx.sf).includes(name)) return false;
  let found = false;
  // The summariser's trees have no parent pointers: a member name is skipped from its access.
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(n) && n.text === name) found = true;
    else if (ts.isPropertyAccessExpression(n)) visit(n.expression);
    else ts.forEachChild(n, visit);
  };
  visit(start);
  return found;
}

/** The statements of the top level that are such `if`s, by the name they write, in source order. */
export function readGuardedTopWrites(ctx: SummaryContext, statements: ts.NodeArray<ts.Statement>): ReadonlyMap<string, readonly GuardedWrite[]> | undefined {
  let found: Map<string, GuardedWrite[]> | undefined;
  for (const s of statements) {
    const g = readGuardedWrite(ctx, s);
    // Writes of a member's members only (`if (x) caps.resources.subscribe = true`) are not one name's keys.
    if (!g || g.name.includes(".")) continue;
    found ??= new Map();
    const list = found.get(g.name) ?? [];
    list.push(g.write);
    found.set(g.name, list);
  }
  return found;
}

/**
 * A function body that builds an object and returns it: declarations (`const`, or `let` for the object
 * built), then writes of the built object's keys, plain or under `if`s (readSetWrite, readGuardedWrite),
 * and last `return …`. The built object's local is its literal with the writes applied (guardedEntry);
 * undefined for any other body. What is built is read only by the statements here: it is named
 * nowhere else before the return (not by a declaration, a written value or a condition), so no other
 * code can see or change it half-built.
 */
export function readBuiltBody(ctx: SummaryContext, statements: ts.NodeArray<ts.Statement>, depth: number): { readonly locals: Map<string, ValueExpr>; readonly result: ValueExpr } | undefined {
  const last = statements[statements.length - 1];
  if (!last || !ts.isReturnStatement(last) || !last.expression || !builderShape(statements)) return undefined;
  const locals = new Map<string, ValueExpr>();
  const built = new Map<string, { readonly init: ValueExpr & { k: "obj" }; readonly entries: ObjEntry[] }>();
  const mentionsBuilt = (node: ts.Node, skipTarget = false) => [...built.keys()].some((n) => mentions(ctx, node, n, skipTarget));
  for (let i = 0; i < statements.length - 1; i++) {
    const s = statements[i]!;
    if (ts.isEmptyStatement(s)) continue;
    if (ts.isVariableStatement(s)) {
      const flags = s.declarationList.flags;
      const isConst = (flags & ts.NodeFlags.Const) !== 0;
      if (!isConst && (flags & ts.NodeFlags.Let) === 0) return undefined;
      for (const d of s.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !d.initializer || mentionsBuilt(d.initializer) || locals.has(d.name.text) || built.has(d.name.text)) return undefined;
        const value = toValueExpr(ctx, d.initializer, depth);
        if (value.k === "obj") built.set(d.name.text, { init: value, entries: [...value.entries] });
        // A `let` is only read here when it is the object built (nothing assigns it again: no statement can).
        else if (!isConst) return undefined;
        else locals.set(d.name.text, value);
      }
      continue;
    }
    const set = readSetWrite(ctx, s, true);
    if (set) {
      if (mentionsBuilt((s as ts.ExpressionStatement).expression, true)) return undefined;
      const entry: ObjEntry = { k: "prop", key: { k: "static", name: set.write.key, span: set.write.head }, value: set.write.value };
      if (!addTo(built, set.name, entry)) return undefined;
      continue;
    }
    const guarded = readGuardedWrite(ctx, s, [...built.keys()]);
    if (!guarded || !addTo(built, guarded.name, guardedEntry(guarded.name, guarded.write))) return undefined;
  }
  // A body that writes nothing is read as before (evaluableBody), where a `let` is not taken.
  if ([...built.values()].every((b) => b.entries.length === b.init.entries.length)) return undefined;
  for (const [name, b] of built) locals.set(name, { ...b.init, entries: b.entries });
  return { locals, result: toValueExpr(ctx, last.expression, depth) };
}

/**
 * Adds a write's entry to the object built under `name`, or, for `caps.resources`, to the object
 * literal its last write of `resources` gave (`caps.resources = { … }` then `caps.resources.subscribe
 * = true`); false when there is no such literal to add it to.
 */
function addTo(built: Map<string, { readonly entries: ObjEntry[] }>, name: string, entry: ObjEntry): boolean {
  const dot = name.indexOf(".");
  const target = built.get(dot < 0 ? name : name.slice(0, dot));
  if (!target) return false;
  if (dot < 0) {
    target.entries.push(entry);
    return true;
  }
  const member = name.slice(dot + 1);
  let at = -1;
  target.entries.forEach((e, i) => {
    if (e.k === "prop" && e.key.k === "static" && e.key.name === member) at = i;
    // A spread after it may write the key again: what it holds is no longer that literal.
    else if (e.k === "spread") at = -1;
  });
  const prop = at < 0 ? undefined : target.entries[at];
  if (prop?.k !== "prop" || prop.value.k !== "obj") return false;
  target.entries[at] = { ...prop, value: { ...prop.value, entries: [...prop.value.entries, entry] } };
  return true;
}

/**
 * Whether the statements before the last have a builder's shape, told from the syntax alone before
 * anything is converted (most function bodies are not builders): declarations, writes of a member of
 * a name declared with an object literal, `if`s whose arms are only such writes, and at least one write.
 */
function builderShape(statements: ts.NodeArray<ts.Statement>): boolean {
  const objects = new Set<string>();
  let writes = 0;
  const isWrite = (s: ts.Statement, nested: boolean): boolean => {
    if (!ts.isExpressionStatement(s) || !ts.isBinaryExpression(s.expression) || s.expression.operatorToken.kind !== SK.EqualsToken) return false;
    const left = s.expression.left;
    if (!ts.isPropertyAccessExpression(left)) return false;
    const object = nested && ts.isPropertyAccessExpression(left.expression) ? left.expression.expression : left.expression;
    return ts.isIdentifier(object) && objects.has(object.text);
  };
  const isArm = (s: ts.Statement | undefined, depth: number): boolean => {
    if (s === undefined) return true;
    const one = (x: ts.Statement) => isWrite(x, true) || (depth < MAX_NESTED_IFS && ts.isIfStatement(x) && isArm(x.thenStatement, depth + 1) && isArm(x.elseStatement, depth + 1));
    return ts.isBlock(s) ? s.statements.every(one) : one(s);
  };
  for (let i = 0; i < statements.length - 1; i++) {
    const s = statements[i]!;
    if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer && ts.isObjectLiteralExpression(unwrapCast(d.initializer))) objects.add(d.name.text);
    } else if (isWrite(s, true) || (ts.isIfStatement(s) && isArm(s.thenStatement, 0) && isArm(s.elseStatement, 0))) writes++;
    else if (!ts.isEmptyStatement(s)) return false;
  }
  return writes > 0;
}

function unwrapCast(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
  return e;
}


/**
 * The `const name = {…}` objects of a function body's statement list that later statements of the
 * same list build (plain writes and guarded `if`s, each reading neither the object nor its condition
 * reading it), by name (BuiltLocal). Whatever else the body does with the object is for the reader to
 * rule out (the writes' heads are kept so that a scan of the text can set them aside).
 */
export function readBuiltLocals(ctx: SummaryContext, statements: ts.NodeArray<ts.Statement>): ReadonlyMap<string, BuiltLocal> | undefined {
  let objects: Map<string, ts.Expression> | undefined;
  let writes: Map<string, { entries: ObjEntry[]; heads: Span[]; from: number }> | undefined;
  for (const s of statements) {
    if (ts.isVariableStatement(s)) {
      if ((s.declarationList.flags & ts.NodeFlags.Const) === 0) continue;
      for (const d of s.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && ts.isObjectLiteralExpression(unwrapCast(d.initializer))) (objects ??= new Map()).set(d.name.text, d.initializer);
      }
      continue;
    }
    if (!objects || !(ts.isExpressionStatement(s) || ts.isIfStatement(s))) continue;
    const set = ts.isExpressionStatement(s) ? readSetWrite(ctx, s) : undefined;
    const guarded = set ? undefined : readGuardedWrite(ctx, s);
    const name = set?.name ?? guarded?.name;
    if (name === undefined || !objects.has(name) || (set && mentions(ctx, (s as ts.ExpressionStatement).expression, name, true))) continue;
    const w = (writes ??= new Map()).get(name) ?? { entries: [], heads: [], from: 0 };
    if (set) {
      w.entries.push({ k: "prop", key: { k: "static", name: set.write.key, span: set.write.head }, value: set.write.value });
      w.heads.push(set.write.head);
    } else {
      w.entries.push(guardedEntry(name, guarded!.write));
      w.heads.push(...guarded!.write.heads);
    }
    w.from = s.end;
    writes.set(name, w);
  }
  if (!writes || !objects) return undefined;
  const built = new Map<string, BuiltLocal>();
  for (const [name, w] of writes) {
    const init = toValueExpr(ctx, objects.get(name)!);
    if (init.k === "obj") built.set(name, { expr: { ...init, entries: [...init.entries, ...w.entries] }, from: w.from, heads: w.heads });
  }
  return built.size > 0 ? built : undefined;
}
