// How many items a const array certainly holds, counted from how it is written: each element is one
// item even when its value is only known at run time (`[defineTool({...}), other]` holds two), and a
// spread adds what the spread array certainly holds (`[...navigateTools, ...(flag ? more : [])]` holds
// at least what navigateTools holds). The evaluator's values cannot tell an unknown element from an
// unknown spread, which may add nothing.
import { constDeclaration } from "./constDeclarations";
import type { Evaluator } from "./evaluator";
import type { Scope } from "./values";
import type { ValueExpr } from "../model/summary";
import { bindingOf } from "./unitScope";
import { isObjectIterator, keyCount } from "./objectKeys";
import { TABLE_EVAL } from "./tableEval";

const MAX_DEPTH = 12;

/** The items `expr` (read in `scope`) certainly holds; 0 when that is not known. */
export function certainItems(ev: Evaluator, expr: ValueExpr, scope: Scope, depth = 0): number {
  if (depth > MAX_DEPTH) return 0;
  switch (expr.k) {
    case "arr": {
      let n = 0;
      for (const item of expr.items) n += item.k === "spread" ? certainItems(ev, item.expr, scope, depth + 1) : 1;
      return n;
    }
    case "freeze":
      return certainItems(ev, expr.arg, scope, depth + 1);
    case "ref": {
      // The evaluator refuses a const the program changes or hands to a call: then nothing is certain.
      if (ev.evaluate(expr, scope, TABLE_EVAL).t !== "arr") return 0;
      const local = bindingOf(scope, expr.name);
      if (local) return "expr" in local ? certainItems(ev, local.expr, local.scope, depth + 1) : 0;
      const declared = constDeclaration(ev, scope.file, expr.name, depth);
      return declared ? certainItems(ev, declared.init, ev.fileScope(declared.file), depth + 1) : 0;
    }
    case "call":
      // `[...Object.values(consoleTools), ...]`: as many items as the object certainly has keys.
      return isObjectIterator(expr.callee) && expr.args.length === 1 ? keyCount(ev, ev.evaluate(expr.args[0]!, scope, TABLE_EVAL)) : 0;
    default:
      return 0;
  }
}
