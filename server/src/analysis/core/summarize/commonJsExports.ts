import { ts } from "../typescript";
import type { ExportEntry } from "../model/summary";

/** Every place a file names `module.exports` or `exports` (comments and strings included: they only over-count). */
const EXPORTS_WORD = /\bmodule\s*\.\s*exports\b|(?<![.\w$])exports\b/g;

export interface CommonJsExports {
  readonly exports: Map<string, ExportEntry>;
  readonly exportEquals: boolean;
  /** Functions written in the assignment itself (`exports.a = function …`), by the local name `exports` gives them. */
  readonly functions: ReadonlyMap<string, ts.FunctionExpression | ts.ArrowFunction>;
}

/**
 * What a plain JavaScript CommonJS module exports, read as Node's own CommonJS loader and its lexer
 * for ESM importers read it: `module.exports = { a, b: c }` (properties up to the first one whose
 * value is not a name, where the lexer stops), `exports.a = a` / `module.exports.a = a` (or a
 * function written there), and `module.exports = a` (the module is `a`, like `export = a`). Only top-level statements that do
 * nothing else count, in order (a later `module.exports =` replaces what came before); when the file
 * names `module.exports` or `exports` anywhere else (in a condition, a function, a read), what it
 * exports depends on running it, and nothing is read.
 */
export function readCommonJsExports(sf: ts.SourceFile): CommonJsExports | undefined {
  if (!/\.c?js$/i.test(sf.fileName) || sf.statements.some(isModuleSyntax)) return undefined;
  const mentions = sf.text.match(EXPORTS_WORD)?.length ?? 0;
  if (mentions === 0) return undefined;
  const declaredAt = lexicalDeclarations(sf);
  let exports = new Map<string, ExportEntry>();
  const functions = new Map<string, ts.FunctionExpression | ts.ArrowFunction>();
  let exportEquals = false;
  let replaced = false;
  let handled = 0;
  // A name bound by `let`, `const` or `class` below the statement is not yet initialised (reading it
  // throws), one bound by `var` is still undefined.
  const usable = (name: string, at: ts.Statement) => (declaredAt.get(name) ?? -1) < at.pos;
  for (const s of sf.statements) {
    if (!ts.isExpressionStatement(s) || !ts.isBinaryExpression(s.expression) || s.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const { left, right } = s.expression;
    if (isModuleExports(left)) {
      exports = new Map();
      exportEquals = false;
      replaced = true;
      if (ts.isIdentifier(right)) {
        if (!usable(right.text, s)) return undefined;
        exportEquals = true;
        exports.set("default", { k: "local", local: right.text });
      } else if (ts.isObjectLiteralExpression(right)) {
        for (const p of right.properties) {
          const entry = namedProperty(p);
          if (!entry) break;
          if (!usable(entry[1], s)) return undefined;
          exports.set(entry[0], { k: "local", local: entry[1] });
        }
      } else return undefined;
      handled++;
    } else if (exportedMember(left) !== undefined) {
      const member = exportedMember(left)!;
      // After `module.exports = …`, `exports` still names the object Node no longer exports.
      if (exportEquals || (replaced && isExportsName((left as ts.PropertyAccessExpression).expression))) return undefined;
      const value = unwrapParens(right);
      if (ts.isIdentifier(value)) {
        if (!usable(value.text, s)) return undefined;
        exports.set(member, { k: "local", local: value.text });
      } else if (ts.isFunctionExpression(value) || ts.isArrowFunction(value)) {
        const local = commonJsExportLocal(member);
        functions.set(local, value);
        exports.set(member, { k: "local", local });
      } else return undefined;
      handled++;
    }
  }
  return handled === mentions ? { exports, exportEquals, functions } : undefined;
}

/** `import`, `export`: Node runs the file as an ES module, where `module` and `exports` are not defined. */
function isModuleSyntax(s: ts.Statement): boolean {
  return ts.isImportDeclaration(s) || ts.isExportDeclaration(s) || ts.isExportAssignment(s) || (ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
}

/** Where each top-level `let`, `const`, `var` and `class` is declared (only function declarations have their value before their line). */
function lexicalDeclarations(sf: ts.SourceFile): Map<string, number> {
  const at = new Map<string, number>();
  for (const s of sf.statements) {
    if (ts.isClassDeclaration(s) && s.name) at.set(s.name.text, s.pos);
    else if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) at.set(d.name.text, s.pos);
    }
  }
  return at;
}

/** `exports.a` or `module.exports.a` being assigned: `a`. */
export function exportedMember(left: ts.Expression): string | undefined {
  return ts.isPropertyAccessExpression(left) && (isModuleExports(left.expression) || isExportsName(left.expression)) ? left.name.text : undefined;
}

/** The name a function written in `exports.a = function …` goes by: no binding of the file can have it. */
export function commonJsExportLocal(member: string): string {
  return `exports.${member}`;
}

function unwrapParens(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e)) e = e.expression;
  return e;
}

function isModuleExports(e: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "module" && e.name.text === "exports";
}

function isExportsName(e: ts.Expression): boolean {
  return ts.isIdentifier(e) && e.text === "exports";
}

/** `a` or `b: c` (names, or a string key) in `module.exports = { … }`: the exported name and the local one. */
function namedProperty(p: ts.ObjectLiteralElementLike): [string, string] | undefined {
  if (ts.isShorthandPropertyAssignment(p) && !p.objectAssignmentInitializer) return [p.name.text, p.name.text];
  if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && ts.isIdentifier(p.initializer)) return [p.name.text, p.initializer.text];
  return undefined;
}
