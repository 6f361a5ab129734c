// Which stderr line a failed probe quotes: the error, not Node's version banner after the stack.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { stderrSuffix } from "../../server/src/cli/probe/stderrLine";

describe("the stderr line a failed probe quotes", () => {
  it("an uncaught error: the error line, not the stack nor Node's banner", () => {
    const stderr = [
      "file:///srv/s23/index.ts:9",
      '  throw new Error("Server does not support tools (required for tools/list)");',
      "        ^",
      "",
      "Error: Server does not support tools (required for tools/list)",
      "    at Server.assertRequestHandlerCapability (file:///srv/node_modules/sdk/server/index.js:165:23)",
      "    at file:///srv/s23/index.ts:9:8",
      "",
      "Node.js v20.20.2",
      "",
    ].join("\n");
    assert.equal(stderrSuffix(stderr), "; its error: Error: Server does not support tools (required for tools/list)");
  });

  it("an error whose message is a heading (a file tsx cannot compile): the heading and the cause after it, not the stack", () => {
    const stderr = [
      "node:internal/modules/run_main:123",
      "    triggerUncaughtException(",
      "    ^",
      "Error [TransformError]: Transform failed with 1 error:",
      '/srv/app/server.ts:1:18: ERROR: Unexpected ";"',
      "    at failureErrorWithLog (/srv/node_modules/esbuild/lib/main.js:1752:15)",
      "    at Socket.emit (node:events:524:28)",
      "",
      "Node.js v20.20.2",
    ].join("\n");
    assert.equal(stderrSuffix(stderr), '; its error: Error [TransformError]: Transform failed with 1 error: /srv/app/server.ts:1:18: ERROR: Unexpected ";"');
  });

  it("no error line: the last line that says something; nothing said: nothing", () => {
    assert.equal(stderrSuffix("listening on stdio\nwaiting\n"), "; its last stderr line: waiting");
    assert.equal(stderrSuffix("\n\nNode.js v20.20.2\n"), "");
  });
});
