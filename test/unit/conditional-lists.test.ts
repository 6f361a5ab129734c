// Loops over conditional expressions (`flag ? readTools : allTools`): what both sides certainly hold
// is certain, a side that may be empty keeps the key open, and a conditional that refers to itself
// ends (read a few levels deep), in the SDK and fastmcp dialects alike.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK_PACKAGE = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };
const FASTMCP_PACKAGE = { "node_modules/fastmcp/package.json": JSON.stringify({ name: "fastmcp", version: "4.20.16" }) };

function only(files: Record<string, string>) {
  const r = analyze(files);
  assert.equal(r.servers.size, 1, [...r.servers.keys()].join(", "));
  return [...r.servers.values()][0]!;
}

const unknownKeys = (s: { unknown: readonly { path: readonly string[] }[] }) => [...new Set(s.unknown.map((u) => u.path[0] ?? ""))].sort();

describe("loops over a conditional expression", () => {
  it("SDK: both sides with items make the key certain; an empty side leaves it unknown", () => {
    const s = only({
      ...SDK_PACKAGE,
      "src/index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const read = [{ name: "a" }];
const write = [{ name: "b" }];
export async function start(t: any) {
  const server = new McpServer({ name: "x", version: "1" });
  const tools = process.env.RO ? read : [...read, ...write];
  for (const tool of tools) server.registerTool(tool.name, {}, async () => ({ content: [] }));
  for (const p of process.env.RO ? [] : ["p"]) server.registerPrompt(p, {}, () => ({ messages: [] }));
  await server.connect(t);
}
`,
    });
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.deepEqual(unknownKeys(s), ["prompts"]);
  });

  it("SDK: a conditional const that refers to itself ends, and says nothing certain", () => {
    const s = only({
      ...SDK_PACKAGE,
      "src/index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-ignore
const a = process.env.X ? a : b;
// @ts-ignore
const b = process.env.Y ? a : [1];
const server = new McpServer({ name: "x", version: "1" });
for (const t of a) server.registerTool(String(t), {}, async () => ({ content: [] }));
`,
    });
    assert.equal(s.exact, false);
    assert.deepEqual(unknownKeys(s), ["tools"]);
  });

  it("fastmcp: a module const choosing between two lists with items makes tools certain; a self-referring one ends", () => {
    const s = only({
      ...FASTMCP_PACKAGE,
      "src/index.ts": `import { FastMCP } from "fastmcp";
const read = [{ name: "a", execute: async () => "a" }];
// @ts-ignore
const loop = process.env.Z ? loop : [];
const TOOLS = process.env.RO ? read : [...read, ...loop];
const PROMPTS = process.env.RO ? loop : [{ name: "p", load: async () => "p" }];
const server = new FastMCP({ name: "x", version: "1.0.0" });
for (const t of TOOLS) server.addTool(t);
for (const p of PROMPTS) server.addPrompt(p);
await server.start({ transportType: "stdio" });
`,
    });
    assert.deepEqual(s.legacy, { completions: {}, logging: {}, tools: {} });
    assert.deepEqual(unknownKeys(s), ["prompts"]);
  });
});
