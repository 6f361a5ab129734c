// A registration in the server's `connect` handler: written before any await, it runs while fastmcp
// has yet to mark the server running (the session lacks it; nothing throws); after an await, fastmcp
// has marked the server running, so fastmcp installs the handlers and the SDK throws "Server does not
// support prompts", a rejection of the handler that ends the process (trial 127 f26, run with the real
// fastmcp 3.35.0: it answered initialize, then exited with code 1 about 10 ms later).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const FASTMCP = { "node_modules/fastmcp/package.json": JSON.stringify({ name: "fastmcp", version: "3.35.0" }) };
const SERVER = (handler: string) => `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "session-demo", version: "1.0.0" });
server.addTool({ name: "count", description: "count", parameters: z.object({}), execute: async () => "1" });
server.on("connect", async () => {
${handler}
});
await server.start({ transportType: "stdio" });
`;
const ADD = `  server.addPrompt({ name: "later", description: "later", load: async () => "x" });`;

describe("fastmcp: a registration in the connect handler", () => {
  it("after an await: the SDK throws from it once the server runs, so the program may end (said, and not exact)", () => {
    const r = analyze({ ...FASTMCP, "src/index.ts": SERVER(`  await new Promise((done) => setTimeout(done, 10));\n${ADD}`) });
    const s = [...r.servers.values()][0]!;
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { completions: {}, logging: {}, tools: {} });
    assert.ok(s.unknown.some((u) => /connect handler after an await/.test(u.reason)), JSON.stringify(s.unknown));
    const d = r.diagnostics.find((x) => x.code === "fastmcp-first-after-start")!;
    assert.match(d.message, /after an await, when fastmcp has gone on and marked the server running/);
    assert.match(d.message, /Server does not support prompts/);
  });

  it("before any await: the session lacks it, nothing throws (exact, as before)", () => {
    const r = analyze({ ...FASTMCP, "src/index.ts": SERVER(`${ADD}\n  await new Promise((done) => setTimeout(done, 10));`) });
    const s = [...r.servers.values()][0]!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.match(r.diagnostics.find((x) => x.code === "fastmcp-first-after-start")!.message, /before it marks the server running/);
  });
});
