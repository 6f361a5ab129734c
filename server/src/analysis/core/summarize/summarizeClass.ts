import { SK, ts } from "../typescript";
import type { ClassSummary, DecoratorSummary, FunctionSummary, MemberSummary, Span, ValueExpr } from "../model/summary";
import { hasModifier, leadingJsDocHasTag, spanOf, staticPropertyName, type SummaryContext } from "./context";
import { toFunctionSummary, toValueExpr } from "./valueExpr";

/** Static members whose initialiser the analysis evaluates (spec §4). */
const KEPT_STATIC_VALUES = new Set(["__capabilities__", "components", "type"]);
/** Decorators whose arguments the analysis reads. */
const KEPT_DECORATOR_ARGS = new Set(["Endpoint", "Module", "McpController"]);

export interface ClassPlacement {
  readonly topLevel: boolean;
  /** The `const`/`let` name a class expression is bound to: it names the class (spec §2). */
  readonly binding: ts.Identifier | undefined;
  /** The node whose leading JSDoc belongs to the class (the statement, for exported classes). */
  readonly jsDocHost: ts.Node;
  readonly isDefaultExport?: boolean;
}

/** Summarises a class declaration or expression, appends it to the file's classes, returns its index. */
export function summarizeClass(ctx: SummaryContext, node: ts.ClassLikeDeclaration, placement: ClassPlacement): number {
  const index = ctx.classes.length;
  // Reserve the slot first so classes nested in this one's members come after it.
  ctx.classes.push(undefined as unknown as ClassSummary);
  const ambient = ctx.ambientFile || hasModifier(node, SK.DeclareKeyword);
  const nameNode = placement.binding ?? node.name;
  const name = nameNode?.text ?? (placement.isDefaultExport ? "default" : "(anonymous)");
  const nameSpan = nameNode ? spanOf(ctx, nameNode) : classKeywordSpan(ctx, node);
  const ctorAssigned = constructorAssignedNames(node);
  const members: MemberSummary[] = [];
  for (const m of node.members) {
    const summary = summarizeMember(ctx, m, ambient, ctorAssigned);
    if (summary) members.push(summary);
  }
  for (const p of parameterProperties(node)) {
    const summary = summarizeParameterProperty(ctx, p);
    if (summary) members.push(summary);
  }
  ctx.classes[index] = {
    name,
    nameSpan,
    span: spanOf(ctx, node),
    bodyEnd: ctx.text[node.end - 1] === "}" ? node.end - 1 : node.end,
    memberIndent: memberIndent(ctx, node),
    isAbstract: hasModifier(node, SK.AbstractKeyword),
    ambient,
    topLevel: placement.topLevel,
    heritage: heritageOf(ctx, node),
    decorators: decoratorsOf(ctx, node),
    mcpServerTag: leadingJsDocHasTag(ctx, placement.jsDocHost, "mcpServer"),
    members: mergeOverloads(members),
    thisAccesses: thisAccesses(ctx, node),
  };
  return index;
}

function classKeywordSpan(ctx: SummaryContext, node: ts.ClassLikeDeclaration): Span {
  const from = node.getStart(ctx.sf);
  const at = ctx.text.slice(from, node.end).search(/\bclass\b/);
  const start = at >= 0 ? from + at : from;
  return { start, end: start + 5 };
}

function heritageOf(ctx: SummaryContext, node: ts.ClassLikeDeclaration): ValueExpr | null {
  for (const clause of node.heritageClauses ?? []) {
    if (clause.token === SK.ExtendsKeyword && clause.types[0]) return toValueExpr(ctx, clause.types[0].expression);
  }
  return null;
}

function decoratorsOf(ctx: SummaryContext, node: ts.Node, keepAllArgs = false): DecoratorSummary[] {
  const decorators = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
  if (!decorators) return [];
  return decorators.map((d) => {
    const e = d.expression;
    const callee = ts.isCallExpression(e) ? e.expression : e;
    // `import { Endpoint as EP }` … `@EP(...)`: decorators are matched by the name they are exported as.
    const written = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
    const imported = ts.isIdentifier(callee) ? ctx.imports.get(written)?.imported : undefined;
    const name = imported !== undefined && imported !== "*" && imported !== "default" ? imported : written;
    const args = ts.isCallExpression(e) && (keepAllArgs || KEPT_DECORATOR_ARGS.has(name)) ? e.arguments.map((a) => toValueExpr(ctx, a)) : [];
    // Methods' decorators (rare outside decorator frameworks) keep how they are written, to be resolved.
    if (keepAllArgs) return { name, span: spanOf(ctx, d), args, callee: toValueExpr(ctx, callee), called: ts.isCallExpression(e) };
    return { name, span: spanOf(ctx, d), args };
  });
}

