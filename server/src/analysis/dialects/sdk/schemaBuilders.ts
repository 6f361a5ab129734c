// `z.string()`, `z.object({ q: z.string().min(1) })`: zod's builders make a schema from what they are
// given and throw nothing while doing so, so arguments built with them cannot throw before the call
// they are given to (caughtTry.ts leadingTryRegions). Only a name the file imports from zod itself,
// and not one the code around declares again.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import type { ts } from "../../core/typescript";
import { declaredAround } from "../../core/evaluate/loopCertainty";

/** Whether `root` names zod's namespace (or one of its exports) as the file imports it, in `unit`. */
export function zodRoot(ev: Evaluator, file: string, unit: FlowUnit): (root: ts.Identifier) => boolean {
  let hidden: ReadonlySet<string> | undefined;
  return (root) => {
    const binding = ev.summary(file)?.imports.get(root.text);
    if (!binding || !(binding.specifier === "zod" || binding.specifier.startsWith("zod/"))) return false;
    hidden ??= declaredAround(ev, file, unit);
    return !hidden.has(root.text);
  };
}
