// A notification sent before connect() is rejected by the SDK ("Not connected"). A handler right on the
// call that takes the error and goes on (`.catch(() => {})`) lets the server start: the prediction is
// exact (SDK fixture 529 proves it with the real SDK). One that ends the program (`process.exit`) does
// not take it, and the server may not start; with no handler at all the program surely stops
// (sdk-startup-rejected.test.ts).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (handler: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "s", version: "1.0.0" }, { capabilities: { logging: {} } });
server.registerTool("t", { description: "t" }, async () => ({ content: [] }));
server.sendLoggingMessage({ level: "info", data: "booting" })${handler};
await server.connect(new StdioServerTransport());
`;

describe("a send before connect() with a rejection handler on it", () => {
  it("a handler that goes on: exact", () => {
    const s = analyze({ "s.ts": SERVER(".catch(() => {})") }).servers.get("s");
    assert.equal(s?.exact, true, JSON.stringify(s?.unknown));
    assert.deepEqual(s?.legacy, { logging: {}, tools: { listChanged: true } });
  });

  it("a handler that ends the program: may not start", () => {
    for (const handler of [".catch(() => process.exit(1))"]) {
      const s = analyze({ "s.ts": SERVER(handler) }).servers.get("s");
      assert.equal(s?.exact, false, handler);
      assert.match(s?.unknown.map((u) => u.reason).join("\n") ?? "", /comes before connect\(\) and is rejected by the SDK \("Not connected"\)/, handler);
    }
  });
});
