import type { GuardedWrite, ObjEntry } from "../model/summary";

/**
 * A guarded write (`if (test) caps.logging = {}; else caps.tools = {}`) as an entry of the object it
 * builds: a spread of one arm's keys or the other's, chosen by the test (ValueExpr `test`). Spread after
 * the keys written before it, as the statements run: a key an arm writes again takes the arm's value.
 * `name` is what the writes are written on (`caps`, or `caps.resources` for its members).
 */
export function guardedEntry(name: string, w: GuardedWrite): ObjEntry {
  const text = w.keys.map((k) => `${name}.${k}`).join(", ");
  return { k: "spread", expr: { k: "dyn", text, span: w.span, branches: [{ k: "obj", entries: w.then, span: w.span }, { k: "obj", entries: w.else, span: w.span }], test: w.test }, span: w.span };
}
