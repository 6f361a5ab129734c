import { ts } from "ts-morph";
import type { ImportBinding, RefPath, SdkEvent, SdkEventEntry, SdkFileSummary, SdkUnit } from "../model/summary";
import { spanOf, staticPropertyName, type SummaryContext } from "./context";
import { toValueExpr } from "./valueExpr";

/** Module specifiers of the official SDK, v1 and v2. */
export function isSdkSpecifier(specifier: string): boolean {
  return specifier.startsWith("@modelcontextprotocol/");
}

/** Methods whose calls the SDK dialect replays; other calls on a server are irrelevant to what it advertises. */
const SDK_METHODS = new Set([
  "registerTool", "tool", "registerResource", "resource", "registerPrompt", "prompt",
  "setRequestHandler", "registerCapabilities", "connect", "close",
  "sendToolListChanged", "sendResourceListChanged", "sendPromptListChanged", "sendResourceUpdated",
  "sendLoggingMessage", "notification",
]);

interface MutableUnit {
  id: number;
  name: string;
  kind: SdkUnit["kind"];
  parent: number | null;
  params: string[];
  events: SdkEventEntry[];
  span: { start: number; end: number };
  className?: string;
}

/**
 * Records, for a file that imports the SDK, what each function body and the top level do with SDK
 * objects: constructions, method calls, helpers they are passed to, aliases and returns, in order.
 */
