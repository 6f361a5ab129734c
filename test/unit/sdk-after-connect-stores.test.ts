// Once a server is connected the SDK refuses new capabilities (registerCapabilities throws), so a
// helper that keeps the server after that — called after connect(), or from the `oninitialized` hook
// the SDK calls once a client has finished the handshake — cannot add one: the prediction stays
// exact. (Found on a real server, codefuturist/email-mcp, whose hooks service keeps the low-level
// Server for sampling: once calls named like another dialect's method were followed, its store made
// the prediction approximate.)
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };
// The server handed to code the analysis cannot read (a global any module may pick it up from).
const HOOKS = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
export class Hooks {
  start(low: Server): void {
    (globalThis as any).lowServer = low;
  }
}
`;
const head = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Hooks } from "./hooks.js";
const hooks = new Hooks();
const server = new McpServer({ name: "app", version: "1.0.0" });
server.registerTool("t", { description: "t" }, async () => ({ content: [] }));
`;

describe("the server kept by a helper once it is connected", () => {
  const cases: Record<string, string> = {
    "called right after await connect()": `${head}await server.connect(new StdioServerTransport());\nhooks.start(server.server);\n`,
    "called from server.server.oninitialized": `${head}await server.connect(new StdioServerTransport());\nconst low = server.server;\nlow.oninitialized = () => {\n  hooks.start(low);\n};\n`,
  };
  for (const [name, text] of Object.entries(cases)) {
    it(`${name}: exact`, () => {
      const s = analyze({ ...SDK, "src/hooks.ts": HOOKS, "src/index.ts": text }).servers.get("app")!;
      assert.deepEqual(s.legacy, { tools: { listChanged: true } });
      assert.equal(s.exact, true, JSON.stringify(s.unknown));
    });
  }

  it("called before connect(): what holds it may add capabilities, so it is said", () => {
    const s = analyze({ ...SDK, "src/hooks.ts": HOOKS, "src/index.ts": `${head}hooks.start(server.server);\nawait server.connect(new StdioServerTransport());\n` }).servers.get("app")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /lowServer/.test(u.reason)), JSON.stringify(s.unknown));
  });
});
