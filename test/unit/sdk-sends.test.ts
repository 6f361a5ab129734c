// What a notification sender does where a server's start-up calls it (sends.ts), as read in the
// published builds: McpServer's list-changed senders do nothing before connect(); the low-level
// Server's reject before it ("Not connected"); after it, a sender whose capability is not declared
// rejects; the Server's sendLoggingMessage drops the message without `logging` from 1.17.5.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sendOutcome } from "../../server/src/analysis/dialects/sdk/sends";
import { sdkRelease } from "../../server/src/analysis/dialects/sdk/sdkRelease";

const newest = sdkRelease(undefined);
const declares = (...keys: string[]) => (k: string) => keys.includes(k);

describe("SDK: what a sender does at start-up", () => {
  it("McpServer's list-changed senders: nothing before connect(), declared or not", () => {
    for (const m of ["sendToolListChanged", "sendPromptListChanged", "sendResourceListChanged"]) {
      assert.equal(sendOutcome("mcp", "v1", newest, m, "before", declares()), "noop");
      assert.equal(sendOutcome("mcp", "v2", newest, m, "before", declares("tools", "prompts", "resources")), "noop");
    }
  });

  it("the low-level Server's senders reject before connect()", () => {
    assert.equal(sendOutcome("low", "v1", newest, "sendToolListChanged", "before", declares("tools")), "not-connected");
    assert.equal(sendOutcome("low", "v1", newest, "sendResourceUpdated", "before", declares("resources")), "not-connected");
  });

  it("after connect(), a sender rejects unless its capability is declared", () => {
    assert.equal(sendOutcome("mcp", "v1", newest, "sendPromptListChanged", "after", declares("tools")), "unsupported");
    assert.equal(sendOutcome("mcp", "v1", newest, "sendToolListChanged", "after", declares("tools")), "sends");
    assert.equal(sendOutcome("low", "v1", newest, "sendResourceUpdated", "after", declares()), "unsupported");
    // Later (in a handler) the final capabilities decide, in the diagnostics.
    assert.equal(sendOutcome("mcp", "v1", newest, "sendPromptListChanged", "later", declares()), "sends");
  });

  it("sendLoggingMessage: dropped without logging from 1.17.5 (and in v2), sent (so rejected) before it", () => {
    for (const kind of ["mcp", "low"] as const) {
      assert.equal(sendOutcome(kind, "v1", newest, "sendLoggingMessage", "before", declares()), "noop");
      assert.equal(sendOutcome(kind, "v2", newest, "sendLoggingMessage", "after", declares()), "noop");
      assert.equal(sendOutcome(kind, "v1", newest, "sendLoggingMessage", "before", declares("logging")), "not-connected");
      assert.equal(sendOutcome(kind, "v1", newest, "sendLoggingMessage", "after", declares("logging")), "sends");
    }
    assert.equal(sendOutcome("low", "v1", sdkRelease("1.17.4"), "sendLoggingMessage", "before", declares()), "not-connected");
    assert.equal(sendOutcome("low", "v1", sdkRelease("1.17.4"), "sendLoggingMessage", "after", declares()), "unsupported");
    assert.equal(sendOutcome("low", "v1", sdkRelease("1.17.5"), "sendLoggingMessage", "after", declares()), "noop");
  });
});
