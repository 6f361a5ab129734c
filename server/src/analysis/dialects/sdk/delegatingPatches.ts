// `const original = Server.prototype.setRequestHandler; Server.prototype.setRequestHandler =
// function (schema, handler) { log(schema); return original.call(this, schema, handler); }`: a
// replacement that, on every way out that does not throw, hands its own arguments, unchanged as names,
// with `this`, to the method it replaced, and uses `this` for nothing else, does what the SDK's method
// does (instrumentation, a retry after repairing a schema). Anything else it might do to the server
// needs `this`, so such a patch changes no capability; any other patch is not followed.
import { ts } from "../../core/typescript";
import { bare } from "./fieldHolders";

const ASYNC_METHODS = new Set(["connect", "close"]);

/** Whether the prototype assignment whose target starts at `at` is a delegating replacement. */
export function delegatesToOriginal(sf: ts.SourceFile, at: number): boolean {
  const assign = assignmentAt(sf, at);
  if (!assign) return false;
  const target = prototypeMember(assign.left);
  const fn = bare(assign.right);
  if (!target || !ts.isFunctionExpression(fn) || fn.asteriskToken) return false;
  // An `async` replacement turns the method's throws into rejections nothing may handle: the same only
  // for the methods that already return a promise.
  if (fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) && !ASYNC_METHODS.has(target.member)) return false;
  const params: string[] = [];
  for (const p of fn.parameters) {
    // `function (this: McpServer, ...args)`: a type for `this`, no parameter.
    if (ts.isIdentifier(p.name) && p.name.text === "this") continue;
    if (!ts.isIdentifier(p.name) || p.initializer) return false;
    params.push(p.name.text);
  }
  const rest = fn.parameters.at(-1)?.dotDotDotToken !== undefined && params.length > 0;
  const originals = originalNames(sf, target);
  if (originals.size === 0 || !exits(fn.body)) return false;
  let ok = true;
  const visit = (n: ts.Node, inNested: boolean): void => {
    if (!ok) return;
    if (n.kind === ts.SyntaxKind.ThisKeyword) {
      ok = !inNested && isDelegation(n, originals, params, rest);
      return;
    }
    if (ts.isReturnStatement(n) && !inNested) {
      const e = n.expression ? bare(n.expression) : undefined;
      if (!e || !ts.isCallExpression(e) || !isDelegationCall(e, originals, params, rest)) ok = false;
    }
    // A parameter given another value before it is handed on.
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment && ts.isIdentifier(bare(n.left)) && params.includes((bare(n.left) as ts.Identifier).text)) ok = false;
    // Inside a nested function (an arrow too: a callback may run it later, or again), `this` is not
    // followed, and a `return` is that function's.
    const nested = inNested || ts.isFunctionLike(n) || ts.isClassLike(n);
    ts.forEachChild(n, (c) => visit(c, nested));
  };
  ts.forEachChild(fn.body, (c) => visit(c, false));
  return ok;
}

/** `X.prototype.name = …` (also through `as` casts) whose target starts at `at`. */
function assignmentAt(sf: ts.SourceFile, at: number): ts.BinaryExpression | undefined {
  let found: ts.BinaryExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.getStart(sf) > at || n.end <= at) return;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && n.left.getStart(sf) <= at && at < n.left.end) found = n;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function prototypeMember(e: ts.Expression): { readonly cls: string; readonly member: string } | undefined {
  const access = bare(e);
  if (!ts.isPropertyAccessExpression(access)) return undefined;
  const proto = bare(access.expression);
  if (!ts.isPropertyAccessExpression(proto) || proto.name.text !== "prototype" || !ts.isIdentifier(proto.expression)) return undefined;
  return { cls: proto.expression.text, member: access.name.text };
}

/** The names of consts the file gives the replaced method (`const original = X.prototype.name`). */
function originalNames(sf: ts.SourceFile, target: { cls: string; member: string }): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && ts.isVariableDeclarationList(n.parent) && (n.parent.flags & ts.NodeFlags.Const) !== 0) {
      const m = prototypeMember(n.initializer);
      if (m && m.cls === target.cls && m.member === target.member) names.add(n.name.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return names;
}

/** `this` as the first argument of a delegation that a `return` gives back. */
function isDelegation(thisNode: ts.Node, originals: ReadonlySet<string>, params: readonly string[], rest: boolean): boolean {
  const call = thisNode.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== thisNode) return false;
  return isDelegationCall(call, originals, params, rest) && ts.isReturnStatement(climbToStatement(call));
}

/** `original.call(this, a, b)` with the parameters in order, or `original.apply(this, arguments | rest)`. */
function isDelegationCall(call: ts.CallExpression, originals: ReadonlySet<string>, params: readonly string[], rest: boolean): boolean {
  const callee = call.expression;
  const original = ts.isPropertyAccessExpression(callee) ? bare(callee.expression) : undefined;
  if (!ts.isPropertyAccessExpression(callee) || !original || !ts.isIdentifier(original) || !originals.has(original.text)) return false;
  const [self, ...args] = call.arguments;
  if (!self || self.kind !== ts.SyntaxKind.ThisKeyword) return false;
  if (callee.name.text === "call") {
    if (rest) return args.length === params.length && args.every((a, i) => (i === params.length - 1 ? ts.isSpreadElement(a) && ts.isIdentifier(a.expression) && a.expression.text === params[i] : ts.isIdentifier(a) && a.text === params[i]));
    return args.length === params.length && args.every((a, i) => ts.isIdentifier(a) && a.text === params[i]);
  }
  if (callee.name.text === "apply") {
    const only = args.length === 1 ? bare(args[0]!) : undefined;
    return only !== undefined && ts.isIdentifier(only) && (only.text === "arguments" || (rest && params.length === 1 && only.text === params[0]));
  }
  return false;
}

function climbToStatement(n: ts.Node): ts.Node {
  let at = n;
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isAwaitExpression(at.parent))) at = at.parent;
  return at.parent ?? at;
}

/** Whether running the statement never reaches its end (it returns or throws on every path). */
function exits(s: ts.Statement | undefined): boolean {
  if (!s) return false;
  if (ts.isReturnStatement(s) || ts.isThrowStatement(s)) return true;
  if (ts.isBlock(s)) return exits(s.statements[s.statements.length - 1]);
  if (ts.isIfStatement(s)) return exits(s.thenStatement) && exits(s.elseStatement);
  if (ts.isTryStatement(s)) return (s.finallyBlock !== undefined && exits(s.finallyBlock)) || (exits(s.tryBlock) && (!s.catchClause || exits(s.catchClause.block)));
  return false;
}
