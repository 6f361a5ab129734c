// `const app = new App(); app.server.addTool(...)`: a server held in a class field, registered on
// through an instance from outside the class. The replay follows the class's own code; a call on
// `<instance>.<field>` elsewhere in the file is not placed in that order, so each one makes every
// primitive unknown rather than absent.
import type { Loc } from "../../core/evaluate/values";
import type { FlowUnit } from "../../core/model/summary";
import type { Replay } from "./replay";
import { REGISTRATIONS, REMOVALS } from "./rules";

export function instanceUses(out: Replay, file: string, units: readonly FlowUnit[], field: string): void {
  for (const u of units) {
    for (const { event } of u.events) {
      if (event.k !== "call" || event.receiver.length < 2 || event.receiver[0] === "this" || event.receiver.at(-1) !== field) continue;
      if (!REGISTRATIONS[event.method] && !REMOVALS[event.method]) continue;
      const loc: Loc = { file, span: event.span };
      out.unfollowed.push({ reason: `${event.receiver.join(".")}.${event.method}() reaches the server through an instance of the class holding it, which the analysis does not follow`, loc, phase: "before" });
    }
  }
}
