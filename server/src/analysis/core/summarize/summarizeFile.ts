import { SK, ts } from "../typescript";
import type { AmbientModuleSummary, ExportEntry, FileSummary, ImportBinding, TopLevelDecl } from "../model/summary";
import { hasModifier, spanOf, type SummaryContext } from "./context";
import { firstParseError, isDeclarationFileName, lineStartsOf, parseErrorCount } from "./parseFile";
import { summarizeClass } from "./summarizeClass";
import { summarizeNestedClasses } from "./nestedClasses";
import { summarizeFlow, type FlowSpec } from "./flowSummary";
import { neverReassigned } from "./neverReassigned";
import { readCommonJsExports } from "./commonJsExports";
import { toFunctionSummary, toValueExpr } from "./valueExpr";
import { readTopWrites } from "./topWrites";
import { readGuardedTopWrites } from "./objectWrites";

/**
 * Reads a parsed file's top level into a `FileSummary`: its imports and exports, its top-level
 * bindings (constants, functions, enums, classes) and every class with its members. The AST is not
 * referenced by the result.
 */
/**
 * `deferExtendsOnly` is asked only for a file that would get a flow for nothing but a class extending
 * an imported class; when it says yes, the flow is left out and the summary says so (`flowDeferred`).
 */
export function summarizeFile(sf: ts.SourceFile, version: number, flowSpec?: FlowSpec, deferExtendsOnly?: () => boolean): FileSummary {
  const imports = new Map<string, ImportBinding>();
  const stringConsts = new Map<string, string>();
  const ctx: SummaryContext = {
    sf,
    text: sf.text,
    ambientFile: isDeclarationFileName(sf.fileName),
    classes: [],
    functionTypeAliases: collectFunctionTypeAliases(sf),
    imports,
    stringConsts,
  };
  // Imports first (they are hoisted): a class above its file's last import still sees every alias.
  // String consts too, which computed member names may use before their line.
  for (const s of sf.statements) {
    if (ts.isVariableStatement(s)) readRequires(ctx, s, imports);
    if (ts.isVariableStatement(s) && (s.declarationList.flags & ts.NodeFlags.Const) !== 0) {
      for (const d of s.declarationList.declarations) {
        const init = d.initializer && unwrapConstAssertion(d.initializer);
        if (ts.isIdentifier(d.name) && init && (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init))) stringConsts.set(d.name.text, init.text);
      }
    } else if (ts.isImportDeclaration(s)) {
      readImport(ctx, s, imports);
    } else if (ts.isImportEqualsDeclaration(s)) {
      const ref = s.moduleReference;
      if (ts.isExternalModuleReference(ref) && ts.isStringLiteral(ref.expression)) {
        imports.set(s.name.text, { specifier: ref.expression.text, imported: "*", span: spanOf(ctx, s) });
      }
    }
  }
  // After every import is known: top-level consts that only rename an import (`const Srv = McpServer`,
  // `const { McpServer } = sdk` of `import * as sdk`, `const Srv = sdk.McpServer`) are that import too.
  for (const s of sf.statements) if (ts.isVariableStatement(s) && (s.declarationList.flags & ts.NodeFlags.Const) !== 0) readImportAliases(ctx, s, imports);
  const top = readScope(ctx, sf.statements, false);
  // A declaration file's ambient modules (`declare module "x" { … }`) and globals: a script (no
  // import or export) declares everything globally, a module only in `declare global { … }`.
  const ambientModules = new Map<string, AmbientModuleSummary>();
  let globals: ReadonlyMap<string, TopLevelDecl> | undefined;
  if (ctx.ambientFile) {
    const isModule = imports.size > 0 || top.exports.size > 0 || top.starExports.length > 0 || sf.statements.some((s) => ts.isExportAssignment(s));
    if (!isModule) globals = top.decls;
    for (const s of sf.statements) {
      if (!ts.isModuleDeclaration(s) || !s.body || !ts.isModuleBlock(s.body)) continue;
      if (ts.isStringLiteral(s.name)) ambientModules.set(s.name.text, readScope(ctx, s.body.statements, true));
      else if ((s.flags & ts.NodeFlags.GlobalAugmentation) !== 0) {
        globals = new Map([...(globals ?? []), ...readScope(ctx, s.body.statements, true).decls]);
      }
    }
  }
  // A plain JavaScript file without import or export may be CommonJS, exporting by assignment.
  const commonJs = readCommonJsExports(sf);
  const { starExports } = top;
  let decls = top.decls;
  if (commonJs && commonJs.functions.size > 0) {
    const all = new Map(decls);
    for (const [local, fn] of commonJs.functions) all.set(local, { k: "function", fn: toFunctionSummary(ctx, fn), span: spanOf(ctx, fn) });
    decls = all;
  }
  const exports = commonJs?.exports ?? top.exports;
  const exportEquals = commonJs?.exportEquals || top.exportEquals;
  summarizeNestedClasses(ctx, sf);

  const flow = flowSpec ? summarizeFlow(ctx, imports, flowSpec, deferExtendsOnly) : undefined;
  const topWrites = ctx.ambientFile ? undefined : readTopWrites(ctx, sf.statements);
  const guardedWrites = ctx.ambientFile ? undefined : readGuardedTopWrites(ctx, sf.statements);
  return {
    fileName: sf.fileName,
    version,
    lineStarts: lineStartsOf(sf),
    textLength: sf.text.length,
    isDeclarationFile: ctx.ambientFile,
    parseErrors: parseErrorCount(sf),
    ...(parseErrorCount(sf) > 0 ? { firstParseError: firstParseError(sf)! } : {}),
    decls,
    imports,
    exports,
    starExports,
    ...(exportEquals ? { exportEquals } : {}),
    classes: ctx.classes,
    ...(flow === "deferred" ? { flowDeferred: true as const } : flow ? { flow } : {}),
    ...(ambientModules.size > 0 ? { ambientModules } : {}),
    ...(globals && globals.size > 0 ? { globals } : {}),
    ...(topWrites ? { topWrites } : {}),
    ...(guardedWrites ? { guardedWrites } : {}),
  };
}


