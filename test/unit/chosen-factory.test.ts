// `const server = admin ? createAdminServer() : createPublicServer()`: which factory runs is decided at
// run time, but the name holds what the arm that runs returns, so each factory's server is followed
// into what the caller does with it (connect, start) and stays exact. Each arm's expectation is what
// the real SDK (and fastmcp) advertised when that arm's server was started on its own.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const FACTORIES = `${SDK}function createAdminServer() {\n  const server = new McpServer({ name: "admin", version: "1.0.0" }, { capabilities: { logging: {} } });\n  server.registerTool("reset", {}, async () => ({ content: [] }));\n  server.registerPrompt("audit", {}, () => ({ messages: [] }));\n  return server;\n}\nfunction createPublicServer() {\n  const server = new McpServer({ name: "public", version: "1.0.0" });\n  server.registerTool("search", {}, async () => ({ content: [] }));\n  return server;\n}\n`;

const FASTMCP_PACKAGE = { "node_modules/fastmcp/package.json": JSON.stringify({ name: "fastmcp", version: "4.20.16" }) };
const reasons = (s: { unknown: readonly { path: readonly string[]; reason: string }[] }) => s.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`).join("\n");

describe("a server chosen between two factories by a condition", () => {
  it("SDK: each factory's server is followed into the caller's connect(), exact", () => {
    const r = analyze({ "src/index.ts": `${FACTORIES}const server = process.argv.includes("--admin") ? createAdminServer() : createPublicServer();\nawait server.connect(new StdioServerTransport());\n` });
    const admin = r.servers.get("admin")!;
    const open = r.servers.get("public")!;
    assert.equal(admin.exact, true, reasons(admin));
    assert.deepEqual(admin.legacy, { logging: {}, prompts: { listChanged: true }, tools: { listChanged: true } });
    assert.equal(open.exact, true, reasons(open));
    assert.deepEqual(open.legacy, { tools: { listChanged: true } });
  });

  it("SDK: what the caller then registers on the chosen server counts for each", () => {
    const r = analyze({ "src/index.ts": `${FACTORIES}const server = process.env.ADMIN ? createAdminServer() : createPublicServer();\nserver.registerResource("about", "info://about", {}, async (uri) => ({ contents: [] }));\nawait server.connect(new StdioServerTransport());\n` });
    assert.deepEqual(r.servers.get("public")!.legacy, { resources: { listChanged: true }, tools: { listChanged: true } });
    assert.equal(r.servers.get("public")!.exact, true);
  });

  it("SDK: the chosen server handed to code the analysis does not follow stays approximate", () => {
    const r = analyze({ "src/index.ts": `${FACTORIES}declare function serveSomehow(s: McpServer): void;\nconst server = process.env.ADMIN ? createAdminServer() : createPublicServer();\nserveSomehow(server);\n` });
    assert.equal(r.servers.get("public")!.exact, false);
    assert.equal(r.servers.get("admin")!.exact, false);
  });

  it("fastmcp: each factory's server (exported from another module) is followed into the caller's start(), exact", () => {
    const servers = 'import { FastMCP } from "fastmcp";\nexport function adminServer() {\n  const server = new FastMCP({ name: "admin", version: "1.0.0" });\n  server.addTool({ name: "reset", description: "Reset", execute: async () => "ok" });\n  server.addResourceTemplate({ uriTemplate: "tickets://{id}", name: "Ticket", mimeType: "application/json", arguments: [{ name: "id", required: true }], load: async ({ id }) => ({ text: id }) });\n  return server;\n}\nexport function publicServer() {\n  const server = new FastMCP({ name: "public", version: "1.0.0" });\n  server.addTool({ name: "search", description: "Search", execute: async () => "ok" });\n  return server;\n}\n';
    const r = analyze({ ...FASTMCP_PACKAGE, "package.json": JSON.stringify({ name: "tickets", type: "module" }), "src/servers.ts": servers, "src/index.ts": 'import { adminServer, publicServer } from "./servers.js";\nconst server = process.env.ROLE === "admin" ? adminServer() : publicServer();\nawait server.start({ transportType: "stdio" });\n' });
    const open = r.servers.get("public")!;
    assert.equal(open.exact, true, reasons(open));
    assert.equal("resources" in (open.legacy ?? {}), false);
    const admin = r.servers.get("admin")!;
    assert.equal(admin.exact, true, reasons(admin));
    assert.deepEqual((admin.legacy as Record<string, unknown>).resources, { listChanged: true, subscribe: true });
  });
});
