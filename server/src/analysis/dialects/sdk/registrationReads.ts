// A registration method read off the server without being called on it (`const add =
// server.registerTool`, `server.registerPrompt.bind(server)`, `const { tool } = server`): whatever
// calls it later registers on the server, out of the replay's sight.
import type { RefPath } from "../../core/model/summary";

/** Methods whose calls change what the server advertises, or when (connect). */
export const REGISTRATION_METHODS: ReadonlySet<string> = new Set([
  "registerTool", "tool", "registerResource", "resource", "registerPrompt", "prompt", "registerToolTask",
  "setRequestHandler", "registerCapabilities", "connect",
]);

/** `server.experimental.tasks` of a v1 McpServer: where `registerToolTask` registers a tool on it. */
export function isTasksOf(owner: RefPath | string, paths: ReadonlySet<string>): boolean {
  const text = typeof owner === "string" ? owner : owner.join(".");
  const SUFFIX = ".experimental.tasks";
  return text.endsWith(SUFFIX) && paths.has(text.slice(0, -SUFFIX.length));
}

/**
 * Whether `source` is a registration method of one of the server's names (`server.registerTool`) or
 * of its inner low-level server (`server.server.registerCapabilities`).
 */
export function isRegistrationRead(source: RefPath, paths: ReadonlySet<string>): boolean {
  if (source.length < 2 || !REGISTRATION_METHODS.has(source.at(-1)!)) return false;
  const owner = source.slice(0, -1);
  if (paths.has(owner.join(".")) || isTasksOf(owner, paths)) return true;
  return owner.length > 1 && owner.at(-1) === "server" && paths.has(owner.slice(0, -1).join("."));
}