/**
 * The declarations of a statement list (a file's top level, or the block of an ambient module), with
 * what it exports. In an ambient module every declaration is exported, `export` written or not.
 */
function readScope(ctx: SummaryContext, statements: ts.NodeArray<ts.Statement>, ambientModule: boolean): AmbientModuleSummary {
  const decls = new Map<string, TopLevelDecl>();
  const exports = new Map<string, ExportEntry>();
  const starExports: string[] = [];
  let exportEquals = false;

  const exportLocal = (node: ts.Node, name: string) => {
    if (ambientModule && !hasModifier(node, SK.DefaultKeyword)) exports.set(name, { k: "local", local: name });
    if (!hasModifier(node, SK.ExportKeyword)) return;
    exports.set(hasModifier(node, SK.DefaultKeyword) ? "default" : name, { k: "local", local: name });
  };

  // A top-level `let` nothing assigns again is read as its value (see neverReassigned).
  const stableLets = ambientModule ? new Set<string>() : neverReassigned(ctx.sf, topLevelLets(statements));
  for (const s of statements) {
    if (ts.isImportDeclaration(s) || ts.isImportEqualsDeclaration(s)) {
      continue;
    } else if (ts.isExportDeclaration(s)) {
      readExport(s, exports, starExports);
    } else if (ts.isExportAssignment(s)) {
      // `export = value`: the module is the value; importers of the whole module get it (exportEquals).
      if (s.isExportEquals) exportEquals = true;
      const e = s.expression;
      if (ts.isIdentifier(e)) exports.set("default", { k: "local", local: e.text });
      else {
        decls.set("default", declForInitializer(ctx, e, undefined, s, true));
        exports.set("default", { k: "local", local: "default" });
      }
    } else if (ts.isClassDeclaration(s)) {
      const isDefault = hasModifier(s, SK.DefaultKeyword);
      const name = s.name?.text ?? "default";
      const classIndex = summarizeClass(ctx, s, { topLevel: !ambientModule, binding: undefined, jsDocHost: s, isDefaultExport: isDefault });
      decls.set(name, { k: "class", classIndex });
      exportLocal(s, name);
    } else if (ts.isFunctionDeclaration(s)) {
      const name = s.name?.text ?? "default";
      const existing = decls.get(name);
      // Overload signatures come first; the implementation (with a body) wins.
      if (existing?.k === "function" && !s.body) continue;
      decls.set(name, { k: "function", fn: toFunctionSummary(ctx, s), span: spanOf(ctx, s) });
      exportLocal(s, name);
    } else if (ts.isVariableStatement(s)) {
      const isConst = (s.declarationList.flags & ts.NodeFlags.Const) !== 0 && !hasModifier(s, SK.DeclareKeyword);
      for (const d of s.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || (d.initializer && requiredSpecifier(d.initializer) !== undefined)) continue;
        const name = d.name.text;
        decls.set(
          name,
          d.initializer ? withStableValue(declForInitializer(ctx, d.initializer, d.name, s, isConst), stableLets.has(name) ? d.initializer : undefined, ctx) : { k: "mutable", span: spanOf(ctx, d) },
        );
        exportLocal(s, name);
      }
    } else if (ts.isEnumDeclaration(s)) {
      decls.set(s.name.text, { k: "enum", members: enumMembers(s), span: spanOf(ctx, s) });
      exportLocal(s, s.name.text);
    }
  }
  return { decls, exports, starExports, ...(exportEquals ? { exportEquals: true as const } : {}) };
}

