// A server kept as a member of a module-level binding (`export const container = { server: new
// McpServer(...) }`) is followed as `container.server` only while the binding goes nowhere whole
// (trial 89 o64). The exact case is checked against the real SDK by fixture 200.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const CONTAINER = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const container = { server: new McpServer({ name: "ctr", version: "1" }), startedAt: Date.now() };\n';

function ctr(files: Record<string, string>) {
  const servers = [...analyze({ "package.json": '{ "name": "app", "type": "module" }', ...files }).servers.values()];
  return servers.find((s) => s.name === "ctr")!;
}

describe("SDK v1: a server as a member of an exported const object", () => {
  it("registered on as container.server by a module importing it: exact", () => {
    const s = ctr({ "container.ts": CONTAINER, "features.ts": 'import { container } from "./container.js";\ncontainer.server.registerTool("t", {}, async () => ({ content: [] }));\n', "index.ts": 'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nimport { container } from "./container.js";\nimport "./features.js";\nawait container.server.connect(new StdioServerTransport());\n' });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("the object handed whole to a function: what it does with the server is said, not dropped", () => {
    const s = ctr({ "container.ts": CONTAINER, "setup.ts": 'export function setup(c: any) { c.server.registerTool("t", {}, async () => ({ content: [] })); }\n', "index.ts": 'import { container } from "./container.js";\nimport { setup } from "./setup.js";\nsetup(container);\n' });
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("\n"), /container, which holds the server, is used whole/);
  });

  it("an object with a method beside the server: `this.server` there is not followed, so the object is not either", () => {
    const s = ctr({
      "container.ts": 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const container = { server: new McpServer({ name: "ctr", version: "1" }), wire() { this.server.registerPrompt("p", {}, () => ({ messages: [] })); } };\ncontainer.wire();\n',
    });
    assert.equal(s.exact, false);
  });
});
