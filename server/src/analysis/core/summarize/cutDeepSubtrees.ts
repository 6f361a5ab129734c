import { ts } from "../typescript";

/**
 * Deepest a node may sit for the summarisers and the dialects, whose walks recurse once per level (or
 * more): a file TypeScript parses cleanly can still be deeper than the stack allows them (a generated
 * 3,000-term string concatenation is a tree 3,000 levels deep).
 */
export const MAX_WALKED_DEPTH = 400;

/**
 * Cuts every subtree that starts deeper than MAX_WALKED_DEPTH: an expression becomes a name nothing
 * declares, over the same text (a value the analysis cannot know, shown as the source it stands for),
 * a statement an empty one. Iterative, so that it never needs the stack it spares. Returns how many
 * subtrees were cut (0: the tree is as parsed).
 */
export function cutDeepSubtrees(sf: ts.SourceFile): number {
  let cut = 0;
  const stack: { node: ts.Node; depth: number }[] = [{ node: sf, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => {
      children.push(child);
    });
    for (const child of children) {
      if (depth + 1 < MAX_WALKED_DEPTH) {
        stack.push({ node: child, depth: depth + 1 });
        continue;
      }
      const stand = ts.isExpression(child) ? ts.factory.createIdentifier(CUT_NAME) : ts.isStatement(child) ? ts.factory.createEmptyStatement() : undefined;
      if (stand && replaceChild(node, child, ts.setTextRange(stand, child))) cut++;
      // A node that is neither (a type, a clause) is walked on: what is below it gets cut instead.
      else stack.push({ node: child, depth: depth + 1 });
    }
  }
  return cut;
}

/** The name a cut expression becomes: one no program declares, so its value is never taken as known. */
const CUT_NAME = "__nestedTooDeeplyToFollow__";

function replaceChild(parent: ts.Node, child: ts.Node, by: ts.Node): boolean {
  const fields = parent as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (key === "parent") continue;
    const v = fields[key];
    if (v === child) fields[key] = by;
    else if (Array.isArray(v) && v.includes(child)) v[v.indexOf(child)] = by;
    else continue;
    // A tree with parent pointers keeps them right.
    if ((child as { parent?: ts.Node }).parent) (by as { parent?: ts.Node }).parent = parent;
    return true;
  }
  return false;
}

/** Whether an error is the engine running out of stack (a tree deeper than a recursive walk can go). */
export function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError && /call stack/i.test(err.message);
}