function summarizeMember(
  ctx: SummaryContext,
  m: ts.ClassElement,
  ambient: boolean,
  ctorAssigned: ReadonlySet<string>,
): MemberSummary | undefined {
  // Runs for every member of every class in the workspace: plain object literals, nothing computed
  // that only one quick fix or one member name needs.
  const isMethod = ts.isMethodDeclaration(m);
  const isProperty = !isMethod && ts.isPropertyDeclaration(m);
  if (!isMethod && !isProperty && !ts.isGetAccessorDeclaration(m) && !ts.isSetAccessorDeclaration(m)) return undefined;
  const name = staticPropertyName(m.name, ctx);
  if (name === undefined) return undefined;
  const isStatic = hasModifier(m, SK.StaticKeyword);
  const isAbstract = hasModifier(m, SK.AbstractKeyword);
  const hidden = hasModifier(m, SK.PrivateKeyword) || hasModifier(m, SK.ProtectedKeyword);
  const nameSpan = spanOf(ctx, m.name);
  const keepFn = name === "__capabilities__";
  const staticInsertAt = keepFn ? staticInsertOffset(ctx, m) : -1;
  if (isMethod) {
    const hasBody = m.body !== undefined;
    // Member decorators are rare outside decorator frameworks, whose dialects read their arguments.
    const decorators = decoratorsOf(ctx, m, true);
    return {
      ...(decorators.length > 0 ? { decorators } : {}),
      name,
      nameSpan,
      kind: "method",
      isStatic,
      isAbstract,
      hidden,
      callable: !isAbstract && (hasBody || ambient),
      typeOnly: isAbstract || (!hasBody && !ambient),
      params: countParameters(m),
      value: null,
      fn: keepFn ? toFunctionSummary(ctx, m) : null,
      staticInsertAt,
    };
  }
  if (isProperty) {
    const p = m as ts.PropertyDeclaration;
    const init = p.initializer ? unwrap(p.initializer) : undefined;
    const fn = init !== undefined && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : undefined;
    const functionTyped = isFunctionType(ctx, p.type);
    const assignedInCtor = ctorAssigned.has(name);
    return {
      name,
      nameSpan,
      kind: "property",
      isStatic,
      isAbstract,
      hidden,
      callable: !isAbstract && (fn !== undefined || (functionTyped && (ambient || assignedInCtor))),
      typeOnly: isAbstract || (init === undefined && (ambient ? !functionTyped : !assignedInCtor)),
      params: fn ? countParameters(fn) : functionTypeParameters(p.type),
      // Also a `static readonly` value (`static readonly CAPABILITIES = {...}`), which code may read as `Class.NAME`.
      value: isStatic && p.initializer && (KEPT_STATIC_VALUES.has(name) || (hasModifier(m, SK.ReadonlyKeyword) && fn === undefined)) ? toValueExpr(ctx, p.initializer) : null,
      fn: keepFn && fn ? toFunctionSummary(ctx, fn) : null,
      staticInsertAt,
    };
  }
  // Accessors: never handlers; a static getter may still compute `__capabilities__`, and an instance
  // getter is what `new Config().options` reads (a dialect may follow it when it returns a literal).
  const getterFn: FunctionSummary | null = (keepFn || !isStatic) && ts.isGetAccessorDeclaration(m) ? toFunctionSummary(ctx, m) : null;
  return { name, nameSpan, kind: "accessor", isStatic, isAbstract, hidden, callable: false, typeOnly: false, params: null, value: null, fn: getterFn, staticInsertAt };
}

function summarizeParameterProperty(ctx: SummaryContext, p: ts.ParameterDeclaration): MemberSummary | undefined {
  if (!ts.isIdentifier(p.name)) return undefined;
  return {
    name: p.name.text,
    nameSpan: spanOf(ctx, p.name),
    kind: "property",
    isStatic: false,
    isAbstract: false,
    hidden: hasModifier(p, SK.PrivateKeyword) || hasModifier(p, SK.ProtectedKeyword),
    callable: isFunctionType(ctx, p.type),
    typeOnly: false,
    params: functionTypeParameters(p.type),
    value: null,
    fn: null,
    staticInsertAt: -1,
  };
}

function parameterProperties(node: ts.ClassLikeDeclaration): ts.ParameterDeclaration[] {
  const ctor = node.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && m.body !== undefined);
  if (!ctor) return [];
  return ctor.parameters.filter(
    (p) =>
      hasModifier(p, SK.PublicKeyword) ||
      hasModifier(p, SK.PrivateKeyword) ||
      hasModifier(p, SK.ProtectedKeyword) ||
      hasModifier(p, SK.ReadonlyKeyword),
  );
}

/** Declared parameters the runtime fills: not a TypeScript `this` parameter, not a rest parameter. */
function countParameters(fn: ts.SignatureDeclaration): number {
  let n = 0;
  for (const p of fn.parameters) if (!p.dotDotDotToken && !(ts.isIdentifier(p.name) && p.name.text === "this")) n++;
  return n;
}

function functionTypeParameters(type: ts.TypeNode | undefined): number | null {
  let t = type;
  while (t && ts.isParenthesizedTypeNode(t)) t = t.type;
  return t && ts.isFunctionTypeNode(t) ? countParameters(t) : null;
}

