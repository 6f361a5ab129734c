// `load().then((s) => server.registerTool(...)).then(() => server.connect(t))`: the callbacks of one
// promise chain run one after the other, in the order they are written, while the flow summary lists
// the chain's calls outermost first (the last `.then` before the first). Callbacks the replay runs
// "some time later" are put back in chain order, so a registration in an earlier step is not taken
// for one that may come after a connect() in a later step. Other callbacks keep their places.
import type { FlowUnit } from "../../core/model/summary";

const PROMISE_METHODS = new Set(["then", "catch", "finally"]);

/** Per file's units (a summary's, which no one changes): every server of the file asks for the same order. */
const ordered = new WeakMap<readonly FlowUnit[], readonly FlowUnit[]>();

/** `units` in the order to run them: those that are callbacks of one promise chain sorted by place. */
export function inChainOrder(units: readonly FlowUnit[]): readonly FlowUnit[] {
  let order = ordered.get(units);
  if (!order) ordered.set(units, (order = chainOrder(units)));
  return order;
}

function chainOrder(units: readonly FlowUnit[]): FlowUnit[] {
  const chainOf = new Map<number, number>();
  for (const unit of units) {
    for (const { event } of unit.events) {
      if (event.k !== "invoke" || event.callee.k !== "get" || event.callee.key.k !== "static" || !PROMISE_METHODS.has(event.callee.key.name)) continue;
      // Every call of one chain starts where its first receiver does.
      const chain = event.callee.span.start;
      for (const arg of event.argExprs) if (arg.k === "fn") chainOf.set(arg.span.start, chain);
    }
  }
  const ordered = [...units];
  const byChain = new Map<number, number[]>();
  ordered.forEach((u, i) => {
    const chain = chainOf.get(u.span.start);
    if (chain === undefined) return;
    const at = byChain.get(chain) ?? [];
    at.push(i);
    byChain.set(chain, at);
  });
  for (const positions of byChain.values()) {
    const members = positions.map((i) => ordered[i]!).sort((a, b) => a.span.start - b.span.start);
    positions.forEach((i, k) => (ordered[i] = members[k]!));
  }
  return ordered;
}
