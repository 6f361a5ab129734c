// Where the server is handed on (to a helper, into an object, under another name, back to a caller)
// in code that can reach it: what is added through it there is not followed, so every primitive it
// could add is unknown, never absent. Without this, a server whose tools are all added by a helper
// would be reported as failing at start() for want of tools.
import type { DialectRun } from "../../core/dialect";
import type { FlowUnit } from "../../core/model/summary";
import { subclassesInFile } from "../../core/classes/subclassesInFile";
import { classOf, type AddedElsewhere } from "./addedElsewhere";
import type { ServerSite } from "./sites";

const ALL = ["tools", "prompts", "resources"] as const;

export function passedOn(run: DialectRun, file: string, site: ServerSite): AddedElsewhere[] {
  const target = site.event.target;
  if (!target) return [];
  const units = run.ev.summary(file)?.flow?.units ?? [];
  const name = target.join(".");
  const holder = target[0] === "this" ? classOf(units, site.unit) : undefined;
  const family = holder === undefined ? new Set<string>() : new Set([holder, ...subclassesInFile(run.ev.summary(file), holder)]);
  // Where the name means this server: the body building it and what it nests, its class's (and
  // subclasses') members for `this.server`, the whole file for a module-level server.
  const inScope = (u: FlowUnit): boolean => site.unit.kind === "module" || within(units, u, site.unit.id) || family.has(classOf(units, u) ?? "");
  const out: AddedElsewhere[] = [];
  for (const u of units) {
    if (!inScope(u)) continue;
    for (const { event } of u.events) {
      const named = (path: readonly string[] | null | undefined) => path !== null && path !== undefined && path.join(".") === name;
      const how =
        event.k === "alias" && named(event.source) ? `bound to ${event.target}`
        : event.k === "escape" && named(event.source) ? event.how
        : event.k === "invoke" && event.args.some((a) => named(a)) ? "passed to a function"
        : event.k === "return" && named(event.source) && u.id !== site.unit.id ? "returned to a caller"
        : undefined;
      if (!how) continue;
      for (const key of ALL) out.push({ key, reason: `the server is ${how} in ${u.name}, and what is added through it there is not followed`, loc: { file, span: event.span } });
    }
  }
  return out;
}

function within(units: readonly FlowUnit[], u: FlowUnit, ancestor: number): boolean {
  for (let cur: FlowUnit | undefined = u; cur; cur = cur.parent === null ? undefined : units[cur.parent]) if (cur.id === ancestor) return true;
  return false;
}
