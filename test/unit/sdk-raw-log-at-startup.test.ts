// `server.server.notification({ method: "notifications/message", … })` without the logging capability
// throws "Server does not support logging". Sent at start-up with nothing taking the error, the
// program ends before answering (trial 126 c29, run with the real SDK 1.32.2: exit 1 before
// initialize): the prediction is not claimed. Taken by `main().catch(console.error)` (c31), the server
// answers, exactly as predicted.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SOURCE = (handler: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "announcer", version: "1.0.0" });
server.registerResource("a", "a://a", {}, async (u) => ({ contents: [{ uri: u.href, text: "" }] }));
async function main() {
  await server.connect(new StdioServerTransport());
  await server.server.notification({ method: "notifications/message", params: { level: "info", data: "started" } });
}
main().catch(${handler});
`;

describe("SDK: a raw log message at start-up without logging", () => {
  it("nothing takes the error (the catch exits): the server may not start", () => {
    const r = analyze({ "src/index.ts": SOURCE("(e) => { console.error(e); process.exit(1); }") });
    const s = [...r.servers.values()][0]!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /notifications\/message sent at start-up throws/.test(u.reason)), JSON.stringify(s.unknown));
    assert.ok(r.diagnostics.some((d) => d.code === "sdk-logging-dropped" && d.severity === "error"));
  });

  it("a catch that goes on: the server answers, exactly as predicted", () => {
    const s = [...analyze({ "src/index.ts": SOURCE("console.error") }).servers.values()][0]!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { resources: { listChanged: true } });
  });
});
