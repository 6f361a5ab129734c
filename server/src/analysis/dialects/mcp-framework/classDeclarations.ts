// A class's declaration in a parsed file, found by where the summary says it starts.
import { ts } from "../../core/typescript";

/** The class (declaration or expression) starting at `start`, or whose name does. */
export function findClass(sf: ts.SourceFile, start: number): ts.ClassLikeDeclaration | undefined {
  let found: ts.ClassLikeDeclaration | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.end < start || n.pos > start) return;
    if (ts.isClassLike(n) && (n.getStart(sf) === start || n.name?.getStart(sf) === start)) found = n;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
