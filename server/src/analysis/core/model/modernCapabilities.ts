// What `server/discover` (2026-07-28) sends of the capabilities a server holds. That revision's codec
// in the SDK deletes `tasks`: tasks are not part of it (they became an extension), so a server built
// with a `tasks` capability advertises it on `initialize` only.
import type { JsonObject } from "../evaluate/values";

/** The capabilities without the keys the 2026-07-28 revision does not carry. */
export function modernCapabilities(caps: JsonObject): JsonObject {
  if (!("tasks" in caps)) return caps;
  const { tasks: _tasks, ...rest } = caps;
  return rest;
}
