// Code that replaces how the server registers or what it sends, found by a hunt against the real SDK
// (trial 128): a method written over with Object.assign / defineProperty / a new prototype, or in a
// helper; the SDK's own `_capabilities` object reached; constructor options not known while other
// parts are. Each states nothing the server may not send (fixtures 499 and 500 run two with the SDK).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "s", version: "1.0.0" });
server.tool("a", {}, async () => ({ content: [] }));
`;
const TAIL = `await server.connect(new StdioServerTransport());\n`;
const reasons = (s: { unknown: readonly { path: readonly string[]; reason: string }[] }) => s.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`).join("\n");

describe("SDK: registration methods replaced, the SDK's own capabilities reached", () => {
  for (const [label, write] of [
    ["Object.assign(server, { prompt })", `Object.assign(server, { prompt: () => undefined });\n`],
    ["Object.defineProperty(server, \"prompt\", …)", `Object.defineProperty(server, "prompt", { value: () => undefined });\n`],
    ["Object.setPrototypeOf(server, …)", `Object.setPrototypeOf(server, Object.create(McpServer.prototype));\n`],
    ["a helper assigning the method under a condition", `function lock(t: McpServer) { if (process.env.LOCK) (t as any).prompt = () => undefined; }\nlock(server);\n`],
  ] as const) {
    it(`${label}: a prompt registered after it is not stated`, () => {
      const s = analyze({ "src/index.ts": `${HEAD}${write}server.prompt("p", async () => ({ messages: [] }));\n${TAIL}` }).servers.get("s")!;
      assert.equal(s.exact, false);
      assert.equal("prompts" in s.legacy!, false, `${label}: ${JSON.stringify(s.legacy)}`);
      assert.match(reasons(s), /^prompts: prompts is registered through /m);
    });
  }

  it("`_capabilities` reached: nothing is stated", () => {
    const s = analyze({ "src/index.ts": `${HEAD}const caps = (server.server as any)._capabilities;\nif (process.env.HIDE) delete caps.tools;\n${TAIL}` }).servers.get("s")!;
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, {});
    assert.match(reasons(s), /the code reaches the SDK's own capabilities object, _capabilities \(line 5\)/);
  });

  it("constructor options not known, with a conditional registration beside: both said", () => {
    const src = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const verbose = Boolean(process.env.LOG);
const server = new McpServer({ name: "s", version: "1.0.0" }, verbose ? { capabilities: { logging: {} } } : undefined);
if (process.env.PROMPTS) server.prompt("p", async () => ({ messages: [] }));
${TAIL}`;
    const s = analyze({ "src/index.ts": src }).servers.get("s")!;
    assert.equal(s.exact, false);
    const whole = s.unknown.find((u) => u.path.length === 0);
    assert.ok(whole, reasons(s));
    assert.equal(whole.spread, true);
    assert.match(whole.reason, /the constructor's options are not known statically/);
    assert.match(reasons(s), /^prompts: /m);
  });
});
