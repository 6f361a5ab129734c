// SDK releases before 0.5.0 had no capabilities option: the real 0.4.0 `Server.getCapabilities()`
// returns `tools: {}` when a tools/list handler is registered (and likewise prompts, resources,
// logging), and never throws for an undeclared one; a published server on ^0.4.0 answers
// `initialize` with `{ tools: {} }` (the real-world corpus entry gongrzhe-gmail-mcp-server). The
// dialect predicts with those rules (test/sdk/releases.test.ts starts servers on the real 0.4.0), never
// with the 1.x ones; McpServer, which 0.4.0 does not have, is not predicted.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";

const SERVER = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "mail", version: "1.0.0", capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
await server.connect(new StdioServerTransport());
`;

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function analyse(range: string, text = SERVER) {
  const dir = mkdtempSync(join(tmpdir(), "mcp-lens-pre-options-"));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "mail", type: "module", dependencies: { "@modelcontextprotocol/sdk": range } }));
  writeFileSync(join(dir, "server.ts"), text);
  const run = mcpCapsInProcess(dir, ["--json", "."]);
  return JSON.parse(run.stdout) as { servers: Array<{ exact: boolean; legacy: unknown; unknown: Array<{ path: string[]; reason: string; era?: string }> }>; diagnostics: Array<{ code: string }> };
}

describe("a server on an SDK older than 0.5.0", () => {
  it("advertises what its list handlers imply, with no 1.x error", () => {
    const report = analyse("^0.4.0");
    const [server] = report.servers;
    assert.equal(server?.exact, true, JSON.stringify(server?.unknown));
    assert.deepEqual(server?.legacy, { tools: {} });
    assert.deepEqual(report.diagnostics, []);
  });

  it("a list handler set under a condition leaves its key unknown", () => {
    const report = analyse("^0.4.0", SERVER.replace("server.setRequestHandler(", "if (process.env.TOOLS) server.setRequestHandler("));
    const [server] = report.servers;
    assert.equal(server?.exact, false);
    assert.deepEqual(server?.legacy, {});
    assert.deepEqual(server?.unknown.map((u) => u.path.join(".")), ["tools"]);
  });

  it("registerCapabilities, which 0.4.0 does not have, is not predicted", () => {
    const report = analyse("^0.4.0", SERVER.replace("await server.connect", "server.registerCapabilities({ logging: {} });\nawait server.connect"));
    const [server] = report.servers;
    assert.equal(server?.exact, false);
    assert.match(JSON.stringify(server?.unknown), /registerCapabilities does not exist in SDK \^0\.4\.0/);
  });

  it("McpServer, which 0.4.0 does not have, is approximate with the SDK version as the reason", () => {
    const mcp = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "mail", version: "1.0.0" });
server.tool("send", async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
`;
    const [server] = analyse("^0.4.0", mcp).servers;
    assert.equal(server?.exact, false);
    assert.deepEqual(server?.legacy, {});
    assert.equal(server?.unknown[0]?.era, "legacy");
    assert.match(server!.unknown[0]!.reason, /SDK \^0\.4\.0, older than 0\.5\.0/);
  });

  it("on SDK 1.x the same code is the start-up throw the 1.x SDK really has", () => {
    const report = analyse("^1.0.0");
    assert.equal(report.servers[0]?.legacy, null);
    assert.ok(report.diagnostics.some((d) => d.code === "sdk-handler-undeclared"));
  });
});
