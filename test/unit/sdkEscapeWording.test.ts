// How an unknown part names the code the server escapes to: a function written in place is "the
// callback at line N", never a placeholder such as "(function)".
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

describe("SDK escapes: the code named in the reason", () => {
  it("a server assigned in a callback to a variable another function reads: the callback by its line", () => {
    const result = analyze({
      "s.test.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
let server: McpServer;
function beforeAll(f: () => void) { f(); }
beforeAll(() => {
  server = new McpServer({ name: "t", version: "1" });
});
export function use() { server.registerTool("a", { description: "a" }, async () => ({ content: [] })); }
`,
    });
    const reasons = result.servers.get("t")!.unknown.map((u) => u.reason);
    assert.ok(reasons.some((r) => r.includes("the server is assigned to server, a variable outside the callback at line 4, and what use does with it is not followed")), JSON.stringify(reasons));
    assert.ok(!reasons.some((r) => r.includes("(function)")), JSON.stringify(reasons));
  });
});
