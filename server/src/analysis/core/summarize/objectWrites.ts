// Statements that build an object by writing its keys one by one (`caps.logging = {}`), also under an
// `if` whose arms do nothing else (`if (config.debug) caps.logging = {}; else caps.tools = {}`): how
// real servers assemble a capabilities object before handing it over, at the top level of a module or
// in a function that returns it.
import { SK, ts } from "../typescript";
import type { BuiltLocal, GuardedWrite, ObjEntry, SetWrite, Span, ValueExpr } from "../model/summary";
import { guardedEntry } from "./guardedEntry";
import { spanOf, type SummaryContext } from "./context";
import { toValueExpr } from "./valueExpr";

/** `name.key = value;` (also `name["key"] = value;`, `name!.key = …`): the name and the write. */
export function readSetWrite(ctx: SummaryContext, s: ts.Statement): { readonly name: string; readonly write: SetWrite } | undefined {
  if (!ts.isExpressionStatement(s)) return undefined;
  const e = s.expression;
  if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== SK.EqualsToken) return undefined;
  const target = writtenMember(e.left);
  if (!target) return undefined;
  const head = { start: e.left.getStart(ctx.sf), end: e.operatorToken.end };
  return { name: target.name, write: { k: "set", key: target.key, value: toValueExpr(ctx, e.right), span: spanOf(ctx, s), head } };
}

function writtenMember(left: ts.Expression): { readonly name: string; readonly key: string } | undefined {
  if (ts.isPropertyAccessExpression(left)) {
    if (left.questionDotToken || !ts.isIdentifier(left.expression) || !ts.isIdentifier(left.name)) return undefined;
    return { name: left.expression.text, key: left.name.text };
  }
  return undefined;
}

/**
 * `if (test) <writes> [else <writes>]`, each arm one write or a block of writes, all of one name (an
 * `else if`, any other statement, or writes of two names: undefined). Neither the test nor a written
 * value may read that name, nor any of `unread`.
 */
export function readGuardedWrite(ctx: SummaryContext, s: ts.Statement, unread: readonly string[] = []): { readonly name: string; readonly write: GuardedWrite } | undefined {
  if (!ts.isIfStatement(s)) return undefined;
  let name: string | undefined;
  const heads: { start: number; end: number }[] = [];
  const arm = (st: ts.Statement | undefined): SetWrite[] | undefined => {
    if (st === undefined) return [];
    const list = ts.isBlock(st) ? st.statements : [st];
    const writes: SetWrite[] = [];
    for (const x of list) {
      const w = readSetWrite(ctx, x);
      if (!w || (name !== undefined && w.name !== name) || [w.name, ...unread].some((n) => mentions(ctx, (x as ts.ExpressionStatement).expression, n, true))) return undefined;
      name = w.name;
      heads.push(w.write.head);
      writes.push(w.write);
    }
    return writes;
  };
  const then = arm(s.thenStatement);
  const otherwise = then && arm(s.elseStatement);
  if (!then || !otherwise || name === undefined || [name, ...unread].some((n) => mentions(ctx, s.expression, n, false))) return undefined;
  return { name, write: { k: "guarded", test: spanOf(ctx, s.expression), then, else: otherwise, span: spanOf(ctx, s), heads } };
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
    if (!g) continue;
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
    const set = readSetWrite(ctx, s);
    if (set) {
      const target = built.get(set.name);
      if (!target || mentionsBuilt((s as ts.ExpressionStatement).expression, true)) return undefined;
      target.entries.push({ k: "prop", key: { k: "static", name: set.write.key, span: set.write.head }, value: set.write.value });
      continue;
    }
    const guarded = readGuardedWrite(ctx, s, [...built.keys()]);
    if (!guarded || !built.has(guarded.name)) return undefined;
    built.get(guarded.name)!.entries.push(guardedEntry(guarded.name, guarded.write));
  }
  // A body that writes nothing is read as before (evaluableBody), where a `let` is not taken.
  if ([...built.values()].every((b) => b.entries.length === b.init.entries.length)) return undefined;
  for (const [name, b] of built) locals.set(name, { ...b.init, entries: b.entries });
  return { locals, result: toValueExpr(ctx, last.expression, depth) };
}

/**
 * Whether the statements before the last have a builder's shape, told from the syntax alone before
 * anything is converted (most function bodies are not builders): declarations, writes of a member of
 * a name declared with an object literal, `if`s whose arms are only such writes, and at least one write.
 */
function builderShape(statements: ts.NodeArray<ts.Statement>): boolean {
  const objects = new Set<string>();
  let writes = 0;
  const isWrite = (s: ts.Statement): boolean => {
    if (!ts.isExpressionStatement(s) || !ts.isBinaryExpression(s.expression) || s.expression.operatorToken.kind !== SK.EqualsToken) return false;
    const left = s.expression.left;
    return ts.isPropertyAccessExpression(left) && ts.isIdentifier(left.expression) && objects.has(left.expression.text);
  };
  const isArm = (s: ts.Statement | undefined): boolean => s === undefined || (ts.isBlock(s) ? s.statements.every(isWrite) : isWrite(s));
  for (let i = 0; i < statements.length - 1; i++) {
    const s = statements[i]!;
    if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer && ts.isObjectLiteralExpression(unwrapCast(d.initializer))) objects.add(d.name.text);
    } else if (isWrite(s) || (ts.isIfStatement(s) && isArm(s.thenStatement) && isArm(s.elseStatement))) writes++;
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
