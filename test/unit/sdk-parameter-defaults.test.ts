// A server made as a parameter's default exists only when a call leaves that argument out. The
// exact cases (no call passes it) are checked against the real SDK by the differential fixtures
// 392-393; these pin what a call passing another server does to both predictions (trial 89 o40).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const MINE = 'const mine = new McpServer({ name: "mine", version: "1" }, { capabilities: { logging: {} } });\n';

function byName(files: Record<string, string>) {
  return analyze(files).servers;
}

describe("SDK v1: a server made as a parameter's default", () => {
  it("a function called with its own server: the default may never be made, and the given server gets the registrations", () => {
    const servers = byName({
      "index.ts": `${V1}function start(server = new McpServer({ name: "fallback", version: "1" })) {\n  server.registerTool("t", {}, async () => ({ content: [] }));\n  return server.connect(new StdioServerTransport());\n}\n${MINE}await start(mine);\n`,
    });
    const fallback = servers.get("fallback")!;
    assert.equal(fallback.exact, false);
    assert.match(fallback.unknown.map((u) => u.reason).join("\n"), /default of a parameter of start, and the call at line 8 passes that argument/);
    const mine = servers.get("mine")!;
    assert.deepEqual(mine.unknown, []);
    assert.deepEqual(mine.legacy, { logging: {}, tools: { listChanged: true } });
  });

  it("a class built with its own server: the parameter property's default may never be made", () => {
    const servers = byName({
      "index.ts": `${V1}class App {\n  constructor(private readonly server = new McpServer({ name: "fallback", version: "1" })) {\n    this.server.registerTool("t", {}, async () => ({ content: [] }));\n  }\n  run() { return this.server.connect(new StdioServerTransport()); }\n}\n${MINE}await new App(mine).run();\n`,
    });
    assert.equal(servers.get("fallback")!.exact, false);
    assert.deepEqual(servers.get("mine")!.legacy, { logging: {}, tools: { listChanged: true } });
    assert.deepEqual(servers.get("mine")!.unknown, []);
  });

  it("called without the argument: the default is the server, exact", () => {
    const servers = byName({
      "index.ts": `${V1}function start(server = new McpServer({ name: "fallback", version: "1" })) {\n  server.registerTool("t", {}, async () => ({ content: [] }));\n  return server.connect(new StdioServerTransport());\n}\nawait start();\n`,
    });
    assert.deepEqual(servers.get("fallback")!.unknown, []);
    assert.deepEqual(servers.get("fallback")!.legacy, { tools: { listChanged: true } });
  });
});
