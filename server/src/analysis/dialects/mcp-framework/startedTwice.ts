// start() called again while the server is running: mcp-framework's start() sets `isRunning` before
// its first await and, called again, rejects with "Server is already running". Unhandled (a bare or
// awaited call at the top level of a module), that rejection ends the process. Only where both calls
// surely run, in this order: statements of modules' top levels, the first not awaited (an awaited
// start() holds its module until the server stops), nothing between them that may wait or stop the
// server (an await, stop(), exit()); the second in the module that builds the server, or in a module
// importing it by name (its imports run first, so the server is already started when it runs).
import type { DialectRun } from "../../core/dialect";
import type { Loc } from "../../core/evaluate/values";
import { exportNamesOf } from "../../core/model/exportNames";
import { exportedServerUsers, packageReaderOf } from "../../core/project/exportedServerUsers";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";
import type { ServerSite } from "./sites";

export interface SecondStart {
  readonly loc: Loc;
  /** Where the server was started first. */
  readonly first: Loc;
  /** The second call is in the module that builds the server (so it runs whenever the server is built). */
  readonly sameModule: boolean;
  /** The second call runs only under a condition the source does not decide (`if (process.env.X) server.start()`): the server may not start. */
  readonly condition?: string;
}

/** A top-level statement calling `name.start()`: how it is written. */
type StartStatement = { readonly index: number; readonly awaited: boolean; readonly span: { start: number; end: number }; readonly condition?: string };

export function startedTwice(run: DialectRun, file: string, site: ServerSite): SecondStart | undefined {
  const target = site.event.target;
  if (site.unit.kind !== "module" || target?.length !== 1) return undefined;
  const name = target[0]!;
  const sf = parsedSource(run.ev, file);
  if (!sf) return undefined;
  const here = startStatements(sf, name);
  const first = here.find((s) => !s.awaited && s.condition === undefined);
  if (!first) return undefined;
  const firstLoc: Loc = { file, span: first.span };
  // In this module: a later start() with nothing between that may wait or stop the server.
  const again = here.find((s) => s.index > first.index);
  if (again && quiet(sf, first.index + 1, again.index)) return { loc: { file, span: again.span }, first: firstLoc, sameModule: true, ...(again.condition !== undefined ? { condition: again.condition } : {}) };
  // In a module importing the server: this module's top level has run to its end first.
  if (!quiet(sf, first.index + 1, sf.statements.length)) return undefined;
  const summary = run.ev.summary(file);
  const names = summary ? exportNamesOf(summary, name) : [];
  if (names.length === 0) return undefined;
  const users = exportedServerUsers(packageReaderOf(run, (f) => run.ev.summary(f)), file, names);
  for (const { file: at, local } of users.found) {
    const other = at === file ? undefined : parsedSource(run.ev, at);
    // A module this one imports back runs its top level first (a cycle): not followed.
    if (!other || imports(run, sf, file, at)) continue;
    const second = startStatements(other, local)[0];
    if (second && quiet(other, 0, second.index)) return { loc: { file: at, span: second.span }, first: firstLoc, sameModule: false, ...(second.condition !== undefined ? { condition: second.condition } : {}) };
  }
  return undefined;
}

/**
 * `name.start();`, `void name.start();` or `await name.start();` as statements of the module's top
 * level, or alone in an `if` there (with its condition: whether it runs is the environment's).
 */
function startStatements(sf: ts.SourceFile, name: string): StartStatement[] {
  const out: StartStatement[] = [];
  sf.statements.forEach((top, index) => {
    let st: ts.Statement = top;
    let condition: string | undefined;
    if (ts.isIfStatement(top) && !top.elseStatement) {
      st = ts.isBlock(top.thenStatement) && top.thenStatement.statements.length === 1 ? top.thenStatement.statements[0]! : top.thenStatement;
      condition = top.expression.getText(sf).replace(/\s+/g, " ").slice(0, 80);
    }
    if (!ts.isExpressionStatement(st)) return;
    let e: ts.Expression = st.expression;
    const awaited = ts.isAwaitExpression(e);
    if (ts.isAwaitExpression(e) || ts.isVoidExpression(e)) e = e.expression;
    if (!ts.isCallExpression(e) || e.arguments.length > 0 || !ts.isPropertyAccessExpression(e.expression)) return;
    const callee = e.expression;
    if (callee.name.text !== "start" || !ts.isIdentifier(callee.expression) || callee.expression.text !== name) return;
    out.push({ index, awaited, span: { start: e.getStart(sf), end: e.getEnd() }, ...(condition !== undefined ? { condition } : {}) });
  });
  return out;
}

/** Whether the top-level statements from `from` to before `to` surely neither wait (an await) nor stop the server or the process. */
function quiet(sf: ts.SourceFile, from: number, to: number): boolean {
  for (const st of sf.statements.slice(from, to)) {
    if (/\b(?:stop|exit|abort|kill)\s*\(/.test(st.getText(sf)) || waits(st)) return false;
  }
  return true;
}

/** An await (or `for await`) outside nested functions. */
function waits(node: ts.Node): boolean {
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return false;
  if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) return true;
  return ts.forEachChild(node, waits) ?? false;
}

/** Whether the module of `sf` imports or re-exports `other` (statically, for its effects too). */
function imports(run: DialectRun, sf: ts.SourceFile, file: string, other: string): boolean {
  return sf.statements.some((st) => (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier !== undefined && ts.isStringLiteral(st.moduleSpecifier) && run.ev.host.resolveModule(st.moduleSpecifier.text, file) === other);
}
