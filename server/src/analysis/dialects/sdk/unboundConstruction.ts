// A server built where no name holds it (`launch(new McpServer(...))`, `[new McpServer(...)]`,
// `cond ? new McpServer(a) : other`): the replay follows names, so what happens to such a server is
// not followed, and the prediction must say so. Only a server thrown away at once (`new Server(...);`),
// exported as the module's default (its importers are followed), or only connected or closed on the
// spot (`new Server(...).connect(t)`) gets nothing more.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import { SK, ts } from "../../core/typescript";
import { climb, HARMLESS_MEMBERS, nodeAt, parsedSource } from "./containerStores";
import type { SdkSite } from "./findSdkServers";
import type { FlowUnit } from "../../core/model/summary";
import { dispatch, type ClassChain } from "./classChain";
import { isIgnored } from "../../core/evaluate/discardedResult";

/** Why what is done with a server built without a name is not followed; undefined when nothing is. */
export function unboundConstruction(ev: Evaluator, site: SdkSite): { why: string; loc: Loc } | undefined {
  if (site.event.target !== null) return undefined;
  const loc: Loc = { file: site.file, span: site.event.span };
  const sf = parsedSource(ev, site.file);
  const node = sf ? nodeAt(sf, site.event.span) : undefined;
  if (!sf || !node) return { why: "the server is built where no name holds it, and what is done with it is not followed", loc };
  const top = climb(node);
  const parent = top.parent;
  if (!parent || ts.isExpressionStatement(parent) || ts.isExportAssignment(parent)) return undefined;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === top && HARMLESS_MEMBERS.has(parent.name.text)) return undefined;
  // `new MyServer().run();`: a method of the subclass itself, whose result goes nowhere, runs on it (the replay follows it).
  // So does `const server = new MyServer().init()`: the replay runs init() on it, and a method that
  // returns `this` on every path hands the server to that name (any other return is said there).
  // A chain of them (`new MyServer().init().start()`) too: each call's value is the next one's receiver.
  if (site.subclass && ownMethodChainEnd(ev, top, site.subclass.chain)) return undefined;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== top) {
    const callee = parent.expression.getText(sf).replace(/\s+/g, " ").slice(0, 80);
    return { why: `the server is passed to ${callee} as it is built, and what is done with it there is not followed`, loc };
  }
  if (ts.isVoidExpression(parent) || (ts.isPrefixUnaryExpression(parent) && parent.operator === SK.ExclamationToken)) return undefined;
  return { why: "the server is built where no name holds it, and what is done with it is not followed", loc };
}

/** `const server = call` (or `= await call`): the call's value goes to a name declared right there. */
function declaredFrom(call: ts.CallExpression): boolean {
  const top = climb(call);
  const decl = top.parent;
  return decl !== undefined && ts.isVariableDeclaration(decl) && decl.initializer === top && ts.isIdentifier(decl.name);
}

/**
 * `new MyServer().a().b()`: a chain of the subclass's own methods on the construction whose last call's
 * value goes nowhere, or to a name declared right there. Each call whose value is used (the receiver of
 * the next, or the name's value) must be of a method that returns `this` on every path: then that value
 * is the server, and the replay runs each method on it.
 */
function ownMethodChainEnd(ev: Evaluator, made: ts.Node, chain: ClassChain): boolean {
  let cur = made;
  for (let hops = 0; hops < 8; hops++) {
    const access = cur.parent;
    const call = access?.parent;
    if (!access || !call || !ts.isPropertyAccessExpression(access) || access.expression !== cur || !ts.isCallExpression(call) || call.expression !== access) return false;
    const target = dispatch(chain, access.name.text);
    if (target.k !== "unit") return false;
    if (isIgnored(call)) return true;
    if (!returnsThisAlways(ev, target.file, target.unit)) return false;
    if (declaredFrom(call)) return true;
    cur = call;
  }
  return false;
}

/**
 * A method (not async, not a generator) whose body ends with `return this;` and whose every return
 * (outside functions written inside it) is `return this;`.
 */
function returnsThisAlways(ev: Evaluator, file: string, unit: FlowUnit): boolean {
  const sf = parsedSource(ev, file);
  const fn = sf ? nodeAt(sf, unit.span) : undefined;
  if (!fn || !ts.isMethodDeclaration(fn) || !fn.body || fn.asteriskToken || (ts.getModifiers(fn)?.some((m) => m.kind === SK.AsyncKeyword) ?? false)) return false;
  const last = fn.body.statements.at(-1);
  if (!last || !returnsThis(last)) return false;
  let fine = true;
  const visit = (n: ts.Node): void => {
    if (!fine || (n !== fn && ts.isFunctionLike(n))) return;
    if (ts.isReturnStatement(n) && !returnsThis(n)) fine = false;
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  return fine;
}

function returnsThis(st: ts.Statement): boolean {
  return ts.isReturnStatement(st) && st.expression !== undefined && climbDown(st.expression).kind === SK.ThisKeyword;
}

/** The expression inside parentheses and type assertions (`(this as Server)`). */
function climbDown(e: ts.Expression): ts.Expression {
  let cur = e;
  while (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isNonNullExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isTypeAssertionExpression(cur)) cur = cur.expression;
  return cur;
}
