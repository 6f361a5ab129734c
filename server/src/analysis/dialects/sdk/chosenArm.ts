// `const server = admin ? createAdminServer() : createPublicServer()`: each factory's call is
// conditional, as one arm of the `?:`, but only in whether that server is made at all. Given that the
// call made the server being analysed, what follows it in the caller runs as it would after a plain
// `const server = createPublicServer()`.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEventEntry } from "../../core/model/summary";
import { conditionalArm } from "../../core/evaluate/knownConditions";

/** Whether the call's entry is conditional for more than being one arm of a `?:` (a branch, a loop, a callback around it). */
export function conditionalBeyondArm(ev: Evaluator, file: string, entry: FlowEventEntry): boolean {
  if (!entry.conditional) return false;
  if (entry.loops?.length || entry.branches?.length !== 1) return true;
  const m = /^(\d+):(\d+)$/.exec(entry.branches[0]!);
  const span = entry.event.span;
  if (!m || Number(m[2]) !== span.end || Number(m[1]) > span.start) return true;
  // The arm is the call itself, maybe awaited or in parentheses.
  const before = ev.host.text?.(file)?.slice(Number(m[1]), span.start);
  if (before === undefined || !/^[\s(]*(?:await\s+)?[\s(]*$/.test(before)) return true;
  return !conditionalArm(ev, file, entry.branches[0]!);
}
