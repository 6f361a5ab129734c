// `for (const [schema, handler] of HANDLERS) server.setRequestHandler(schema, handler)`: a handler
// whose method is not known statically may answer any of the requests its loop's table names. A
// warning that nothing answers a request must not be given for those (nor, when the table cannot be
// read, for any request).
import type { FileSummary, FlowEventEntry, ValueExpr } from "../../core/model/summary";

/** The methods the table holds schemas of, or "any" when what the handler answers cannot be bounded. */
export function tableMethods(summary: FileSummary, entry: FlowEventEntry | undefined, methodOf: (ir: ValueExpr) => string | undefined): ReadonlySet<string> | "any" {
  const loops = entry?.loops ?? [];
  if (loops.length === 0) return "any";
  const out = new Set<string>();
  for (const loop of loops) {
    // A counted loop names no table: what its handler answers is not bounded.
    if (loop.kind === "count") return "any";
    const { over } = loop;
    const decl = over.k === "ref" ? summary.decls.get(over.name) : undefined;
    if (decl?.k !== "const") return "any";
    const refs: ValueExpr[] = [];
    if (!collectRefs(decl.init, refs, 0)) return "any";
    for (const r of refs) {
      const method = methodOf(r);
      if (method) out.add(method);
    }
  }
  return out.size > 0 ? out : "any";
}

/** Every name the literal holds (items, tuples, property values); false if it holds anything else that could name a schema. */
function collectRefs(expr: ValueExpr, out: ValueExpr[], depth: number): boolean {
  if (depth > 6) return false;
  switch (expr.k) {
    case "ref":
    case "get":
      out.push(expr);
      return true;
    case "arr":
      return expr.items.every((i) => (i.k === "spread" ? false : collectRefs(i, out, depth + 1)));
    case "obj":
      return expr.entries.every((e) => (e.k === "spread" ? false : collectRefs(e.value, out, depth + 1)));
    case "freeze":
      return collectRefs(expr.arg, out, depth + 1);
    case "lit":
    case "fn":
      return true;
    default:
      return false;
  }
}
