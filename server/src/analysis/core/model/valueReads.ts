// Whether a summarised expression reads any of some names: a loop over `items` is a table the source
// gives only when nothing it reads is a parameter or local of the function it runs in.
import type { ValueExpr } from "./summary";

/** True also for what the summary cannot show (functions, classes, unrepresented expressions). */
export function readsAny(expr: ValueExpr, names: ReadonlySet<string>): boolean {
  switch (expr.k) {
    case "ref":
      return names.has(expr.name);
    case "get":
      return readsAny(expr.object, names) || (expr.key.k === "computed" && readsAny(expr.key.expr, names));
    case "freeze":
      return readsAny(expr.arg, names);
    case "call":
    case "new":
      return readsAny(expr.callee, names) || expr.args.some((a) => readsAny(a, names));
    case "arr":
      return expr.items.some((i) => readsAny(i.k === "spread" ? i.expr : i, names));
    case "obj":
      return expr.entries.some((e) => (e.k === "spread" ? readsAny(e.expr, names) : readsAny(e.value, names) || (e.key.k === "computed" && readsAny(e.key.expr, names))));
    case "lit":
      return false;
    default:
      return true;
  }
}
