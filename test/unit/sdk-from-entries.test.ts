// `Object.fromEntries(pairs)` in capabilities, as Node builds the object: known string keys in order,
// a later pair replacing an earlier one. An array-index key (Node puts those first) or a pair not
// known leaves the capabilities not known. Fixture 527 proves the first with the real SDK (trial 142 c95).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const run = (caps: string, before = "") =>
  analyze({
    "s.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n${before}const server = new McpServer({ name: "f", version: "1" }, { capabilities: ${caps} });\nawait server.connect(new StdioServerTransport());\n`,
  }).servers.get("f")!;

describe("SDK: capabilities built with Object.fromEntries", () => {
  it("pairs the source gives: the object Node builds, exact", () => {
    for (const [caps, before] of [
      ['Object.fromEntries([["logging", {}], ["experimental", { a: {} }]])', ""],
      ["Object.fromEntries(Object.keys(T).map((k) => [k, {}]))", 'const T = { logging: 1, experimental: 2 };\n'],
      ['Object.fromEntries([["logging", { x: 1 }], ["experimental", { a: {} }], ["logging", {}]])', ""],
    ] as const) {
      const s = run(caps, before);
      assert.equal(s.exact, true, `${caps}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(s.legacy, caps.includes("a: {}") ? { experimental: { a: {} }, logging: {} } : { experimental: {}, logging: {} }, caps);
    }
  });

  it("an index key or a pair not known: not stated", () => {
    for (const caps of ['Object.fromEntries([["1", {}], ["logging", {}]])', 'Object.fromEntries([[process.env.K!, {}]])', "Object.fromEntries(JSON.parse(process.argv[2]!))"]) {
      assert.equal(run(caps).exact, false, caps);
    }
  });
});
