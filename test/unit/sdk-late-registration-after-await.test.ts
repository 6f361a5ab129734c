// A registration after connect() throws, and at start-up that stops the server. Right after connect()
// it stops before any request is read: nothing is answered. After an await (a timer, a fetch, a
// database), the connected transport reads requests while the program waits: a client may get the
// capabilities first, then lose the server (trial 133 c82, c112 answered initialize, then stopped,
// while the prediction said nothing was answered).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (after: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "late", version: "1.0.0" });
server.registerTool("t", {}, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
${after}
`;
const run = (after: string) => {
  const r = analyze({ "src/index.ts": SERVER(after) });
  return { s: r.servers.get("late")!, errors: r.codes("sdk-register-after-connect").map((d) => `${d.severity} line ${d.line}`) };
};
const late = 'server.registerPrompt("late", {}, () => ({ messages: [] }));';

describe("SDK: a registration after connect() and an await", () => {
  it("right after connect(): an error, and nothing is answered", () => {
    for (const [after, line] of [[late, 6], [`// await the config first\nconst note = "no await here";\n${late}`, 8]] as const) {
      const { s, errors } = run(after);
      assert.deepEqual(errors, [`error line ${line}`], after);
      assert.equal(s.legacy, null, after);
      assert.equal(s.exact, true, after);
    }
  });

  it("after an await: still an error, and the server may answer with its capabilities before it stops", () => {
    for (const [after, line] of [
      [`await new Promise((r) => setTimeout(r, 300));\n${late}`, 7],
      [`void (async () => { await new Promise((r) => setTimeout(r, 10)); ${late} })();`, 6],
    ] as const) {
      const { s, errors } = run(after);
      assert.deepEqual(errors, [`error line ${line}`], after);
      assert.equal(s.exact, false, after);
      assert.deepEqual(s.legacy, { tools: { listChanged: true } }, after);
      assert.ok(s.unknown.some((u) => /throws once the await at line 6 is over, and the server may answer requests before that/.test(u.reason)), after);
    }
  });
});
