// Where code the replay does not follow in order (an uncalled helper, another method of the class
// holding the server, a subclass's override) hands the server on: to a helper, into an object, under
// another name, or back to its caller. What is registered there, and when, is not known, so each such
// place makes every primitive unknown rather than absent.
import type { Loc } from "../../core/evaluate/values";
import type { FlowUnit } from "../../core/model/summary";
import type { Replay } from "./replay";

export function laterUses(out: Replay, file: string, units: readonly FlowUnit[], visited: ReadonlySet<string>, names: ReadonlySet<string>, inScope: (u: FlowUnit) => boolean): void {
  const loc = (span: { start: number; end: number }): Loc => ({ file, span });
  const named = (path: readonly string[] | null | undefined) => path !== null && path !== undefined && names.has(path.join("."));
  for (const u of units) {
    if (visited.has(`${file}\u0000${u.id}`) || !inScope(u)) continue;
    // An arrow or function expression has no name of its own: `(function)`.
    const where = u.name.startsWith("(") ? "a callback" : u.name;
    for (const { event } of u.events) {
      const how =
        event.k === "alias" && named(event.source) ? `bound to ${event.target} in ${where}`
        : event.k === "escape" && named(event.source) ? `${event.how} in ${where}`
        : event.k === "invoke" && event.args.some((a) => named(a)) ? `passed on in ${where}`
        : event.k === "return" && named(event.source) ? `returned by ${where}`
        : undefined;
      if (how) out.unfollowed.push({ reason: `the server is ${how}, which runs at a time the analysis does not follow, and what is registered through it there is not followed`, loc: loc(event.span), phase: "before" });
    }
  }
}
