// SDK releases before 0.5.0 had no capabilities option: the real 0.4.0 `Server.getCapabilities()`
// returns `tools: {}` when a tools/list handler is registered (and likewise prompts, resources,
// logging), and never throws for an undeclared one; a published server on ^0.4.0 answers
// `initialize` with `{ tools: {} }` (the real-world corpus entry gongrzhe-gmail-mcp-server). The
// dialect knows the rules of 0.5.0 and later, so on an older SDK it must not predict with them.
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

function analyse(range: string) {
  const dir = mkdtempSync(join(tmpdir(), "mcp-lens-pre-options-"));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "mail", type: "module", dependencies: { "@modelcontextprotocol/sdk": range } }));
  writeFileSync(join(dir, "server.ts"), SERVER);
  const run = mcpCapsInProcess(dir, ["--json", "."]);
  return JSON.parse(run.stdout) as { servers: Array<{ exact: boolean; legacy: unknown; unknown: Array<{ reason: string; era?: string }> }>; diagnostics: Array<{ code: string }> };
}

describe("a server on an SDK older than 0.5.0", () => {
  it("is approximate in the legacy era, with the SDK version as the reason, and no 1.x error", () => {
    const report = analyse("^0.4.0");
    const [server] = report.servers;
    assert.equal(server?.exact, false);
    assert.deepEqual(server?.legacy, {});
    assert.equal(server?.unknown.length, 1);
    assert.equal(server?.unknown[0]?.era, "legacy");
    assert.match(server!.unknown[0]!.reason, /SDK \^0\.4\.0, older than 0\.5\.0/);
    assert.deepEqual(report.diagnostics, []);
  });

  it("on SDK 1.x the same code is the start-up throw the 1.x SDK really has", () => {
    const report = analyse("^1.0.0");
    assert.equal(report.servers[0]?.legacy, null);
    assert.ok(report.diagnostics.some((d) => d.code === "sdk-handler-undeclared"));
  });
});
