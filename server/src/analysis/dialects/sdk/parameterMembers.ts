// `registerPrompts({ server, api })` with `function registerPrompts(ctx: Deps) {
// ctx.server.registerPrompt(...) }`: the object literal is made for the call, so when the callee only
// reads members of its parameter, or hands it whole to calls (which the replay follows in turn, or
// says it cannot), the server goes by `ctx.server` there and by no other name. Any other use of the
// parameter (kept, returned, a member written or deleted, a nested function declaring the same name)
// keeps the object unfollowed, and so does a literal with methods or accessors, whose `this` is the
// object.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit, Span } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { climb, nodeAt, parsedSource } from "./containerStores";

/** Whether `param`, a parameter of the function `unit` of `file`, is used only to read its members or as a whole argument of calls. */
export function readOnlyByMembers(ev: Evaluator, file: string, unit: FlowUnit, param: string): boolean {
  const sf = parsedSource(ev, file);
  const fn = sf ? nodeAt(sf, unit.span) : undefined;
  if (!sf || !fn || !ts.isFunctionLike(fn)) return false;
  // `...args` holds every argument from there on: `args[0].server` is not `args.server`.
  const own = fn.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === param);
  if (!own || own.dotDotDotToken) return false;
  return mentionsOnlyAs(fn, param, (n) => ownDeclaration(n, fn) || readsMembersOrCallArgument(n));
}

/** Whether every identifier `name` under `root` (not `root` itself) is one `allowed` accepts. */
export function mentionsOnlyAs(root: ts.Node, name: string, allowed: (n: ts.Identifier) => boolean): boolean {
  let other = false;
  const visit = (n: ts.Node): void => {
    if (other) return;
    if (ts.isIdentifier(n) && n.text === name && !allowed(n)) other = true;
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(root, visit);
  return !other;
}

/** Whether the object literal at `span` of `file` has only plain entries (see `isPlainLiteral`). */
export function plainLiteral(ev: Evaluator, file: string, span: Span): boolean {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, span) : undefined;
  return node !== undefined && ts.isObjectLiteralExpression(node) && isPlainLiteral(node);
}

/** No methods, accessors or `function` values: nothing whose `this` is the object. */
export function isPlainLiteral(node: ts.ObjectLiteralExpression): boolean {
  return node.properties.every((p) => ts.isShorthandPropertyAssignment(p) || (ts.isPropertyAssignment(p) && !ts.isFunctionExpression(p.initializer)));
}

function ownDeclaration(n: ts.Identifier, fn: ts.Node): boolean {
  const p = n.parent;
  return p !== undefined && ts.isParameter(p) && p.name === n && p.parent === fn;
}

/** `readsMembers`, or a whole argument of a call (`registerTools(ctx)`): the replay binds the callee's parameter, or says it cannot. */
export function readsMembersOrCallArgument(n: ts.Identifier): boolean {
  const p = n.parent;
  return readsMembers(n) || (p !== undefined && ts.isCallExpression(p) && p.arguments.some((a) => a === n));
}

/**
 * A mention of an object's name that only reads its members: `ctx.server`, `ctx["server"]` (not
 * written), `const { server } = ctx` (no rest element, which would hold the others), or another
 * thing spelled the same (`x.ctx`, `{ ctx: 1 }`, a type's name).
 */
export function readsMembers(n: ts.Identifier): boolean {
  const p = n.parent;
  if (!p) return false;
  if ((ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n) || ts.isTypeReferenceNode(p) || ts.isQualifiedName(p) || ts.isTypeQueryNode(p)) return true;
  if (ts.isVariableDeclaration(p) && p.initializer === n && ts.isObjectBindingPattern(p.name)) return p.name.elements.every((e) => !e.dotDotDotToken);
  if ((ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p)) && p.expression === n) return !written(p);
  return false;
}

function written(access: ts.Expression): boolean {
  const at = climb(access);
  const p = at.parent;
  if (!p) return false;
  if (ts.isBinaryExpression(p) && p.left === at && p.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && p.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return true;
  if ((ts.isPrefixUnaryExpression(p) || ts.isPostfixUnaryExpression(p)) && (p.operator === ts.SyntaxKind.PlusPlusToken || p.operator === ts.SyntaxKind.MinusMinusToken)) return true;
  // `delete ctx.server`, or a target of a destructuring assignment (`({ a: ctx.server } = other)`);
  // a value of a literal is left out too, as the literal may be such a target.
  return ts.isDeleteExpression(p) || ts.isShorthandPropertyAssignment(p) || ts.isPropertyAssignment(p) || ts.isArrayLiteralExpression(p);
}
