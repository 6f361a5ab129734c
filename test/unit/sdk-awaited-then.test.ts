// `await p.then(cb)`: cb has run when the await is over (if p rejects, the await throws instead), so
// what it registers comes before a later connect() (fixture 510 proves it with the real SDK). With a
// rejection handler (`then(onOk, onError)`) the program goes on after a rejection without onOk: its
// registration is not certain.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const run = (awaited: string) =>
  analyze({
    "src/index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
declare function loadConfig(): Promise<object>;
const server = new McpServer({ name: "then", version: "1.0.0" });
${awaited}
await server.connect(new StdioServerTransport());
`,
  }).servers.get("then")!;
const register = '() => { server.registerTool("t", {}, async () => ({ content: [] })); }';

describe("SDK: the callback of an awaited then()", () => {
  it("alone: run in place, certain", () => {
    for (const awaited of [`await loadConfig().then(${register});`, `await loadConfig().finally(${register});`]) {
      const s = run(awaited);
      assert.equal(s.exact, true, `${awaited}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    }
  });

  it("with a rejection handler beside it: not certain", () => {
    const s = run(`await loadConfig().then(${register}, () => undefined);`);
    assert.equal(s.exact, false);
  });
});