/** The names the top-level `let` statements declare with a value (plain names, not patterns). */
function topLevelLets(statements: ts.NodeArray<ts.Statement>): Set<string> {
  const names = new Set<string>();
  for (const s of statements) {
    if (!ts.isVariableStatement(s) || (s.declarationList.flags & ts.NodeFlags.Let) === 0 || hasModifier(s, SK.DeclareKeyword)) continue;
    for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) names.add(d.name.text);
  }
  return names;
}

/** A `let`'s declaration, with the value it holds for good when nothing assigns it again. */
function withStableValue(decl: TopLevelDecl, stableInit: ts.Expression | undefined, ctx: SummaryContext): TopLevelDecl {
  if (decl.k !== "mutable" || !stableInit) return decl;
  const stable = declForInitializer(ctx, stableInit, undefined, stableInit, true);
  return stable.k === "const" || stable.k === "function" ? { ...decl, stable } : decl;
}

function declForInitializer(
  ctx: SummaryContext,
  init: ts.Expression,
  binding: ts.Identifier | undefined,
  statement: ts.Node,
  isConst: boolean,
): TopLevelDecl {
  let e = init;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  // A class expression bound to a name is a class of that name (spec §2), `let` included.
  if (ts.isClassExpression(e)) {
    const classIndex = summarizeClass(ctx, e, { topLevel: true, binding, jsDocHost: statement, isDefaultExport: binding === undefined });
    return { k: "class", classIndex };
  }
  if (!isConst) return { k: "mutable", span: spanOf(ctx, init) };
  if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return { k: "function", fn: toFunctionSummary(ctx, e), span: spanOf(ctx, e) };
  return { k: "const", init: toValueExpr(ctx, init), span: spanOf(ctx, init) };
}

function readImport(ctx: SummaryContext, s: ts.ImportDeclaration, imports: Map<string, ImportBinding>): void {
  if (!ts.isStringLiteral(s.moduleSpecifier) || !s.importClause) return;
  const specifier = s.moduleSpecifier.text;
  const clause = s.importClause;
  const span = spanOf(ctx, s);
  if (clause.name) imports.set(clause.name.text, { specifier, imported: "default", span });
  const bindings = clause.namedBindings;
  if (!bindings) return;
  if (ts.isNamespaceImport(bindings)) {
    imports.set(bindings.name.text, { specifier, imported: "*", span });
  } else {
    for (const el of bindings.elements) {
      const imported = el.propertyName ? moduleExportName(el.propertyName) : el.name.text;
      imports.set(el.name.text, { specifier, imported, span: spanOf(ctx, el) });
    }
  }
}

/**
 * `const { McpServer } = require("…")`, `const sdk = require("…")`, `const McpServer =
 * require("…").McpServer` (also through `createRequire(import.meta.url)`): CommonJS imports, bound
 * like the `import` declarations they stand for.
 */
function readRequires(ctx: SummaryContext, s: ts.VariableStatement, imports: Map<string, ImportBinding>): void {
  for (const d of s.declarationList.declarations) {
    let init = d.initializer && unwrapConstAssertion(d.initializer);
    let member: string | undefined;
    if (init && ts.isPropertyAccessExpression(init) && ts.isIdentifier(init.name)) {
      member = init.name.text;
      init = init.expression;
    }
    const specifier = init && requiredSpecifier(init);
    if (specifier === undefined) continue;
    const span = spanOf(ctx, d);
    if (ts.isIdentifier(d.name)) imports.set(d.name.text, { specifier, imported: member ?? "*", span });
    else if (ts.isObjectBindingPattern(d.name) && member === undefined) {
      for (const el of d.name.elements) {
        if (el.dotDotDotToken || !ts.isIdentifier(el.name)) continue;
        const imported = el.propertyName === undefined ? el.name.text : ts.isIdentifier(el.propertyName) || ts.isStringLiteral(el.propertyName) ? el.propertyName.text : undefined;
        if (imported !== undefined) imports.set(el.name.text, { specifier, imported, span: spanOf(ctx, el) });
      }
    }
  }
}

