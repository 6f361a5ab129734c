// Where a `new X(...)` of a server class puts its value: a declaration (and the block it is scoped
// to), or, when it is bound to no name, what it is given to. A server whose value goes somewhere the
// flow does not follow must not lose its registrations silently: the dialect says so.
import { SK, ts } from "../typescript";

const WRAPPERS: ReadonlySet<ts.SyntaxKind> = new Set([
  SK.ParenthesizedExpression, SK.AsExpression, SK.SatisfiesExpression, SK.NonNullExpression, SK.AwaitExpression, SK.TypeAssertionExpression,
]);

/**
 * The nodes from the file down to `node` (files are parsed without parent pointers, to keep parsing
 * cheap: the few constructions that need their surroundings find them from the top).
 */
function ancestorsOf(sf: ts.SourceFile, node: ts.Node): ts.Node[] {
  const chain: ts.Node[] = [sf];
  let cur: ts.Node = sf;
  for (let hops = 0; cur !== node && hops < 500; hops++) {
    const next: ts.Node | undefined = ts.forEachChild(cur, (c) => (c.pos <= node.pos && node.end <= c.end ? c : undefined));
    if (!next) break;
    chain.push(next);
    cur = next;
  }
  return chain;
}

/** The expression around `node` once parentheses, casts and `await` are left behind, and the node it holds. */
function outerUse(sf: ts.SourceFile, node: ts.Node): { parent: ts.Node | undefined; child: ts.Node; grand: ts.Node | undefined } {
  const chain = ancestorsOf(sf, node);
  let i = chain.length - 1;
  while (i > 0 && WRAPPERS.has(chain[i - 1]!.kind)) i--;
  return { parent: chain[i - 1], child: chain[i]!, grand: chain[i - 2] };
}

/**
 * For a construction bound to no name: where its value goes, said for people, or undefined when no
 * other code can reach it (a statement of its own, `void`, `new X(...).connect(t)`).
 */
export function lostPlacement(n: ts.NewExpression, sf: ts.SourceFile): string | undefined {
  const { parent, child, grand } = outerUse(sf, n);
  if (!parent) return undefined;
  if (ts.isExpressionStatement(parent) || ts.isVoidExpression(parent)) return undefined;
  // `new McpServer(...).connect(t)`: connect returns a promise, nothing else can reach the server.
  if (ts.isPropertyAccessExpression(parent) && parent.expression === child) {
    return parent.name.text === "connect" && grand !== undefined && ts.isCallExpression(grand) && grand.expression === parent ? undefined : `used as new ${parent.name.text}(...) receiver`;
  }
  if (ts.isCallExpression(parent) && parent.arguments.includes(child as ts.Expression)) return `passed to ${shortText(parent.expression, sf)}()`;
  if (ts.isNewExpression(parent)) return `given to new ${shortText(parent.expression, sf)}()`;
  if (ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) return "stored in an object";
  if (ts.isArrayLiteralExpression(parent)) return "stored in an array";
  // `export default new McpServer(...)`: the dialect follows the module's importers.
  if (ts.isExportAssignment(parent)) return undefined;
  if (ts.isConditionalExpression(parent)) return "one of two values of a conditional expression";
  return "used in an expression";
}

/**
 * For `const x = new X()` / `let x = ...` written in a nested block (not a function's body, not the
 * top level): where the block ends. A `var`, or a declaration at the top of its function, is the
 * function's for its whole body: undefined.
 */
export function blockScopeEnd(d: ts.VariableDeclaration, sf: ts.SourceFile): number | undefined {
  const chain = ancestorsOf(sf, d);
  const at = (k: number) => chain[chain.length - 1 - k];
  const list = at(1);
  if (!list || !ts.isVariableDeclarationList(list) || !(list.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let))) return undefined;
  const holder = at(2);
  if (!holder) return undefined;
  if (ts.isForStatement(holder) || ts.isForOfStatement(holder) || ts.isForInStatement(holder)) return holder.end;
  const block = at(3);
  if (!block || ts.isSourceFile(block)) return undefined;
  const around = at(4);
  if (ts.isBlock(block) && around && ts.isFunctionLike(around)) return undefined;
  if ((ts.isCaseClause(block) || ts.isDefaultClause(block)) && around) return around.end;
  return block.end;
}

function shortText(e: ts.Node, sf: ts.SourceFile): string {
  return e.getText(sf).replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, " ").slice(0, 40);
}
