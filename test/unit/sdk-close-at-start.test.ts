// `await server.connect(t); await server.close();` at start-up, nothing awaited between: the server
// stops before it answers a client (trial 90 p48, q18: the probe saw the process exit before
// `initialize`). A close after an awaited shutdown signal, or in a signal handler, is the ordinary
// way to stop and changes nothing.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("t", {}, async () => ({ content: [] }));\nawait server.connect(new StdioServerTransport());\n';

function only(rest: string) {
  const servers = [...analyze({ "index.ts": V1 + rest }).servers.values()];
  assert.equal(servers.length, 1);
  return servers[0]!;
}

describe("SDK v1: close() at start-up", () => {
  it("right after connect(): the server may not start, said", () => {
    const s = only('console.error("started");\nawait server.close();\n');
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("\n"), /close\(\) at line 7 runs right after connect\(\), at start-up/);
  });

  it("after an awaited shutdown signal: exact", () => {
    const s = only('await new Promise((resolve) => process.once("SIGINT", resolve));\nawait server.close();\n');
    assert.deepEqual(s.unknown, []);
  });

  it("in a signal handler: exact", () => {
    const s = only('process.on("SIGINT", async () => {\n  await server.close();\n  process.exit(0);\n});\n');
    assert.deepEqual(s.unknown, []);
  });
});
