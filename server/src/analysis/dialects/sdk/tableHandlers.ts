// `for (const [schema, handler] of HANDLERS) server.setRequestHandler(schema, handler)`: a handler
// whose method is not known statically may answer any of the requests its loop's table names. A
// warning that nothing answers a request must not be given for those (nor, when the table cannot be
// read, for any request).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FileSummary, FlowEventEntry, Span, ValueExpr } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import { arrayItemsOf } from "../../core/evaluate/returnedCollections";
import { SDK_EVAL } from "./sdkEval";

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

/**
 * `for (const [schema, handler] of HANDLERS) server.setRequestHandler(schema, handler)` where the loop
 * is the call's only one and HANDLERS a const array of tuples, each naming its schema where the
 * pattern puts `schema` (the table may be imported): the methods, item by item, in order. Undefined when any of that is not so
 * (then the handler's method stays unknown).
 */
export function tableSchemasInOrder(ev: Evaluator, file: string, entry: FlowEventEntry | undefined, call: Span, schema: ValueExpr | undefined, methodOf: (ir: ValueExpr, file: string) => string | undefined): string[] | undefined {
  const loop = entry?.loops?.length === 1 ? entry.loops[0] : undefined;
  if (loop?.kind !== "of" || schema?.k !== "ref") return undefined;
  const index = patternIndex(ev, file, call, schema.name);
  if (index === undefined) return undefined;
  // The evaluator refuses a table the program changes or hands to a call.
  const scope = ev.fileScope(file);
  if (ev.evaluate(loop.over, scope, SDK_EVAL).t !== "arr") return undefined;
  const items = arrayItemsOf(ev, loop.over, scope, 0);
  if (!items || items.length === 0 || items.length > 50) return undefined;
  const out: string[] = [];
  for (const { expr, scope: at } of items) {
    const tuple = expr.k === "freeze" ? expr.arg : expr;
    const named = tuple.k === "arr" ? tuple.items[index] : undefined;
    // An item names its schema in the file the table is written in (an imported table: its own imports).
    const method = named && named.k !== "spread" ? methodOf(named, at.file) : undefined;
    if (!method) return undefined;
    out.push(method);
  }
  return out;
}

/** Where `name` sits in the array pattern of the `for…of` around the call at `call` (`[schema, handler]`: 0). */
function patternIndex(ev: Evaluator, file: string, call: Span, name: string): number | undefined {
  const sf = parsedSource(ev, file);
  let node: ts.Node | undefined = sf ? nodeAt(sf, call) : undefined;
  while (node && !ts.isForOfStatement(node) && !ts.isFunctionLike(node)) node = node.parent;
  if (!node || !ts.isForOfStatement(node) || !ts.isVariableDeclarationList(node.initializer)) return undefined;
  const pattern = node.initializer.declarations[0]?.name;
  if (!pattern || !ts.isArrayBindingPattern(pattern)) return undefined;
  const at = pattern.elements.findIndex((el) => ts.isBindingElement(el) && !el.dotDotDotToken && ts.isIdentifier(el.name) && el.name.text === name);
  return at >= 0 ? at : undefined;
}
