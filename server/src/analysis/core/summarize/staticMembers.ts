// `new this()` in a static member of a class makes an instance of that class (or of the subclass the
// member is called on): which class a static member belongs to, for the flow summary and the dialects.
import { SK, ts } from "../typescript";

/**
 * The top-level class whose static method (or static field, or static block) `n` is written in, not
 * inside a function of its own `this`. Found by position, so it works on a parse without parent pointers.
 */
export function staticMemberClass(sf: ts.SourceFile, n: ts.Node): ts.ClassDeclaration | undefined {
  const inside = (outer: ts.Node) => outer.pos <= n.pos && n.end <= outer.end;
  const cls = sf.statements.find((st): st is ts.ClassDeclaration => ts.isClassDeclaration(st) && inside(st));
  const member = cls?.members.find(inside);
  if (!cls || !member) return undefined;
  const isStatic = ts.isClassStaticBlockDeclaration(member) || (ts.canHaveModifiers(member) && (ts.getModifiers(member)?.some((m) => m.kind === SK.StaticKeyword) ?? false));
  if (!isStatic) return undefined;
  // A `function` (not an arrow) between the member and `n` has a `this` of its own.
  let ownThis = false;
  const walk = (node: ts.Node): void => {
    if (ownThis || node === n || !inside(node)) return;
    if (node !== member && (ts.isFunctionLike(node) || ts.isClassLike(node)) && !ts.isArrowFunction(node)) {
      ownThis = true;
      return;
    }
    ts.forEachChild(node, walk);
  };
  ts.forEachChild(member, walk);
  return ownThis ? undefined : cls;
}
