// `process.exit()` on every way through start-up ends the program, maybe before the server answers
// (trial 108: `await server.connect(t); process.exit(0);` exits before initialize is read). An exit
// under a condition (a missing setting, `--help`) is a guard the configuration decides, like a
// conditional throw; one in a callback (a signal handler, `main().catch`) is the ordinary way to stop.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';

function only(body: string) {
  const servers = [...analyze({ "index.ts": HEAD + body }).servers.values()];
  assert.equal(servers.length, 1);
  return servers[0]!;
}

const SERVE = 'const server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("t", {}, async () => ({ content: [] }));\n';

describe("SDK: process.exit() at start-up", () => {
  it("after connect(), on every way: the server may not answer, said", () => {
    const s = only(SERVE + "await server.connect(new StdioServerTransport());\nprocess.exit(0);\n");
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("\n"), /the program exits at line 6 whenever it gets there/);
  });

  it("under a condition (a missing setting): a guard, exact", () => {
    const s = only('if (!process.env.API_KEY) {\n  console.error("API_KEY is required");\n  process.exit(1);\n}\n' + SERVE + "await server.connect(new StdioServerTransport());\n");
    assert.deepEqual(s.unknown, []);
  });

  it("in a signal handler or main().catch: exact", () => {
    const s = only("async function main() {\n" + SERVE + "  await server.connect(new StdioServerTransport());\n  process.on(\"SIGINT\", () => process.exit(0));\n}\nmain().catch(() => process.exit(1));\n");
    assert.deepEqual(s.unknown, []);
  });
});
