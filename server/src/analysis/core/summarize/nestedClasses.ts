// Classes declared below a file's top level — in a namespace, a function, a block, a method — and
// class expressions bound to a `const`/`let` there are classes like the top level's: spec §2 names no
// place, and a class in `namespace Servers { … }` is as much a server as one beside it. The walk runs
// only when the text holds more `class` keywords than the classes summarised already.
import { SK, ts } from "../typescript";
import { hasModifier, type SummaryContext } from "./context";
import { summarizeClass } from "./summarizeClass";

const CLASS_KEYWORD = /\bclass\b/g;

/** Summarises (as classes the report may list) every class declared or bound below the top level. */
export function summarizeNestedClasses(ctx: SummaryContext, sf: ts.SourceFile): void {
  if (ctx.ambientFile || !moreKeywordsThan(sf.text, ctx.classes.length)) return;
  const inside = (node: ts.Node) => ts.forEachChild(node, visit);
  const visit = (node: ts.Node): void => {
    // `declare module "x" { … }` and `declare global { … }` describe code elsewhere.
    if (ts.isModuleDeclaration(node) && (ts.isStringLiteral(node.name) || (node.flags & ts.NodeFlags.GlobalAugmentation) !== 0 || hasModifier(node, SK.DeclareKeyword))) return;
    if (ts.isClassDeclaration(node) && node.name && !hasModifier(node, SK.DeclareKeyword)) {
      summarizeClass(ctx, node, { topLevel: true, binding: undefined, jsDocHost: node });
      return inside(node);
    }
    if (ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) {
        const e = d.initializer && unwrap(d.initializer);
        if (e && ts.isClassExpression(e) && ts.isIdentifier(d.name)) {
          summarizeClass(ctx, e, { topLevel: true, binding: d.name, jsDocHost: node });
          inside(e);
        } else inside(d);
      }
      return;
    }
    inside(node);
  };
  // The top level's own classes are summarised already: only what they hold is looked at.
  for (const s of sf.statements) {
    if (ts.isClassDeclaration(s)) inside(s);
    else if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) {
        const e = d.initializer && unwrap(d.initializer);
        inside(e && ts.isClassExpression(e) ? e : d);
      }
    } else if (ts.isExportAssignment(s) && ts.isClassExpression(unwrap(s.expression))) inside(unwrap(s.expression));
    else visit(s);
  }
}

/** Whether the text holds more than `n` `class` keywords (counting stops there). */
function moreKeywordsThan(text: string, n: number): boolean {
  CLASS_KEYWORD.lastIndex = 0;
  let seen = 0;
  while (CLASS_KEYWORD.exec(text) !== null) if (++seen > n) return true;
  return false;
}

function unwrap(e: ts.Expression): ts.Expression {
  let cur = e;
  while (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur)) cur = cur.expression;
  return cur;
}
