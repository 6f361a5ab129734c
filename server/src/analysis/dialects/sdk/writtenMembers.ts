// The members `Object.assign(server, { tool })`, `Object.defineProperty(server, "registerTool", …)`,
// `Object.defineProperties`, `Reflect.set`/`Reflect.defineProperty` write onto the object they are
// given first, when the source says which; `Object.setPrototypeOf` (or members not known) may change
// any method: ANY_METHOD.
import { SPREAD_KEY, type Value } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";

export const ANY_METHOD = "*";

export function writtenMembers(writer: string, args: readonly ValueExpr[], evaluate: (e: ValueExpr) => Value): string[] {
  const [, second, third] = args;
  if (/setPrototypeOf$/.test(writer)) return [ANY_METHOD];
  if (/^Object\.(?:assign|defineProperties)$/.test(writer)) {
    const out: string[] = [];
    for (const source of writer === "Object.assign" ? args.slice(1) : [second]) {
      const v = source ? evaluate(source) : undefined;
      // An object whose keys the source gives (its values may be anything); otherwise any member.
      if (!v || v.t !== "obj" || v.entries.has(SPREAD_KEY)) return [ANY_METHOD];
      out.push(...v.entries.keys());
    }
    return out;
  }
  // defineProperty(target, key, …), Reflect.set(target, key, value), Reflect.defineProperty(target, key, …)
  const k = second ? evaluate(second) : undefined;
  return k?.t === "prim" && typeof k.value === "string" ? [k.value] : third !== undefined || second !== undefined ? [ANY_METHOD] : [];
}
