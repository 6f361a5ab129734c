// CommonJS written in TypeScript: `export = value` makes the module that value, and `import x =
// require("./m")` binds it, in order with the module's other imports. Before, a class exported this
// way was no server at all, a server instance's registrations in another module were dropped, and a
// factory's callers were "not followed" (trial 148 c11, c92, c43, c02, c42, c83).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };
const CJS = { "tsconfig.json": JSON.stringify({ compilerOptions: { module: "commonjs", moduleResolution: "node10", esModuleInterop: true } }) };
const STDIO = `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n`;
const MCP = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n`;
const TOOL = (on: string) => `${on}.registerTool("note", { description: "note" }, async () => ({ content: [] }));`;

describe("export = in CommonJS TypeScript", () => {
  it("a server class exported with export =, imported with import X = require(): found and followed", () => {
    const r = analyze({
      ...SDK, ...CJS,
      "src/server.ts": `${MCP}class NotesServer extends McpServer {\n  constructor() {\n    super({ name: "notes", version: "1.0.0" });\n    ${TOOL("this")}\n  }\n}\nexport = NotesServer;\n`,
      "src/index.ts": `${STDIO}import NotesServer = require("./server");\nnew NotesServer().connect(new StdioServerTransport());\n`,
    });
    const s = [...r.servers.values()][0];
    assert.ok(s, "the server is found");
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });

  it("a server instance exported with export =: another module's registration through import x = require() counts, loaded before connect()", () => {
    const r = analyze({
      ...SDK, ...CJS,
      "src/server.ts": `${MCP}const server = new McpServer({ name: "c43", version: "1.0.0" });\nexport = server;\n`,
      "src/tools.ts": `import server = require("./server");\n${TOOL("server")}\n`,
      "src/index.ts": `${STDIO}import server = require("./server");\nimport "./tools";\nserver.connect(new StdioServerTransport());\n`,
    });
    const s = r.servers.get("c43")!;
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });

  it("a factory exported with export =, called through import create = require(): its caller is followed", () => {
    const r = analyze({
      ...SDK, ...CJS,
      "src/server.ts": `${MCP}function createServer() {\n  const s = new McpServer({ name: "made", version: "1.0.0" }, { capabilities: { logging: {} } });\n  return s;\n}\nexport = createServer;\n`,
      "src/index.ts": `${STDIO}import createServer = require("./server");\nconst s = createServer();\n${TOOL("s")}\ns.connect(new StdioServerTransport());\n`,
    });
    const s = r.servers.get("made")!;
    assert.deepEqual(s.legacy, { logging: {}, tools: { listChanged: true } });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });

  it("a module without export = stays a namespace: import helpers = require() reads its functions", () => {
    const r = analyze({
      ...SDK, ...CJS,
      "src/helpers.ts": `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport function register(s: McpServer) {\n  ${TOOL("s")}\n}\n`,
      "src/index.ts": `${STDIO}${MCP}import helpers = require("./helpers.js");\nconst s = new McpServer({ name: "ns", version: "1.0.0" });\nhelpers.register(s);\ns.connect(new StdioServerTransport());\n`,
    });
    assert.deepEqual(r.servers.get("ns")!.legacy, { tools: { listChanged: true } });
  });
});
