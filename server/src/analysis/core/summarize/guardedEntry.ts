import type { GuardedWrite, ObjEntry, SetWrite, ValueExpr } from "../model/summary";

/**
 * A guarded write (`if (test) caps.logging = {}; else caps.tools = {}`) as an entry of the object it
 * builds: a spread of one arm's keys or the other's, chosen by the test (ValueExpr `test`). Spread after
 * the keys written before it, as the statements run: a key an arm writes again takes the arm's value.
 */
export function guardedEntry(name: string, w: GuardedWrite): ObjEntry {
  const arm = (writes: readonly SetWrite[]): ValueExpr => ({
    k: "obj",
    entries: writes.map((s) => ({ k: "prop", key: { k: "static", name: s.key, span: s.head }, value: s.value })),
    span: w.span,
  });
  const keys = [...new Set([...w.then, ...w.else].map((s) => `${name}.${s.key}`))];
  return { k: "spread", expr: { k: "dyn", text: keys.join(", "), span: w.span, branches: [arm(w.then), arm(w.else)], test: w.test }, span: w.span };
}