export function summarizeSdk(ctx: SummaryContext, imports: ReadonlyMap<string, ImportBinding>): SdkFileSummary | undefined {
  if (![...imports.values()].some((i) => isSdkSpecifier(i.specifier))) return undefined;
  const isSdkName = (name: string) => {
    const b = imports.get(name);
    return b !== undefined && isSdkSpecifier(b.specifier);
  };
  const units: MutableUnit[] = [];
  const newUnit = (name: string, kind: SdkUnit["kind"], parent: number | null, node: ts.Node, params: string[], className?: string) => {
    const unit: MutableUnit = { id: units.length, name, kind, parent, params, events: [], span: spanOf(ctx, node), ...(className ? { className } : {}) };
    units.push(unit);
    return unit;
  };
  const push = (unit: MutableUnit, event: SdkEvent, conditional: boolean) => unit.events.push({ event, conditional });

  const paramsOf = (fn: ts.SignatureDeclaration) => fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ""));

  /** `server`, `this.server`, `server.server`: a name path, or null for anything else. */
  const pathOf = (e: ts.Expression): RefPath | null => {
    let cur = e;
    while (ts.isParenthesizedExpression(cur) || ts.isNonNullExpression(cur) || ts.isAsExpression(cur) || ts.isAwaitExpression(cur)) cur = cur.expression;
    if (ts.isIdentifier(cur)) return [cur.text];
    if (cur.kind === ts.SyntaxKind.ThisKeyword) return ["this"];
    if (ts.isPropertyAccessExpression(cur)) {
      const base = pathOf(cur.expression);
      return base ? [...base, cur.name.text] : null;
    }
    return null;
  };

  /** The local name of an SDK constructor in `new X(...)` / `new sdk.X(...)`, if it is one. */
  const sdkCtor = (n: ts.NewExpression): string | undefined => {
    const c = n.expression;
    if (ts.isIdentifier(c) && isSdkName(c.text)) return c.text;
    if (ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) && isSdkName(c.expression.text)) return `${c.expression.text}.${c.name.text}`;
    return undefined;
  };

  const unwrap = (e: ts.Expression): ts.Expression => {
    let cur = e;
    while (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isNonNullExpression(cur) || ts.isAwaitExpression(cur)) cur = cur.expression;
    return cur;
  };

  const recordNew = (unit: MutableUnit, n: ts.NewExpression, target: RefPath | null, nameNode: ts.Node, conditional: boolean): boolean => {
    const ctor = sdkCtor(n);
    if (!ctor) return false;
    for (const a of n.arguments ?? []) visit(a, unit, conditional);
    push(unit, { k: "new", ctor, target, args: (n.arguments ?? []).map((a) => toValueExpr(ctx, a)), span: spanOf(ctx, n), nameSpan: spanOf(ctx, nameNode) }, conditional);
    return true;
  };

  const visitFunction = (fn: ts.SignatureDeclaration & { body?: ts.Node }, unit: MutableUnit, name: string, kind: SdkUnit["kind"], className?: string) => {
    const child = newUnit(name, kind, unit.id, fn, paramsOf(fn), className);
    if (!fn.body) return;
    if (ts.isBlock(fn.body)) visit(fn.body, child, false);
    else {
      // An arrow's expression body is its return value: `() => new McpServer(...)`.
      const body = unwrap(fn.body as ts.Expression);
      if (ts.isNewExpression(body) && recordNew(child, body, ["<return>"], body.expression, false)) {
        push(child, { k: "return", source: ["<return>"], span: spanOf(ctx, body) }, false);
      } else {
        visit(fn.body, child, false);
        const p = pathOf(body);
        push(child, { k: "return", source: p, expr: toValueExpr(ctx, body), span: spanOf(ctx, body) }, false);
      }
    }
  };

  const visitClass = (cls: ts.ClassLikeDeclaration, unit: MutableUnit, className: string) => {
    for (const m of cls.members) {
      const memberName = staticPropertyName(m.name) ?? "constructor";
      if (ts.isMethodDeclaration(m) || ts.isConstructorDeclaration(m) || ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m)) {
        visitFunction(m, unit, `${className}.${memberName}`, "method", className);
      } else if (ts.isPropertyDeclaration(m) && m.initializer) {
        const field = newUnit(`${className}.${memberName}`, "field", unit.id, m, [], className);
        const init = unwrap(m.initializer);
        if (!(ts.isNewExpression(init) && recordNew(field, init, ["this", memberName], m.name, false))) visit(m.initializer, field, false);
      }
    }
  };

  const visit = (node: ts.Node, unit: MutableUnit, conditional: boolean): void => {
    if (ts.isFunctionDeclaration(node)) return visitFunction(node, unit, node.name?.text ?? "default", unit.kind === "module" ? "function" : "closure");
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return visitFunction(node, unit, "(function)", "closure");
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) return visitClass(node, unit, node.name?.text ?? "(class)");
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = unwrap(node.initializer);
      if (ts.isNewExpression(init) && recordNew(unit, init, [node.name.text], node.name, conditional)) return;
      if ((ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && unit.kind === "module") {
        return visitFunction(init, unit, node.name.text, "function");
      }
      const source = pathOf(init);
      if (source && !ts.isCallExpression(init)) {
        push(unit, { k: "alias", target: node.name.text, source, span: spanOf(ctx, node) }, conditional);
        return;
      }
      return visit(node.initializer, unit, conditional);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = pathOf(node.left);
      const right = unwrap(node.right);
      if (target && ts.isNewExpression(right) && recordNew(unit, right, target, node.left, conditional)) return;
    }
    if (ts.isNewExpression(node) && recordNew(unit, node, null, node.expression, conditional)) return;
    if (ts.isReturnStatement(node)) {
      const e = node.expression ? unwrap(node.expression) : undefined;
      if (e && ts.isNewExpression(e) && recordNew(unit, e, ["<return>"], e.expression, conditional)) {
        push(unit, { k: "return", source: ["<return>"], span: spanOf(ctx, node) }, conditional);
        return;
      }
      if (node.expression) visit(node.expression, unit, conditional);
      push(unit, { k: "return", source: e ? pathOf(e) : null, ...(e ? { expr: toValueExpr(ctx, e) } : {}), span: spanOf(ctx, node) }, conditional);
      return;
    }
    if (ts.isCallExpression(node)) return visitCall(node, unit, conditional);
    const branches =
      ts.isIfStatement(node) || ts.isConditionalExpression(node) || ts.isSwitchStatement(node) || ts.isTryStatement(node) ||
      ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node) ||
      (ts.isBinaryExpression(node) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind));
    ts.forEachChild(node, (child) => visit(child, unit, conditional || branches));
  };

  const visitCall = (node: ts.CallExpression, unit: MutableUnit, conditional: boolean) => {
    const callee = node.expression;
    for (const a of node.arguments) visit(a, unit, conditional);
    if (ts.isPropertyAccessExpression(callee)) {
      const receiver = pathOf(callee.expression);
      if (receiver && SDK_METHODS.has(callee.name.text)) {
        push(unit, {
          k: "call",
          receiver,
          method: callee.name.text,
          args: node.arguments.map((a) => toValueExpr(ctx, a)),
          span: spanOf(ctx, node),
          methodSpan: spanOf(ctx, callee.name),
        }, conditional);
        return;
      }
      visit(callee.expression, unit, conditional);
      if (!receiver) return;
    }
    if (ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee)) {
      push(unit, {
        k: "invoke",
        callee: toValueExpr(ctx, callee),
        args: node.arguments.map((a) => pathOf(a)),
        argExprs: node.arguments.map((a) => toValueExpr(ctx, a)),
        span: spanOf(ctx, node),
      }, conditional);
    } else {
      visit(callee, unit, conditional);
    }
  };

  const module = newUnit("<module>", "module", null, ctx.sf, []);
  for (const s of ctx.sf.statements) visit(s, module, false);
  return { units };
}
