// How many keys an object certainly has, for loops over `Object.keys`/`Object.values`/`Object.entries`
// of it: an object literal's own keys, an enum's members, a module namespace's exported values.
import type { Evaluator } from "./evaluator";
import { DYNAMIC_KEY, type Value } from "./values";
import type { ValueExpr } from "../model/summary";
import { isNamespaceImportValue, TYPE_ONLY_STAR_EXPORT } from "../model/namespaceExports";

/** `Object.entries(X)`, `Object.keys(X)`, `Object.values(X)`: as many items as X has keys. */
const OBJECT_ITERATORS = new Set(["entries", "keys", "values"]);

export function isObjectIterator(callee: ValueExpr): boolean {
  return callee.k === "get" && callee.object.k === "ref" && callee.object.name === "Object" && callee.key.k === "static" && OBJECT_ITERATORS.has(callee.key.name);
}

/** Keys an object certainly has (a dynamic spread may only add more); a module namespace: 1 when it exports a value. */
export function keyCount(ev: Evaluator, v: Value): number {
  if (v.t === "ns") return exportsValue(ev, v.file, 0) ? 1 : 0;
  // `Object.values(ToolName)` of an enum: one item per member at least (a numeric one adds its reverse
  // mapping). Only when every member's value is known and distinct: two members of one value would
  // register one name twice, which the loop's items are not read for.
  if (v.t === "enum") {
    const values = [...v.members.values()];
    return values.every((x) => x !== null) && new Set(values).size === values.length ? values.length : 0;
  }
  if (v.t !== "obj") return 0;
  let n = 0;
  for (const k of v.entries.keys()) if (k !== DYNAMIC_KEY) n++;
  return n;
}

/**
 * Whether a module exports at least one value at run time (`import * as tools` then
 * `Object.values(tools)`): a declaration of its own, one it re-exports, or a module namespace. Types leave no trace, so
 * only declarations the summary holds (consts, functions, classes, enums) count.
 */
function exportsValue(ev: Evaluator, file: string, depth: number): boolean {
  const summary = ev.summary(file);
  if (!summary || depth > 6) return false;
  const text = ev.host.text?.(file);
  for (const [name, entry] of summary.exports) {
    if (entry.k === "local" && summary.decls.has(entry.local)) return true;
    // `export * as time from "./time"`: a namespace object, whatever that module holds.
    if (text !== undefined && !TYPE_ONLY_STAR_EXPORT.test(text) && (entry.k === "namespace" || (entry.k === "local" && isNamespaceImportValue(summary, text, entry.local)))) return true;
    if (entry.k === "from" && name !== "default") {
      const target = ev.host.resolveModule(entry.specifier, file);
      const declared = target ? ev.summary(target) : undefined;
      const there = declared?.exports.get(entry.imported);
      if (there?.k === "local" && declared!.decls.has(there.local)) return true;
    }
  }
  return summary.starExports.some((spec) => {
    const target = ev.host.resolveModule(spec, file);
    return target !== undefined && exportsValue(ev, target, depth + 1);
  });
}
