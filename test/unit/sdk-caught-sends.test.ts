// A notification the SDK rejects (its capability is not advertised), sent once connected: the server
// stops unless the rejection is handled where the call is made. `.catch(...)` on the call, or an
// `await` of it inside a try whose catch goes on, handles it (the server keeps serving, and the
// notification is said to be never sent); a try around a call not awaited catches nothing. Proven with
// the real SDK in the differential fixture 503; trial 129 c146, c149, c150.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (after: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const s = new McpServer({ name: "sends", version: "1.0.0" });
s.registerTool("t", {}, async () => ({ content: [] }));
await s.connect(new StdioServerTransport());
${after}
`;

const run = (after: string) => {
  const r = analyze({ "src/index.ts": SERVER(after) });
  return { server: r.servers.get("sends")!, flags: r.codes("sdk-notification-flag").map((d) => `${d.severity}: ${d.message}`) };
};

describe("SDK: rejected notifications, handled or not", () => {
  for (const [label, after] of [
    [".catch on the call", "s.server.sendPromptListChanged().catch(() => {});"],
    [".then with a rejection handler", "s.server.sendPromptListChanged().then(console.log, console.error);"],
    ["awaited in a try whose catch goes on", 'try {\n  await s.server.sendPromptListChanged();\n} catch {\n  console.error("no prompts");\n}'],
  ] as const) {
    it(`${label}: the server goes on (exact), a warning says the notification is never sent`, () => {
      const { server, flags } = run(after);
      assert.equal(server.exact, true, JSON.stringify(server.unknown));
      assert.deepEqual(server.legacy, { tools: { listChanged: true } });
      assert.equal(flags.length, 1);
      assert.match(flags[0]!, /^warning: sendPromptListChanged\(\) is rejected: .* The rejection is caught here, so the server goes on, but the notification is never sent\./);
    });
  }

  for (const [label, after] of [
    ["not handled", "s.server.sendPromptListChanged();"],
    ["a try around a call not awaited", 'try {\n  s.server.sendPromptListChanged();\n} catch {\n  console.error("no prompts");\n}'],
  ] as const) {
    it(`${label}: an error, and the server may not start`, () => {
      const { server, flags } = run(after);
      assert.equal(server.exact, false);
      assert.ok(server.unknown.some((u) => u.reason.startsWith("the server may not start: sendPromptListChanged()")), JSON.stringify(server.unknown));
      assert.equal(flags.length, 1);
      assert.match(flags[0]!, /^error: sendPromptListChanged\(\) throws/);
    });
  }
});