function unwrap(e: ts.Expression): ts.Expression {
  let cur = e;
  while (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isNonNullExpression(cur)) {
    cur = cur.expression;
  }
  return cur;
}

/** A type written as a function type, syntactically: `(a) => b`, `{ (a): b }`, `Function`, or a local alias of one. */
export function isFunctionType(ctx: SummaryContext, type: ts.TypeNode | undefined): boolean {
  let t = type;
  while (t && ts.isParenthesizedTypeNode(t)) t = t.type;
  if (!t) return false;
  if (ts.isFunctionTypeNode(t)) return true;
  if (ts.isTypeLiteralNode(t)) return t.members.some((m) => ts.isCallSignatureDeclaration(m));
  if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName)) {
    return t.typeName.text === "Function" || ctx.functionTypeAliases.has(t.typeName.text);
  }
  if (ts.isUnionTypeNode(t) || ts.isIntersectionTypeNode(t)) return t.types.some((x) => isFunctionType(ctx, x));
  return false;
}

/** Names assigned as `this.<name> = ...` by statements of the constructor's body. */
function constructorAssignedNames(node: ts.ClassLikeDeclaration): Set<string> {
  const names = new Set<string>();
  for (const m of node.members) {
    if (!ts.isConstructorDeclaration(m) || !m.body) continue;
    for (const s of m.body.statements) {
      if (!ts.isExpressionStatement(s) || !ts.isBinaryExpression(s.expression)) continue;
      const { left, operatorToken } = s.expression;
      if (operatorToken.kind !== SK.EqualsToken) continue;
      if (ts.isPropertyAccessExpression(left) && left.expression.kind === SK.ThisKeyword) names.add(left.name.text);
    }
  }
  return names;
}

/**
 * Where `static ` goes for the `capabilities-not-static` fix: after decorators and an accessibility
 * modifier, before `override`, `readonly` or `async` (TypeScript's required modifier order).
 */
function staticInsertOffset(ctx: SummaryContext, m: ts.ClassElement): number {
  const modifiers = ts.canHaveModifiers(m) ? ts.getModifiers(m) ?? [] : [];
  let at = m.getStart(ctx.sf);
  const decorators = ts.canHaveDecorators(m) ? ts.getDecorators(m) ?? [] : [];
  for (const d of decorators) at = Math.max(at, skipWhitespace(ctx.text, d.end));
  for (const mod of modifiers) {
    if (
      mod.kind === SK.PublicKeyword ||
      mod.kind === SK.PrivateKeyword ||
      mod.kind === SK.ProtectedKeyword ||
      mod.kind === SK.DeclareKeyword
    ) {
      at = skipWhitespace(ctx.text, mod.end);
    }
  }
  return at;
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function memberIndent(ctx: SummaryContext, node: ts.ClassLikeDeclaration): string {
  const first = node.members[0];
  if (first) return indentAt(ctx.text, first.getStart(ctx.sf));
  return `${indentAt(ctx.text, node.getStart(ctx.sf))}  `;
}

function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const m = /^[ \t]*/.exec(text.slice(lineStart, offset));
  return m ? m[0] : "";
}

/** Overloads count once: keep the implementation (or the first signature of an ambient class). */
function mergeOverloads(members: MemberSummary[]): MemberSummary[] {
  const byKey = new Map<string, number>();
  const out: MemberSummary[] = [];
  for (const m of members) {
    const key = `${m.isStatic ? "s" : "i"}:${m.name}`;
    const at = byKey.get(key);
    if (at === undefined || m.kind !== "method" || out[at]!.kind !== "method") {
      if (at === undefined) byKey.set(key, out.length);
      out.push(m);
      continue;
    }
    const kept = out[at]!;
    if (!kept.callable && m.callable) out[at] = m;
    else if (kept.typeOnly && !m.typeOnly) out[at] = m;
  }
  return out;
}

const THIS_ACCESS = /\bthis\s*(?:\?\.|\.)\s*([A-Za-z_$][\w$]*)|\bthis\s*\[\s*["'`]([A-Za-z_$][\w$]*)["'`]\s*\]/g;

/** Most distinct names kept per class: a dialect only asks whether a few names are among them. */
const MAX_THIS_ACCESSES = 512;

/**
 * Names the class uses through `this` (a dialect may treat a member the class calls itself as a
 * helper). Read from the text with a regular expression, so comments or strings can only add names.
 */
function thisAccesses(ctx: SummaryContext, node: ts.ClassLikeDeclaration): string[] {
  const body = ctx.text.slice(node.members.pos, node.members.end);
  const names = new Set<string>();
  for (const m of body.matchAll(THIS_ACCESS)) {
    const name = m[1] ?? m[2];
    if (name) names.add(name);
    if (names.size >= MAX_THIS_ACCESSES) break;
  }
  return [...names];
}
