// Whether a fastmcp server before 3.23.1 can start at all. Those releases install a completion/complete
// handler on every session without advertising `completions`; the SDK's `setRequestHandler` checks the
// capability of the request it installs a handler for, and from @modelcontextprotocol/sdk 1.22.0 on it
// checks completion/complete too, so `start()` throws "Server does not support completions (required
// for completion/complete)" before the session answers anything. fastmcp depends on the SDK with a
// caret range, so a fresh install of an old fastmcp server gets such an SDK.
import type { DialectRun } from "../../core/dialect";
import { dirname, joinPath } from "../../core/project/paths";
import { compareVersions, parseVersion } from "./rules";

/** The first SDK release whose `assertRequestHandlerCapability` covers completion/complete. */
export const SDK_ASSERTS_COMPLETIONS = "1.22.0";

export type StartupVerdict =
  | { readonly k: "starts"; readonly sdk: string }
  | { readonly k: "throws"; readonly sdk: string }
  | { readonly k: "unknown"; readonly sdk: string | undefined };

/** The SDK as fastmcp loads it: its own nested copy first, else the one above it (Node's resolution). */
function sdkSeenByFastmcp(run: DialectRun, file: string): string | undefined {
  if (run.listDirectory) {
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      const fastmcpDir = joinPath(joinPath(dir, "node_modules"), "fastmcp");
      if (run.listDirectory(fastmcpDir)) return run.installedVersion(joinPath(fastmcpDir, "package.json"), "@modelcontextprotocol/sdk");
      if (dirname(dir) === dir) break;
    }
  }
  return run.installedVersion(file, "@modelcontextprotocol/sdk");
}

/** Only asked for fastmcp releases before 3.23.1 (later ones advertise the completions they serve). */
export function startupVerdict(run: DialectRun, file: string): StartupVerdict {
  const sdk = sdkSeenByFastmcp(run, file);
  if (!sdk || !parseVersion(sdk)) return { k: "unknown", sdk };
  return compareVersions(sdk, SDK_ASSERTS_COMPLETIONS) >= 0 ? { k: "throws", sdk } : { k: "starts", sdk };
}
