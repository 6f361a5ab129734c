// `server`, `this.server`, `a.b` as a dotted path: how the replay names the object a method is read on.
import type { ValueExpr } from "../../core/model/summary";
import { namePath } from "../../core/model/callAsInvoke";

export function exprPath(e: ValueExpr): string | undefined {
  return namePath(e)?.join(".");
}
