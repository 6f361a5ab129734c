// What a notification sender does where a server's start-up calls it. Read in the published builds
// (dist/esm/server/mcp.js, server/index.js, shared/protocol.js):
//   - McpServer's `sendToolListChanged`/`sendResourceListChanged`/`sendPromptListChanged` send only
//     `if (this.isConnected())` (from 1.10.0, where they and `isConnected` appeared): before connect()
//     they do nothing. After it they call the low-level Server's sender without awaiting it.
//   - McpServer's `sendLoggingMessage` (from 1.17.5) hands the message to the Server's.
//   - The Server's `sendLoggingMessage` sends only when `logging` is declared (from 1.17.5; before,
//     always). Every other sender is `notification()`, which rejects with "Not connected" before a
//     transport is connected, and after it rejects unless the capability it needs is declared
//     ("Server does not support notifying of tool list changes").
// A rejection at start-up that nothing catches stops the process (Node's default for unhandled
// rejections, and McpServer never awaits the Server's promise).
import { NOTIFICATION_FLAGS, type SdkVersion } from "./sdkTables";
import { releasedBefore, type SdkRelease } from "./sdkRelease";

/** When the send runs: at start-up before connect(), at start-up after it, or later (a handler, a callback). */
export type SendPhase = "before" | "after" | "later";

/**
 * - `noop`: nothing is sent and nothing fails;
 * - `not-connected`: rejected with "Not connected";
 * - `unsupported`: rejected because the capability it needs is not declared (yet);
 * - `sends`: it goes out (checked against the final capabilities by the diagnostics).
 */
export type SendOutcome = "noop" | "not-connected" | "unsupported" | "sends";

const LOGGING_GUARDED_SINCE = [1, 17, 5] as const;

/** Whether the Server's `sendLoggingMessage` on `release` drops the message when `logging` is not declared. */
export function loggingGuarded(version: SdkVersion, release: SdkRelease): boolean {
  return version !== "v1" || !releasedBefore(release.version, LOGGING_GUARDED_SINCE);
}

/**
 * What `method` does on a server of `kind` in `phase`, given whether the key it needs is declared
 * at that moment (`declared(key)`). Only the senders named in NOTIFICATION_FLAGS and
 * `sendLoggingMessage` are answered; a method McpServer lacks on the release is the caller's.
 */
export function sendOutcome(kind: "mcp" | "low", version: SdkVersion, release: SdkRelease, method: string, phase: SendPhase, declared: (key: string) => boolean): SendOutcome {
  if (method === "sendLoggingMessage") {
    // McpServer's is the Server's: the same rules.
    if (!declared("logging") && loggingGuarded(version, release)) return "noop";
    if (phase === "before") return "not-connected";
    return phase === "after" && !declared("logging") ? "unsupported" : "sends";
  }
  const flag = NOTIFICATION_FLAGS[method];
  if (!flag) return "sends";
  if (phase === "before") return kind === "mcp" && method !== "sendResourceUpdated" ? "noop" : "not-connected";
  return phase === "after" && !declared(flag.key) ? "unsupported" : "sends";
}
