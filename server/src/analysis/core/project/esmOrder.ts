// The modules a module's own code runs after, whatever the dialect: the order is Node's. ES modules
// evaluate every module they import statically (depth first, in the order of the imports) before
// their own body, so a module `entry` imports, and
// that does not import `entry` back (a cycle may run it later), has run its top-level code before any
// code of `entry` runs. Only imports that certainly load their module count for that: `import "./x.js"`
// and an import of a name used as a value (TypeScript drops imports only used as types). Whether a
// module may import `entry` back counts every import and re-export, types included. CommonJS output
// keeps the same order (the compiled requires run first, in the same order).
import type { Evaluator } from "../evaluate/evaluator";
import { SK, ts } from "../typescript";

/** Modules looked at beyond this: the order is not worked out (the analysis keeps what it said before). */
const MAX_MODULES = 1500;

interface ModuleImports {
  /** Imports that certainly load their module, in source order. */
  readonly certain: readonly string[];
  /** Every static import and re-export, types included. */
  readonly any: readonly string[];
}

/**
 * The workspace modules whose top-level code has run, in evaluation order, when code of `entry` runs;
 * undefined when there are too many to look at.
 */
export function evaluatedBefore(ev: Evaluator, entry: string, serves: RegExp): string[] | undefined {
  const cache = new Map<string, ModuleImports>();
  const importsOf = (file: string): ModuleImports => {
    let found = cache.get(file);
    if (!found) cache.set(file, (found = moduleImports(ev, file, file === entry ? serves : undefined)));
    return found;
  };
  const order: string[] = [];
  const visited = new Set<string>([entry]);
  let tooMany = false;
  // Post-order depth-first walk, as module evaluation goes.
  const visit = (file: string, depth: number): void => {
    if (tooMany) return;
    if (visited.size > MAX_MODULES || depth > 200) {
      tooMany = true;
      return;
    }
    for (const dep of importsOf(file).certain) {
      if (visited.has(dep)) continue;
      visited.add(dep);
      visit(dep, depth + 1);
      order.push(dep);
    }
  };
  visit(entry, 0);
  if (tooMany) return undefined;
  // A module from which `entry` may be reached is in a cycle with it: it may run after `entry`.
  const reaches = new Map<string, boolean>();
  const mayReachEntry = (file: string): boolean => {
    const stack = [file];
    const seen = new Set<string>([file]);
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (reaches.get(at) === true) return true;
      for (const dep of importsOf(at).any) {
        if (dep === entry) return true;
        if (seen.has(dep) || seen.size > MAX_MODULES) continue;
        seen.add(dep);
        stack.push(dep);
      }
    }
    return false;
  };
  const out: string[] = [];
  for (const file of order) {
    const back = mayReachEntry(file);
    reaches.set(file, back);
    if (!back) out.push(file);
  }
  return out;
}

/** `serves` (for the entry): the statement that serves the server, past which its awaited dynamic imports no longer count as before. */
function moduleImports(ev: Evaluator, file: string, serves: RegExp | undefined): ModuleImports {
  const text = ev.host.text?.(file);
  if (text === undefined) return { certain: [], any: [] };
  const sf = ts.createSourceFile(file, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, true);
  const values = valueNames(sf);
  const certain: string[] = [];
  const any: string[] = [];
  // `await import("./tools.js")` at the top level loads its module there, before the module goes on:
  // before its importers run, and, in the entry, before a later connect().
  let served = false;
  for (const st of sf.statements) {
    if (serves && !served && serves.test(text.slice(st.getStart(sf), st.end))) served = true;
    if (served) continue;
    for (const spec of awaitedImports(st)) {
      const target = ev.host.resolveModule(spec, file);
      if (target) (any.push(target), certain.push(target));
    }
  }
  for (const st of sf.statements) {
    const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : requiredBy(st);
    if (spec === undefined) continue;
    const target = ev.host.resolveModule(spec, file);
    if (!target) continue;
    any.push(target);
    if (ts.isImportDeclaration(st) && loadsForSure(st, values)) certain.push(target);
    // `import x = require("./x")`: compiled to a require() where it stands, when x is used as a value.
    else if (ts.isImportEqualsDeclaration(st) && !st.isTypeOnly && values.has(st.name.text)) certain.push(target);
    else if (ts.isExportDeclaration(st) && !st.isTypeOnly && st.exportClause === undefined) certain.push(target);
  }
  return { certain, any };
}

/**
 * The modules a top-level statement loads and waits for: `await import("x")`, `const m = await
 * import("x")`, `await Promise.all([import("a"), import("b")])`.
 */
function awaitedImports(st: ts.Statement): string[] {
  const awaited: ts.Expression[] = [];
  if (ts.isExpressionStatement(st)) awaited.push(st.expression);
  else if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) if (d.initializer) awaited.push(d.initializer);
  const out: string[] = [];
  const collect = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && n.expression.kind === SK.ImportKeyword && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0])) out.push(n.arguments[0].text);
    else if (!ts.isFunctionLike(n)) ts.forEachChild(n, collect);
  };
  for (const e of awaited) {
    let inner: ts.Expression = e;
    while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
    if (ts.isAwaitExpression(inner)) collect(inner.expression);
  }
  return out;
}

/** The module `import x = require("m")` names. */
function requiredBy(st: ts.Statement): string | undefined {
  if (!ts.isImportEqualsDeclaration(st) || !ts.isExternalModuleReference(st.moduleReference)) return undefined;
  const e = st.moduleReference.expression;
  return ts.isStringLiteral(e) ? e.text : undefined;
}

/** `import "./x.js"`, or an import one of whose names the module uses as a value. */
function loadsForSure(st: ts.ImportDeclaration, values: ReadonlySet<string>): boolean {
  const clause = st.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  if (clause.name && values.has(clause.name.text)) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return values.has(bindings.name.text);
  return bindings.elements.some((e) => !e.isTypeOnly && values.has(e.name.text));
}

/** Names the module reads as values (not in types, not property names, not in import declarations). */
function valueNames(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) || ts.isImportEqualsDeclaration(n) || ts.isTypeNode(n) || ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) return;
    if (ts.isIdentifier(n)) {
      const p = n.parent;
      // `export { x }` keeps an import only if x is a value, which is not known here.
      const propertyName = (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n) || (ts.isQualifiedName(p) && p.right === n) || ts.isExportSpecifier(p);
      if (!propertyName) out.add(n.text);
    } else if (n.kind === SK.ShorthandPropertyAssignment) {
      out.add((n as ts.ShorthandPropertyAssignment).name.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
