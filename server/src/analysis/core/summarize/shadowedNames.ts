// The flow records names as written (`server.registerTool(...)` is a call on `server`). A name declared
// again in a nested block, a loop's head or a catch clause (`for (const server of others)`,
// `{ const server = new FastMCP(...) }`) is another binding than the one outside: what is done with it
// must not be taken for what is done with the outer one. Such a binding gets a name of its own in the
// flow, `server@7` (the line it is declared on); every other name is left as written.
import { SK, ts } from "../typescript";

/**
 * The flow names of the identifiers a walk meets, kept as it goes: the walk tells each scope it enters
 * (`enter`, then `leave` with what `enter` gave) and asks about an identifier while it is inside that
 * identifier's scopes. The flow's own walk does this (flowSummary.ts), so the tree is walked once; it
 * enters every scope around each name it asks about, and what a scope declares reaches only the names
 * inside it, so the scopes it skips change none of its answers.
 */
export class ScopeNames {
  /** How many scopes on the way down declare each name. */
  readonly #depth = new Map<string, number>();
  /** The flow name each name has where the walk is, when it is not the name itself. */
  #active = new Map<string, string>();
  /** Blocks that are a function's body: the function's own scope, not a nested one. */
  readonly #bodies = new Set<ts.Node>();

  constructor(private readonly sf: ts.SourceFile) {}

  /** The identifier's flow name where the walk is. */
  nameOf(id: ts.Identifier): string {
    return this.#active.size === 0 ? id.text : (this.#active.get(id.text) ?? id.text);
  }

  /** Enters the node if it is a scope declaring names: what `leave` needs after its children, else undefined. */
  enter(node: ts.Node): ScopeEntry | undefined {
    const fn = ts.isFunctionLike(node);
    // Most nodes open no scope: only these kinds are asked what they declare.
    if (!fn && !SCOPES.has(node.kind)) return undefined;
    if (fn && "body" in node && node.body) this.#bodies.add(node.body);
    const own = ownNames(node);
    if (own.size === 0) return undefined;
    const saved = this.#active;
    const inner = !fn && !ts.isSourceFile(node) && !(ts.isBlock(node) && this.#bodies.has(node));
    for (const name of own) {
      const shadows = inner && (this.#depth.get(name) ?? 0) > 0;
      if (shadows || this.#active.has(name)) {
        if (this.#active === saved) this.#active = new Map(saved);
        if (shadows) this.#active.set(name, `${name}@${this.sf.getLineAndCharacterOfPosition((declaration(node, name) ?? node).getStart(this.sf)).line + 1}`);
        else this.#active.delete(name);
      }
    }
    for (const name of own) this.#depth.set(name, (this.#depth.get(name) ?? 0) + 1);
    return { own, saved };
  }

  /** Leaves the scope `enter` entered (scopes are left in the reverse order they were entered). */
  leave(entry: ScopeEntry): void {
    for (const name of entry.own) this.#depth.set(name, this.#depth.get(name)! - 1);
    this.#active = entry.saved;
  }
}

export interface ScopeEntry {
  readonly own: ReadonlySet<string>;
  readonly saved: Map<string, string>;
}

/**
 * A resolver for the identifiers of `sf` (parsed without parent pointers), for a question asked
 * outside a walk: the tree is walked once, on the first question, and only the renamed identifiers
 * are remembered, by where they end.
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

/** Whether a node of this kind may be a scope that is not a function (a function's is entered with it). */
export function mayOpenScope(kind: ts.SyntaxKind): boolean {
  return SCOPES.has(kind);
}

function renames(sf: ts.SourceFile): Map<number, string> {
  const out = new Map<number, string>();
  const scopes = new ScopeNames(sf);
  const walk = (node: ts.Node): void => {
    // A type names no binding of the flow (its identifiers are types, or `typeof x` that runs nothing).
    if (node.kind >= SK.FirstTypeNode && node.kind <= SK.LastTypeNode) return;
    if (node.kind === SK.Identifier) {
      const name = scopes.nameOf(node as ts.Identifier);
      if (name !== (node as ts.Identifier).text) out.set(node.end, name);
      return;
    }
    const entry = scopes.enter(node);
    ts.forEachChild(node, walk);
    if (entry) scopes.leave(entry);
  };
  walk(sf);
  return out;
}

function ownNames(scope: ts.Node): ReadonlySet<string> {
  const out = new Set<string>();
  switch (scope.kind) {
    case SK.SourceFile:
    case SK.Block:
    case SK.ModuleBlock:
      statementNames((scope as ts.Block).statements, scope.kind === SK.SourceFile, out);
      break;
    case SK.CaseBlock:
      for (const c of (scope as ts.CaseBlock).clauses) statementNames(c.statements, false, out);
      break;
    case SK.ForStatement:
    case SK.ForOfStatement:
    case SK.ForInStatement: {
      const init = (scope as ts.ForStatement).initializer;
      if (init && ts.isVariableDeclarationList(init) && (init.flags & ts.NodeFlags.BlockScoped) !== 0) for (const d of init.declarations) bound(d.name, out);
      break;
    }
    case SK.CatchClause: {
      const v = (scope as ts.CatchClause).variableDeclaration;
      if (v) bound(v.name, out);
      break;
    }
    default:
      if (ts.isFunctionLike(scope)) for (const p of scope.parameters) bound(p.name, out);
  }
  return out;
}

/** What a list of statements declares: its `let`s and `const`s (every variable at the top level), functions, classes, enums and imports. */
function statementNames(statements: readonly ts.Statement[], topLevel: boolean, out: Set<string>): void {
  for (const s of statements) {
    switch (s.kind) {
      case SK.VariableStatement: {
        const list = (s as ts.VariableStatement).declarationList;
        if (topLevel || (list.flags & ts.NodeFlags.BlockScoped) !== 0) for (const d of list.declarations) bound(d.name, out);
        break;
      }
      case SK.FunctionDeclaration:
      case SK.ClassDeclaration:
      case SK.EnumDeclaration: {
        const name = (s as ts.FunctionDeclaration | ts.ClassDeclaration | ts.EnumDeclaration).name;
        if (name) out.add(name.text);
        break;
      }
      case SK.ImportDeclaration: {
        const clause = (s as ts.ImportDeclaration).importClause;
        if (clause) importNames(clause, out);
        break;
      }
    }
  }
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
