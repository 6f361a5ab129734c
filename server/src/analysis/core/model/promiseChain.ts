// `main().catch(...)`, `start().then(...)`: a promise's own methods, chained on a call's result. They
// run nothing of the program's now, so an event like this after a call does not interleave with it
// (what a dialect's replay asks when it decides whether an unawaited async call races its caller).
import type { FlowEvent } from "./summary";

const PROMISE_METHODS = new Set(["then", "catch", "finally"]);

/** Whether `e` is `x.then/catch/finally(...)` given none of `names` (whose handlers could touch them). */
export function isPromiseChain(e: Extract<FlowEvent, { k: "invoke" }>, names: ReadonlySet<string>): boolean {
  const chained = e.callee.k === "get" && e.callee.key.k === "static" && PROMISE_METHODS.has(e.callee.key.name);
  return chained && !e.args.some((a) => a !== null && names.has(a.join(".")));
}
