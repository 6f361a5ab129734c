// `const ctx = { server, api }; registerTools(ctx); registerPrompts(ctx);`: a const of the file holding
// the server in a plain object literal, that nothing but member reads, plain destructuring and whole
// arguments of calls ever touches. The replay then follows the server as `ctx.server`, and each call
// given `ctx` binds the callee's parameter (see the SDK replay's holder arguments): a callee it cannot
// follow keeps the result open there. Anything else (the const exported, kept, returned, spread, a
// member written, a literal with methods whose `this` is the object) leaves the store unfollowed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { climb, nodeAt, parsedSource } from "./containerStores";
import { isPlainLiteral, mentionsOnlyAs, readsMembersOrCallArgument } from "./parameterMembers";

export interface ConstHolder {
  /** The const's name (`ctx`). */
  readonly name: string;
  /** The key the server is held under (`server`). */
  readonly key: string;
}

/** The const whose object literal holds the server written at `span` (`{ server }`, `{ mcp: server }`), when it only goes where the replay can follow. */
export function constObjectHolder(ev: Evaluator, file: string, span: Span): ConstHolder | undefined {
  const sf = parsedSource(ev, file);
  const value = sf ? nodeAt(sf, span) : undefined;
  const entry = value?.parent;
  if (!sf || !value || !entry) return undefined;
  const key = ts.isShorthandPropertyAssignment(entry) && entry.name === value ? entry.name.text : ts.isPropertyAssignment(entry) && entry.initializer === value && (ts.isIdentifier(entry.name) || ts.isStringLiteral(entry.name)) ? entry.name.text : undefined;
  const literal = entry.parent;
  if (key === undefined || !literal || !ts.isObjectLiteralExpression(literal)) return undefined;
  const decl = climb(literal).parent;
  if (!decl || !ts.isVariableDeclaration(decl) || climb(literal) !== decl.initializer || !ts.isIdentifier(decl.name)) return undefined;
  const list = decl.parent;
  if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return undefined;
  const statement = list.parent;
  if (ts.isVariableStatement(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  if (!isPlainLiteral(literal)) return undefined;
  const name = decl.name.text;
  const declared = decl.name;
  return mentionsOnlyAs(scopeOf(decl), name, (n) => n === declared || readsMembersOrCallArgument(n)) ? { name, key } : undefined;
}

/** The function (or file) the declaration's name is seen in. */
function scopeOf(decl: ts.Node): ts.Node {
  let cur = decl.parent;
  while (cur && !ts.isFunctionLike(cur) && !ts.isSourceFile(cur)) cur = cur.parent;
  return cur ?? decl;
}
