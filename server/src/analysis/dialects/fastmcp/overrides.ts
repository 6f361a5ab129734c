// `class ReadOnlyServer extends FastMCP { override addTool(tool) { if (..) return; super.addTool(tool) } }`:
// on an instance of such a subclass, `server.addTool(..)` runs the override, not FastMCP's own method,
// and what the override does (filter, rename, never call super, start at another time) is not
// followed. fastmcp's methods do not call one another (addTools does not call addTool, start does not
// call connect), so an override changes the calls of its own name only.
import type { FlowUnit } from "../../core/model/summary";
import type { Replay } from "./replay";
import { REGISTRATIONS, REMOVALS, STARTS } from "./rules";

const modelled = (method: string): boolean => REGISTRATIONS[method] !== undefined || REMOVALS[method] !== undefined || STARTS.has(method);

/**
 * For the file's classes from the one extending FastMCP down to the one constructed: each method the
 * replay models that one of them overrides, with the override that runs (the most derived class's),
 * as `Class.method`. A method or a field holding a function both replace the prototype's method.
 */
export function overriddenMethods(units: readonly FlowUnit[], subclasses: readonly string[] | undefined): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const cls of [...(subclasses ?? [])].reverse()) {
    for (const u of units) {
      // A bodiless method (an abstract one, never what runs) overrides nothing.
      if ((u.kind !== "method" && u.kind !== "field") || u.bodiless || u.className !== cls || !u.name.startsWith(`${cls}.`)) continue;
      const method = u.name.slice(cls.length + 1);
      if (modelled(method) && !out.has(method)) out.set(method, u.name);
    }
  }
  return out;
}

/**
 * Every registration and removal the replay found is a call on the server itself (by its name, or on
 * `this` in its own class), so each one of an overridden method runs the override.
 */
export function markOverridden(out: Replay, overrides: ReadonlyMap<string, string>): void {
  if (overrides.size === 0) return;
  out.registrations.forEach((r, i) => {
    const by = overrides.get(r.method);
    if (by) out.registrations[i] = { ...r, overriddenBy: by };
  });
  out.removals.forEach((r, i) => {
    const by = overrides.get(r.method);
    if (by) out.removals[i] = { ...r, overriddenBy: by };
  });
}
