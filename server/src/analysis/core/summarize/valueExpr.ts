import { SK, ts } from "../typescript";
import { UNDEFINED_TEXT, type ArrItem, type Arithmetic, type FunctionSummary, type KeyExpr, type ObjEntry, type ValueExpr } from "../model/summary";
import { MAX_DEPTH, spanOf, spanText, textOf, type SummaryContext } from "./context";
import { summarizeClass } from "./summarizeClass";
import { readBuiltBody } from "./objectWrites";

/** The operators the evaluator computes on known primitives: arithmetic on numbers, strict comparisons. */
const ARITHMETIC: ReadonlyMap<ts.SyntaxKind, Arithmetic["op"]> = new Map([
  [SK.PlusToken, "+"],
  [SK.MinusToken, "-"],
  [SK.AsteriskToken, "*"],
  [SK.SlashToken, "/"],
  [SK.PercentToken, "%"],
  [SK.AsteriskAsteriskToken, "**"],
  [SK.EqualsEqualsEqualsToken, "==="],
  [SK.ExclamationEqualsEqualsToken, "!=="],
]);

/** Parentheses, `as`, `satisfies`, `!` and `<T>`: none of them changes the value. */
const WRAPPERS: ReadonlySet<ts.SyntaxKind> = new Set([SK.ParenthesizedExpression, SK.AsExpression, SK.SatisfiesExpression, SK.NonNullExpression, SK.TypeAssertionExpression]);

/**
 * Turns an expression into the evaluable intermediate form. Only syntax is looked at; what it cannot
 * represent (calls other than mixins and `Object.freeze`, operators, templates with substitutions...)
 * becomes `dyn` with its text, which the evaluator reports as dynamic.
 */
