// `server`, `this.server`, `a.b` as a dotted path: how the replay names the object a method is read on.
import type { ValueExpr } from "../../core/model/summary";

export function exprPath(e: ValueExpr): string | undefined {
  if (e.k === "ref") return e.name;
  if (e.k === "dyn" && e.text === "this") return "this";
  if (e.k === "get" && e.key.k === "static") {
    const head = exprPath(e.object);
    return head === undefined ? undefined : `${head}.${e.key.name}`;
  }
  return undefined;
}
