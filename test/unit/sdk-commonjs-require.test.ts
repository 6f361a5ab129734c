// CommonJS in TypeScript: the SDK loaded with require() (a `.cts` file, a CommonJS package, or
// createRequire in ESM) is bound like an import, so the server is found and followed. Before, none
// of these was found, and nothing said so (trials 116 and 117).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };
const body = (make: string) => `${make}
const server = new Srv({ name: "cjs", version: "1.0.0" });
server.registerTool("t", { description: "T" }, async () => ({ content: [] }));
server.connect(new Stdio());
`;

describe("the SDK loaded with require()", () => {
  const shapes: Record<string, string> = {
    "destructured, renamed": `const { McpServer: Srv } = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst { StdioServerTransport: Stdio } = require("@modelcontextprotocol/sdk/server/stdio.js");`,
    "a namespace's member": `const Srv = require("@modelcontextprotocol/sdk/server/mcp.js").McpServer;\nconst Stdio = require("@modelcontextprotocol/sdk/server/stdio.js").StdioServerTransport;`,
    "createRequire in ESM": `import { createRequire } from "node:module";\nconst { McpServer: Srv } = createRequire(import.meta.url)("@modelcontextprotocol/sdk/server/mcp.js");\nconst { StdioServerTransport: Stdio } = createRequire(import.meta.url)("@modelcontextprotocol/sdk/server/stdio.js");`,
  };
  for (const [name, make] of Object.entries(shapes)) {
    it(`${name}: found, and its registration followed`, () => {
      const r = analyze({ ...SDK, "server.cts": body(make) });
      const s = r.servers.get("cjs");
      assert.ok(s, `no server (${[...r.servers.keys()].join(", ")})`);
      assert.deepEqual(s.legacy, { tools: { listChanged: true } });
      assert.equal(s.exact, true, JSON.stringify(s.unknown));
    });
  }

  it("a whole-module require used as a namespace", () => {
    const r = analyze({ ...SDK, "server.ts": body(`const mcp = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst stdio = require("@modelcontextprotocol/sdk/server/stdio.js");\nconst Srv = mcp.McpServer;\nconst Stdio = stdio.StdioServerTransport;`).replace("new Srv(", "new mcp.McpServer(").replace("new Stdio(", "new stdio.StdioServerTransport(") });
    const s = r.servers.get("cjs");
    assert.ok(s, "the server is found");
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });
});
