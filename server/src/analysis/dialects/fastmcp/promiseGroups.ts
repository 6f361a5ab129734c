// `await Promise.all([loadTools(server), loadResources(server)])`: each helper runs up to its first
// await in turn, then they interleave, and the statement after waits for all of them. So what they
// register is done before what follows, as if each were awaited, though in an order between them that
// is not known: when one of them starts the server, what any of them registers may come before or
// after the session is built.
import type { FlowEventEntry, Span, ValueExpr } from "../../core/model/summary";
import type { Replay, StartCall } from "./replay";

/** Combinators that settle once every promise of the list has: `race`/`any` settle at the first. */
const WAITS_FOR_ALL = new Set(["all", "allSettled"]);

const isWaitForAll = (callee: ValueExpr): boolean =>
  callee.k === "get" && callee.object.k === "ref" && callee.object.name === "Promise" && callee.key.k === "static" && WAITS_FOR_ALL.has(callee.key.name);

/**
 * The index of the awaited `Promise.all([...])` event whose array literal holds the i-th event's call
 * as one of its items; -1 when there is none. `isAwaited` tells whether a call is written after `await`.
 */
export function awaitedGroupOf(events: readonly FlowEventEntry[], i: number, isAwaited: (span: Span) => boolean): number {
  const call = events[i]!.event;
  if (call.k !== "invoke") return -1;
  for (let j = i + 1; j < events.length; j++) {
    const e = events[j]!.event;
    if (e.k !== "invoke" || e.span.start > call.span.start || e.span.end < call.span.end || !isWaitForAll(e.callee)) continue;
    const list = e.argExprs[0];
    const item = list?.k === "arr" && list.items.some((x) => x.k === "call" && x.span.start === call.span.start && x.span.end === call.span.end);
    return item && isAwaited(e.span) ? j : -1;
  }
  return -1;
}

/** What the replay held when a group's first item ran. */
export interface GroupMark {
  readonly registrations: number;
  readonly removals: number;
  readonly start: StartCall | undefined;
}

export const markGroup = (out: Replay): GroupMark => ({ registrations: out.registrations.length, removals: out.removals.length, start: out.start });

/**
 * Once every item has run: if one of them started the server, what the group registered or removed
 * may come before or after the session is built (the items interleave at their awaits).
 */
export function settleGroup(out: Replay, mark: GroupMark): void {
  // The items interleave at their awaits: which of the group's registrations a removal of the group
  // comes before or after is not known.
  out.removals.splice(mark.removals, Infinity, ...out.removals.slice(mark.removals).map(({ after: _after, ...unordered }) => unordered));
  if (out.start === mark.start) return;
  for (let i = mark.registrations; i < out.registrations.length; i++) out.registrations[i] = { ...out.registrations[i]!, phase: "deferred", orderUnknown: true };
  for (let i = mark.removals; i < out.removals.length; i++) out.removals[i] = { ...out.removals[i]!, phase: "deferred" };
}
