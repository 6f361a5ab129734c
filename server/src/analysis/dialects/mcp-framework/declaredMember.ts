// `paths.root` where `paths` is a const object literal (of this module or exported by another): the
// expression its `root` was written with, and the module it is written in, where it is evaluated (its
// `import.meta.url` is that module's, its names are that module's). Only when the evaluator reads the
// object as it was declared: no module changes it afterwards, no spread hides which entry wins.
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { DYNAMIC_KEY } from "../../core/evaluate/values";
import type { ObjEntry, ValueExpr } from "../../core/model/summary";

export interface Declared {
  readonly expr: ValueExpr;
  readonly file: string;
}

/** How deep `a.b.c` may go. */
const MAX_DEPTH = 8;

/** The expression `expr` of `file` names when it is a const, or a property of a const object literal, followed to where it is written. */
export function declaredMember(ev: Evaluator, file: string, expr: ValueExpr, depth = 0): Declared | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (expr.k === "ref") {
    const found = constDeclaration(ev, file, expr.name);
    return found ? { expr: found.init, file: found.file } : undefined;
  }
  if (expr.k !== "get" || expr.key.k !== "static") return undefined;
  // The object as Node has it when it is read: the entry that wins, and where its key is written.
  const value = ev.evaluate(expr.object, ev.fileScope(file), { calls: false, importers: true });
  if (value.t !== "obj" || value.entries.has(DYNAMIC_KEY)) return undefined;
  const entry = value.entries.get(expr.key.name);
  const owner = expr.object.k === "obj" ? { expr: expr.object, file } : declaredMember(ev, file, expr.object, depth + 1);
  if (!entry || !owner || owner.file !== entry.keyLoc.file) return undefined;
  const prop = propAt(owner.expr, entry.keyLoc.span.start);
  return prop ? { expr: prop, file: owner.file } : undefined;
}

/** The value of the entry of an object literal (or of one it spreads in place) whose key is written at `start`. */
function propAt(expr: ValueExpr, start: number): ValueExpr | undefined {
  if (expr.k !== "obj") return undefined;
  for (const e of expr.entries as readonly ObjEntry[]) {
    if (e.k === "prop" && e.key.span.start === start) return e.value;
    if (e.k === "spread") {
      const inner = propAt(e.expr, start);
      if (inner) return inner;
    }
  }
  return undefined;
}
