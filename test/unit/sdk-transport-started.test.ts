// connect() starts the transport itself; a transport the program started by hand first refuses the
// second start ("StdioServerTransport already started!", "Transport already started": trial 125 family T,
// run with the real SDK 1.32.2 and 2.4.0), so connect() throws and the server is not served. Said as a
// server that may not start, not claimed served.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (body: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "double-start", version: "1.0.0" });
server.registerTool("q", {}, async () => ({ content: [] }));
async function main() {
  const transport = new StdioServerTransport();
${body}
}
main().catch((e) => { console.error(e); process.exit(1); });
`;

describe("SDK: a transport started by hand before connect()", () => {
  it("may not start: connect() starts it again, and the reason names both places", () => {
    const s = analyze({ "src/server.ts": SERVER("  await transport.start();\n  await server.connect(transport);") }).servers.get("double-start")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /starts transport itself, which the program already started/.test(u.reason)), JSON.stringify(s.unknown));
  });

  it("connect() alone, or start() after it, is not that", () => {
    const s = analyze({ "src/server.ts": SERVER("  await server.connect(transport);") }).servers.get("double-start")!;
    assert.equal(s.exact, true);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });
});
