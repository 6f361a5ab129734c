// A file TypeScript parses cleanly can be a tree deeper than the analysis's recursive walks can go
// (a generated concatenation of thousands of strings). Such a file is analysed as far as it goes,
// never skipped whole: the deepest subtrees are cut, and a value in them is unknown, not guessed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const chain = (terms: number) => Array(terms).fill('"ab"').join(" + ");

describe("trees deeper than the analysis walks", () => {
  it("a Conduit server beside a 5,000-term concatenation is found and exact", () => {
    const r = analyze({ "cat.ts": `export const BANNER = ${chain(5000)};\nexport class Cat { handleListTools() {} }\n` });
    const s = r.servers.get("Cat");
    assert.ok(s, "the server is reported");
    assert.equal(s.exact, true);
    assert.deepEqual(Object.keys(s.legacy ?? {}).sort(), ["prompts", "resources", "tools"]);
  });

  it("a capability value deep in such an expression is unknown, not guessed", () => {
    const r = analyze({
      "deep.ts": `export class Deep {\n  static __capabilities__() { return { tools: {}, experimental: { banner: ${chain(5000)} } }; }\n  handleListTools() {}\n}\n`,
    });
    const s = r.servers.get("Deep")!;
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy?.tools, {});
    assert.deepEqual(s.unknown.map((u) => u.path.join(".")), ["experimental.banner"]);
  });

  it("an SDK server whose registrations sit beside a deep expression keeps them", () => {
    const r = analyze({
      "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }),
      "server.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const HELP = ${chain(5000)};
const server = new McpServer({ name: "deep", version: "1.0.0" });
server.registerTool("help", { description: HELP }, async () => ({ content: [] }));
if (process.env.DEBUG) { console.error(${chain(3000)}); }
await server.connect(new StdioServerTransport());
`,
    });
    const s = r.servers.get("deep");
    assert.ok(s, "the server is reported");
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });
});