function readImportAliases(ctx: SummaryContext, s: ts.VariableStatement, imports: Map<string, ImportBinding>): void {
  for (const d of s.declarationList.declarations) {
    const init = d.initializer && unwrapConstAssertion(d.initializer);
    if (!init) continue;
    if (ts.isIdentifier(d.name)) {
      if (imports.has(d.name.text)) continue;
      const aliased = ts.isIdentifier(init) ? imports.get(init.text) : undefined;
      const member = ts.isPropertyAccessExpression(init) && ts.isIdentifier(init.expression) && ts.isIdentifier(init.name) ? imports.get(init.expression.text) : undefined;
      if (aliased) imports.set(d.name.text, { ...aliased, span: spanOf(ctx, d) });
      else if (member?.imported === "*") imports.set(d.name.text, { specifier: member.specifier, imported: (init as ts.PropertyAccessExpression).name.text, span: spanOf(ctx, d) });
    } else if (ts.isObjectBindingPattern(d.name) && ts.isIdentifier(init) && imports.get(init.text)?.imported === "*") {
      const specifier = imports.get(init.text)!.specifier;
      for (const el of d.name.elements) {
        if (el.dotDotDotToken || !ts.isIdentifier(el.name) || imports.has(el.name.text)) continue;
        const imported = el.propertyName === undefined ? el.name.text : ts.isIdentifier(el.propertyName) ? el.propertyName.text : undefined;
        if (imported !== undefined) imports.set(el.name.text, { specifier, imported, span: spanOf(ctx, el) });
      }
    }
  }
}

/** The module of `require("x")` or `createRequire(…)("x")` (through parentheses and `as`). */
function requiredSpecifier(expr: ts.Expression): string | undefined {
  let e = expr;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  if (!ts.isCallExpression(e) || e.arguments.length !== 1) return undefined;
  const arg = e.arguments[0]!;
  if (!ts.isStringLiteral(arg) && !ts.isNoSubstitutionTemplateLiteral(arg)) return undefined;
  const callee = e.expression;
  const isRequire = ts.isIdentifier(callee) ? callee.text === "require" : ts.isCallExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === "createRequire";
  return isRequire ? arg.text : undefined;
}

function readExport(s: ts.ExportDeclaration, exports: Map<string, ExportEntry>, starExports: string[]): void {
  const specifier = s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? s.moduleSpecifier.text : undefined;
  const clause = s.exportClause;
  if (!clause) {
    if (specifier !== undefined) starExports.push(specifier);
    return;
  }
  if (ts.isNamespaceExport(clause)) {
    if (specifier !== undefined) exports.set(moduleExportName(clause.name), { k: "namespace", specifier });
    return;
  }
  for (const el of clause.elements) {
    const exported = moduleExportName(el.name);
    const inner = el.propertyName ? moduleExportName(el.propertyName) : exported;
    exports.set(exported, specifier !== undefined ? { k: "from", specifier, imported: inner } : { k: "local", local: inner });
  }
}

function moduleExportName(name: ts.ModuleExportName): string {
  return name.text;
}

function enumMembers(s: ts.EnumDeclaration): Map<string, string | number | null> {
  const members = new Map<string, string | number | null>();
  let next: number | null = 0;
  for (const m of s.members) {
    const name = ts.isIdentifier(m.name) || ts.isStringLiteral(m.name) ? m.name.text : undefined;
    if (name === undefined) continue;
    let value: string | number | null = null;
    const init = m.initializer;
    if (!init) value = next;
    else if (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) value = init.text;
    else if (ts.isNumericLiteral(init)) value = Number(init.text);
    else if (ts.isPrefixUnaryExpression(init) && init.operator === SK.MinusToken && ts.isNumericLiteral(init.operand)) {
      value = -Number(init.operand.text);
    }
    members.set(name, value);
    next = typeof value === "number" ? value + 1 : null;
  }
  return members;
}

function collectFunctionTypeAliases(sf: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const s of sf.statements) {
    if (!ts.isTypeAliasDeclaration(s)) continue;
    let t: ts.TypeNode = s.type;
    while (ts.isParenthesizedTypeNode(t)) t = t.type;
    if (ts.isFunctionTypeNode(t) || (ts.isTypeLiteralNode(t) && t.members.some((m) => ts.isCallSignatureDeclaration(m)))) {
      names.add(s.name.text);
    }
  }
  return names;
}

/** `"x" as const`, `("x")`, `"x" satisfies string`: the literal inside. */
function unwrapConstAssertion(e: ts.Expression): ts.Expression {
  let cur = e;
  while (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur)) cur = cur.expression;
  return cur;
}