export function toValueExpr(ctx: SummaryContext, node: ts.Expression, depth = 0): ValueExpr {
  const next = depth + 1;
  // A wrapper is its operand (its own span is never kept).
  if (depth <= MAX_DEPTH && WRAPPERS.has(node.kind)) return toValueExpr(ctx, (node as ts.ParenthesizedExpression).expression, next);
  const span = spanOf(ctx, node);
  if (depth > MAX_DEPTH) return { k: "dyn", text: spanText(ctx, span), span };
  switch (node.kind) {
    case SK.StringLiteral:
    case SK.NoSubstitutionTemplateLiteral:
      return { k: "lit", value: (node as ts.StringLiteral).text, span };
    case SK.NumericLiteral:
      return { k: "lit", value: Number((node as ts.NumericLiteral).text), span };
    case SK.TrueKeyword:
      return { k: "lit", value: true, span };
    case SK.FalseKeyword:
      return { k: "lit", value: false, span };
    case SK.NullKeyword:
      return { k: "lit", value: null, span };
    case SK.PrefixUnaryExpression: {
      const u = node as ts.PrefixUnaryExpression;
      if (u.operator === SK.MinusToken && ts.isNumericLiteral(u.operand)) {
        return { k: "lit", value: -Number(u.operand.text), span };
      }
      if (u.operator === SK.MinusToken) return { k: "dyn", text: spanText(ctx, span), span, arith: { op: "-", left: { k: "lit", value: 0, span }, right: toValueExpr(ctx, u.operand, next) } };
      if (u.operator === SK.ExclamationToken) return { k: "dyn", text: spanText(ctx, span), span, arith: { op: "!", left: { k: "lit", value: null, span }, right: toValueExpr(ctx, u.operand, next) } };
      return { k: "dyn", text: spanText(ctx, span), span };
    }
    case SK.BinaryExpression: {
      const b = node as ts.BinaryExpression;
      const op = ARITHMETIC.get(b.operatorToken.kind);
      if (!op) return { k: "dyn", text: spanText(ctx, span), span };
      return { k: "dyn", text: spanText(ctx, span), span, arith: { op, left: toValueExpr(ctx, b.left, next), right: toValueExpr(ctx, b.right, next) } };
    }
    case SK.VoidExpression:
      // `void 0` is `undefined` written another way: the evaluator treats both as a key that is absent.
      return isSideEffectFree((node as ts.VoidExpression).expression) ? { k: "dyn", text: UNDEFINED_TEXT, span } : { k: "dyn", text: spanText(ctx, span), span };
    case SK.Identifier: {
      const name = (node as ts.Identifier).text;
      if (name === UNDEFINED_TEXT) return { k: "dyn", text: name, span };
      return { k: "ref", name, span };
    }
    case SK.ObjectLiteralExpression:
      return { k: "obj", entries: objectEntries(ctx, node as ts.ObjectLiteralExpression, next), span };
    case SK.ArrayLiteralExpression:
      return { k: "arr", items: arrayItems(ctx, node as ts.ArrayLiteralExpression, next), span };
    case SK.PropertyAccessExpression: {
      const p = node as ts.PropertyAccessExpression;
      if (p.questionDotToken) return { k: "dyn", text: spanText(ctx, span), span };
      const key: KeyExpr = { k: "static", name: p.name.text, span: spanOf(ctx, p.name) };
      return { k: "get", object: toValueExpr(ctx, p.expression, next), key, span };
    }
    case SK.ElementAccessExpression: {
      const e = node as ts.ElementAccessExpression;
      if (e.questionDotToken) return { k: "dyn", text: spanText(ctx, span), span };
      const arg = e.argumentExpression;
      const key: KeyExpr =
        ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg) || ts.isNumericLiteral(arg)
          ? { k: "static", name: arg.text, span: spanOf(ctx, arg) }
          : { k: "computed", expr: toValueExpr(ctx, arg, next), span: spanOf(ctx, arg) };
      return { k: "get", object: toValueExpr(ctx, e.expression, next), key, span };
    }
    case SK.CallExpression: {
      const c = node as ts.CallExpression;
      if (c.questionDotToken) return { k: "dyn", text: spanText(ctx, span), span };
      const callee = c.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === "Object" &&
        callee.name.text === "freeze" &&
        c.arguments.length === 1
      ) {
        return { k: "freeze", arg: toValueExpr(ctx, c.arguments[0]!, next), span };
      }
      return {
        k: "call",
        callee: toValueExpr(ctx, callee, next),
        args: c.arguments.map((a) => toValueExpr(ctx, a, next)),
        span,
      };
    }
    case SK.NewExpression: {
      const n = node as ts.NewExpression;
      return { k: "new", callee: toValueExpr(ctx, n.expression, next), args: (n.arguments ?? []).map((a) => toValueExpr(ctx, a, next)), span };
    }
    case SK.ArrowFunction:
    case SK.FunctionExpression:
      return { k: "fn", fn: toFunctionSummary(ctx, node as ts.ArrowFunction | ts.FunctionExpression, next), span };
    case SK.AwaitExpression: {
      // `await loadConfig()`: what the promise holds is not the call's value, but a dialect may know it.
      const operand = toValueExpr(ctx, (node as ts.AwaitExpression).expression, next);
      return { k: "dyn", text: spanText(ctx, span), span, ...(operand.k === "call" ? { awaited: operand } : {}) };
    }
    case SK.ConditionalExpression: {
      const c = node as ts.ConditionalExpression;
      return { k: "dyn", text: spanText(ctx, span), span, branches: [toValueExpr(ctx, c.whenTrue, next), toValueExpr(ctx, c.whenFalse, next)] };
    }
    case SK.ClassExpression: {
      const classIndex = summarizeClass(ctx, node as ts.ClassExpression, { topLevel: false, binding: undefined, jsDocHost: node });
      return { k: "class", classIndex, span };
    }
    default:
      return { k: "dyn", text: spanText(ctx, span), span };
  }
}

function objectEntries(ctx: SummaryContext, node: ts.ObjectLiteralExpression, depth: number): ObjEntry[] {
  const entries: ObjEntry[] = [];
  for (const p of node.properties) {
    if (ts.isSpreadAssignment(p)) {
      entries.push({ k: "spread", expr: toValueExpr(ctx, p.expression, depth), span: spanOf(ctx, p) });
      continue;
    }
    const key = keyOf(ctx, p.name, depth);
    if (!key) continue;
    if (ts.isPropertyAssignment(p)) {
      // `__proto__: x` (not computed, not shorthand) sets the object's prototype and adds no key, so
      // nothing under it is serialised or spread; `["__proto__"]: x` and `{ __proto__ }` are own keys.
      if (key.k === "static" && key.name === "__proto__") continue;
      entries.push({ k: "prop", key, value: toValueExpr(ctx, p.initializer, depth) });
    } else if (ts.isShorthandPropertyAssignment(p)) {
      entries.push({ k: "prop", key, value: { k: "ref", name: p.name.text, span: spanOf(ctx, p.name) } });
    } else {
      // Methods and accessors in a capabilities object are code, not data.
      entries.push({ k: "prop", key, value: { k: "dyn", text: textOf(ctx, p), span: spanOf(ctx, p) } });
    }
  }
  return entries;
}

