// McpServer methods a release does not have: calling one is a TypeError where the call runs (at
// start-up, the server stops). Read in the published builds: v1 `registerTool` from 1.11.4,
// `registerPrompt` and `registerResource` from 1.13.0, the list-changed senders from 1.10.0,
// `sendLoggingMessage` from 1.17.5 (`sendResourceUpdated` and the handler setters are the low-level Server's only); v2 (`@modelcontextprotocol/server`) has no
// `tool`, `prompt` or `resource` (the `register*` methods replaced them). The low-level Server of
// either major has none of McpServer's registration methods: a helper written for McpServer handed
// `server.server` calls what is not there.
import type { SdkVersion } from "./sdkTables";
import { releasedBefore, type SdkRelease, type Triple } from "./sdkRelease";

const V1_SINCE: Readonly<Record<string, Triple>> = {
  registerTool: [1, 11, 4],
  registerPrompt: [1, 13, 0],
  registerResource: [1, 13, 0],
  sendToolListChanged: [1, 10, 0],
  sendResourceListChanged: [1, 10, 0],
  sendPromptListChanged: [1, 10, 0],
  sendLoggingMessage: [1, 17, 5],
};
/** The low-level Server's methods McpServer does not have, in any release of either major (it holds a Server as `server`). */
const LOW_LEVEL_ONLY = new Set(["sendResourceUpdated", "setRequestHandler", "setNotificationHandler"]);
const V2_REMOVED: Readonly<Record<string, string>> = { tool: "registerTool", prompt: "registerPrompt", resource: "registerResource" };

/**
 * Why calling `method` on McpServer fails (undefined: it exists, or the release may have it); `certain`
 * unless it fails only with another release that may be loaded (`release.mayLoad`).
 */
export function missingMethod(version: SdkVersion, release: SdkRelease, method: string): { readonly why: string; readonly certain: boolean } | undefined {
  if (LOW_LEVEL_ONLY.has(method)) return { why: `McpServer has no ${method}() (the low-level Server inside it has: server.server.${method}()): a TypeError where it runs`, certain: true };
  if (version === "v2") {
    const instead = V2_REMOVED[method];
    return instead ? { why: `${method}() does not exist on SDK v2's McpServer (${instead}() replaced it): a TypeError where it runs`, certain: true } : undefined;
  }
  const since = V1_SINCE[method];
  if (!since) return undefined;
  const added = since.join(".");
  if (releasedBefore(release.version, since)) return { why: `${method}() does not exist in SDK ${release.version} (added in ${added}): a TypeError where it runs`, certain: true };
  const other = release.mayLoad;
  if (other && releasedBefore(other.release.version, since)) return { why: `${method}() does not exist in SDK ${other.release.version} (added in ${added}), and ${other.why}: a TypeError where it runs with that release`, certain: false };
  return undefined;
}

/** McpServer's registration methods, which the low-level Server (`server.server`) has in no release of either major. */
const MCP_SERVER_ONLY: Readonly<Record<string, string>> = {
  tool: "tool",
  prompt: "prompt",
  resource: "resource",
  registerTool: "tool",
  registerPrompt: "prompt",
  registerResource: "resource",
};

/** Why calling `method` on the low-level Server fails (undefined: it has it, or it is not known here). */
export function missingOnLowLevel(method: string): { readonly why: string; readonly certain: boolean } | undefined {
  if (!(method in MCP_SERVER_ONLY)) return undefined;
  return { why: `the low-level Server has no ${method}() (McpServer has it; McpServer's .server is the low-level Server, which takes a ${MCP_SERVER_ONLY[method]} only as a request handler): a TypeError where it runs`, certain: true };
}
