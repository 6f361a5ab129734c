// The flow records names as written (`server.registerTool(...)` is a call on `server`). A name declared
// again in a nested block, a loop's head or a catch clause (`for (const server of others)`,
// `{ const server = new FastMCP(...) }`) is another binding than the one outside: what is done with it
// must not be taken for what is done with the outer one. Such a binding gets a name of its own in the
// flow, `server@7` (the line it is declared on); every other name is left as written.
import { SK, ts } from "../typescript";

/**
 * A resolver for the identifiers of `sf` (parsed without parent pointers). The tree is walked once,
 * on the first question, keeping the names each enclosing scope declares; only the renamed
 * identifiers are remembered, by where they end. (A look at the text first, to skip the walk for
 * files declaring every name once, cost more than the walk: in real code most files declare some
 * name twice, and a pattern over the whole text is slower than a walk that skips the types.)
 */
export function shadowedNames(sf: ts.SourceFile): (id: ts.Identifier) => string {
  let renamed: ReadonlyMap<number, string> | undefined;
  return (id) => {
    renamed ??= renames(sf);
    return renamed.get(id.end) ?? id.text;
  };
}

/** Node kinds that may declare names of their own (function-likes aside). */
const SCOPES = new Set<ts.SyntaxKind>([SK.SourceFile, SK.Block, SK.ModuleBlock, SK.CaseBlock, SK.ForStatement, SK.ForOfStatement, SK.ForInStatement, SK.CatchClause]);

/** Declarations the flow does not walk into (flowSummary.ts), whose names it never asks about. */
const NEVER_ASKED = new Set<ts.SyntaxKind>([SK.InterfaceDeclaration, SK.TypeAliasDeclaration, SK.ImportDeclaration]);

function renames(sf: ts.SourceFile): Map<number, string> {
  const out = new Map<number, string>();
  /** How many scopes on the way down declare each name. */
  const depth = new Map<string, number>();
  /** The flow name each name has where the walk is, when it is not the name itself. */
  let active = new Map<string, string>();
  /** Blocks that are a function's body: the function's own scope, not a nested one. */
  const bodies = new Set<ts.Node>();
  const walk = (node: ts.Node): void => {
    // A type names no binding of the flow (its identifiers are types, or `typeof x` that runs nothing).
    if (node.kind >= SK.FirstTypeNode && node.kind <= SK.LastTypeNode) return;
    if (node.kind === SK.Identifier) {
      if (active.size === 0) return;
      const to = active.get((node as ts.Identifier).text);
      if (to !== undefined) out.set(node.end, to);
      return;
    }
    // Another token has no children; the flow never asks about the names of an interface, a type
    // alias or an import (what a scope declares reaches only the names inside it, so skipping these
    // changes no other name's answer).
    if (node.kind <= SK.LastToken || NEVER_ASKED.has(node.kind)) return;
    const fn = ts.isFunctionLike(node);
    // Most nodes open no scope: only these kinds are asked what they declare.
    if (!fn && !SCOPES.has(node.kind)) return void ts.forEachChild(node, walk);
    if ((fn || ts.isClassStaticBlockDeclaration(node)) && "body" in node && node.body) bodies.add(node.body);
    const own = ownNames(node);
    if (own.size === 0) return void ts.forEachChild(node, walk);
    const saved = active;
    const inner = !fn && !ts.isSourceFile(node) && !(ts.isBlock(node) && bodies.has(node));
    for (const name of own) {
      const shadows = inner && (depth.get(name) ?? 0) > 0;
      if (shadows || active.has(name)) {
        if (active === saved) active = new Map(saved);
        if (shadows) active.set(name, `${name}@${sf.getLineAndCharacterOfPosition((declaration(node, name) ?? node).getStart(sf)).line + 1}`);
        else active.delete(name);
      }
    }
    for (const name of own) depth.set(name, (depth.get(name) ?? 0) + 1);
    ts.forEachChild(node, walk);
    for (const name of own) depth.set(name, depth.get(name)! - 1);
    active = saved;
  };
  walk(sf);
  return out;
}

function ownNames(scope: ts.Node): ReadonlySet<string> {
  const out = new Set<string>();
  const statements = ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope) ? scope.statements : ts.isCaseBlock(scope) ? scope.clauses.flatMap((c) => [...c.statements]) : undefined;
  if (statements) {
    for (const s of statements) {
      if (ts.isVariableStatement(s) && (ts.isSourceFile(scope) || (s.declarationList.flags & ts.NodeFlags.BlockScoped) !== 0)) for (const d of s.declarationList.declarations) bound(d.name, out);
      else if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isEnumDeclaration(s)) && s.name) out.add(s.name.text);
      else if (ts.isImportDeclaration(s) && s.importClause) importNames(s.importClause, out);
    }
  } else if ((ts.isForStatement(scope) || ts.isForOfStatement(scope) || ts.isForInStatement(scope)) && scope.initializer && ts.isVariableDeclarationList(scope.initializer)) {
    if ((scope.initializer.flags & ts.NodeFlags.BlockScoped) !== 0) for (const d of scope.initializer.declarations) bound(d.name, out);
  } else if (ts.isCatchClause(scope) && scope.variableDeclaration) {
    bound(scope.variableDeclaration.name, out);
  } else if (ts.isFunctionLike(scope)) {
    for (const p of scope.parameters) bound(p.name, out);
  }
  return out;
}

function bound(name: ts.BindingName, out: Set<string>): void {
  if (ts.isIdentifier(name)) out.add(name.text);
  else for (const e of name.elements) if (!ts.isOmittedExpression(e)) bound(e.name, out);
}

function importNames(clause: ts.ImportClause, out: Set<string>): void {
  if (clause.name) out.add(clause.name.text);
  const b = clause.namedBindings;
  if (b && ts.isNamespaceImport(b)) out.add(b.name.text);
  else if (b) for (const e of b.elements) out.add(e.name.text);
}

/** The identifier declaring `name` among the scope's own declarations (for the line its flow name carries). */
function declaration(scope: ts.Node, name: string): ts.Identifier | undefined {
  const inBinding = (b: ts.BindingName): ts.Identifier | undefined => {
    if (ts.isIdentifier(b)) return b.text === name ? b : undefined;
    for (const e of b.elements) {
      if (ts.isOmittedExpression(e)) continue;
      const found = inBinding(e.name);
      if (found) return found;
    }
    return undefined;
  };
  const inList = (list: ts.VariableDeclarationList) => list.declarations.map((d) => inBinding(d.name)).find((x) => x !== undefined);
  if (ts.isForStatement(scope) || ts.isForOfStatement(scope) || ts.isForInStatement(scope)) return scope.initializer && ts.isVariableDeclarationList(scope.initializer) ? inList(scope.initializer) : undefined;
  if (ts.isCatchClause(scope)) return scope.variableDeclaration ? inBinding(scope.variableDeclaration.name) : undefined;
  const statements = ts.isBlock(scope) ? scope.statements : ts.isCaseBlock(scope) ? scope.clauses.flatMap((c) => [...c.statements]) : [];
  for (const st of statements) {
    const found = ts.isVariableStatement(st) ? inList(st.declarationList) : (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name?.text === name ? st.name : undefined;
    if (found) return found;
  }
  return undefined;
}