function keyOf(ctx: SummaryContext, name: ts.PropertyName | undefined, depth: number): KeyExpr | undefined {
  if (!name) return undefined;
  const span = spanOf(ctx, name);
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) {
    return { k: "static", name: name.text, span };
  }
  if (ts.isComputedPropertyName(name)) return { k: "computed", expr: toValueExpr(ctx, name.expression, depth), span };
  return undefined;
}

function arrayItems(ctx: SummaryContext, node: ts.ArrayLiteralExpression, depth: number): ArrItem[] {
  return node.elements.map((e): ArrItem => {
    if (ts.isSpreadElement(e)) return { k: "spread", expr: toValueExpr(ctx, e.expression, depth), span: spanOf(ctx, e) };
    if (ts.isOmittedExpression(e)) return { k: "lit", value: null, span: { start: e.pos, end: e.end } };
    return toValueExpr(ctx, e, depth);
  });
}

/**
 * Summarises a function for the evaluator: its parameter names, the constants and classes its body
 * declares, and its single returned expression. A body that does anything else has no `result`.
 */
function evaluableBody(statements: ts.NodeArray<ts.Statement>): boolean {
  const last = statements[statements.length - 1];
  if (!last || !ts.isReturnStatement(last) || !last.expression) return false;
  for (let i = 0; i < statements.length - 1; i++) {
    const s = statements[i]!;
    if (ts.isVariableStatement(s)) {
      if ((s.declarationList.flags & ts.NodeFlags.Const) === 0) return false;
      for (const d of s.declarationList.declarations) if (!ts.isIdentifier(d.name) || !d.initializer) return false;
    } else if (!(ts.isClassDeclaration(s) && s.name) && !ts.isEmptyStatement(s)) return false;
  }
  return true;
}

export function toFunctionSummary(ctx: SummaryContext, node: ts.SignatureDeclaration, depth = 0): FunctionSummary {
  const params = node.parameters
    .filter((p) => !(ts.isIdentifier(p.name) && p.name.text === "this"))
    .map((p) => (ts.isIdentifier(p.name) ? p.name.text : ""));
  const body = (node as ts.FunctionLikeDeclarationBase).body;
  const locals = new Map<string, ValueExpr>();
  const isAsync = ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  const wraps = (node as ts.FunctionLikeDeclarationBase).asteriskToken ? ("generator" as const) : isAsync ? ("async" as const) : undefined;
  const shape = { ...(node.parameters.at(-1)?.dotDotDotToken ? { rest: true as const } : {}), ...(wraps ? { wraps } : {}) };
  if (!body) return { params, ...shape, locals, result: null, bodySpan: spanOf(ctx, node) };
  const bodySpan = spanOf(ctx, body);
  if (!ts.isBlock(body)) return { params, ...shape, locals, result: toValueExpr(ctx, body, depth), bodySpan };
  let result: ValueExpr | null = null;
  const statements = body.statements;
  // Only a body of consts and classes ending in `return x` can be evaluated: anything else is told
  // before converting a single expression (most functions of a workspace are not evaluable).
  if (!evaluableBody(statements)) {
    const built = readBuiltBody(ctx, statements, depth);
    return built ? { params, ...shape, locals: built.locals, result: built.result, built: true, bodySpan } : { params, ...shape, locals, result: null, bodySpan };
  }
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i]!;
    const last = i === statements.length - 1;
    if (ts.isReturnStatement(s) && last && s.expression) {
      result = toValueExpr(ctx, s.expression, depth);
    } else if (ts.isVariableStatement(s) && (s.declarationList.flags & ts.NodeFlags.Const) !== 0) {
      for (const d of s.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer) locals.set(d.name.text, toValueExpr(ctx, d.initializer, depth));
        else return { params, ...shape, locals, result: null, bodySpan };
      }
    } else if (ts.isClassDeclaration(s) && s.name) {
      const classIndex = summarizeClass(ctx, s, { topLevel: false, binding: undefined, jsDocHost: s });
      locals.set(s.name.text, { k: "class", classIndex, span: spanOf(ctx, s) });
    } else if (ts.isEmptyStatement(s)) {
      continue;
    } else {
      return { params, ...shape, locals, result: null, bodySpan };
    }
  }
  return { params, ...shape, locals, result, bodySpan };
}

/** An operand whose evaluation does nothing (`void 0`), so `void` of it is plainly `undefined`. */
function isSideEffectFree(e: ts.Expression): boolean {
  return ts.isNumericLiteral(e) || ts.isStringLiteral(e) || (ts.isIdentifier(e) && e.text === UNDEFINED_TEXT);
}
