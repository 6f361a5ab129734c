// `controllers: [createCrudController("users")]`: a function of the workspace that declares a class
// and returns it makes a new class at each call, with the decorators written on it, and that class is
// what Nest gets. Such a call is applied (its parameters bound to the arguments, as for a mixin) when
// its body does nothing but declare and return; the class it gives is listed as any other. Every
// other entry stays as read without calls.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Value } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";
import { shadowsDecorator } from "./scopedClasses";

/** The `controllers` of a module's metadata (`metadata`, read in `file`), with the classes calls make. */
export function withMadeControllers(ev: Evaluator, metadata: ValueExpr, file: string, listed: Value): Value {
  if (listed.t !== "arr" || !listed.items.some((item) => item.t === "dyn")) return listed;
  const applied = ev.evaluate(metadata, ev.fileScope(file), { calls: true });
  const again = applied.t === "obj" ? applied.entries.get("controllers")?.value : undefined;
  // A spread of a call may give another number of items: nothing is matched then.
  if (again?.t !== "arr" || again.items.length !== listed.items.length) return listed;
  const items = listed.items.map((item, i) => {
    const made = again.items[i]!;
    if (item.t !== "dyn" || made.t !== "class") return item;
    if (made.cls.scope !== null && shadowsDecorator(made.cls.scope, ev.summary(made.cls.file)?.classes[made.cls.index])) return item;
    return made;
  });
  return { ...listed, items };
}
