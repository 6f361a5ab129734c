// `Object.entries(ns)`, `Object.keys(ns)` of a module namespace, and of an object, read as Node reads
// them: a namespace's exported values (types are no entries; `export { x } from` and `export *` pass
// theirs), so the names registered from them are known and a name met twice is a duplicate. A module
// whose exports cannot all be listed gives no names at all, and nothing is claimed. Fixture 525 proves
// the first with the real SDK (trial 144 c28, c80, c114).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const run = (files: Record<string, string>, loop: string) => {
  const r = analyze({ ...files, "s.ts": `${HEAD}import * as tools from "./tools";\nconst server = new McpServer({ name: "f", version: "1" });\n${loop}\nserver.registerTool("search", {}, async () => ({ content: [] }));\nawait server.connect(new StdioServerTransport());\n` });
  return { server: r.servers.get("f")!, duplicates: r.diagnostics.filter((d) => d.code === "sdk-duplicate-registration").map((d) => d.message) };
};
const ENTRIES = "for (const [name] of Object.entries(tools)) server.registerTool(name, {}, async () => ({ content: [] }));";
const KEYS = "Object.keys(tools).forEach((name) => server.registerTool(name, {}, async () => ({ content: [] })));";

describe("SDK: the entries of a module namespace", () => {
  it("a value exported directly, through export { } from, or through export *: a name met again is a duplicate", () => {
    for (const files of <Record<string, string>[]>[
      { "tools.ts": 'export interface Def { d: string }\nexport type Kind = "a";\nexport const search = { d: "s" };\nexport const fetch = { d: "f" };\n' },
      { "tools.ts": 'export { search } from "./more";\nexport const fetch = { d: "f" };\n', "more.ts": 'export const search = { d: "s" };\n' },
      { "tools.ts": 'export * from "./more";\nexport function fetch() {}\n', "more.ts": 'export const search = 1;\nexport default 2;\n' },
    ]) {
      for (const loop of [ENTRIES, KEYS]) {
        const { server, duplicates } = run(files, loop);
        assert.equal(duplicates.length, 1, `${JSON.stringify(files)} ${loop}\n${duplicates.join("\n")}`);
        assert.match(duplicates[0]!, /a tool named "search" is already registered/);
        assert.equal(server.legacy, null);
      }
    }
  });

  it("no name in common: exact, nothing said", () => {
    const { server, duplicates } = run({ "tools.ts": 'export const fetch = 1;\nexport class Lookup {}\n' }, ENTRIES);
    assert.deepEqual(duplicates, []);
    assert.equal(server.exact, true);
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
  });

  it("exports that cannot all be listed give no names: nothing is claimed", () => {
    for (const files of <Record<string, string>[]>[
      { "tools.ts": 'const o = { search: 1, x: 2 };\nexport const { search, x } = o;\n' },
      { "tools.ts": 'export * from "./a";\nexport * from "./b";\n', "a.ts": "export const search = 1;\n", "b.ts": "export const search = 2;\n" },
      { "tools.ts": 'import { search } from "./a";\nexport { search };\n', "a.ts": "export const search = 1;\n" },
    ]) {
      const { duplicates } = run(files, ENTRIES);
      assert.deepEqual(duplicates, [], JSON.stringify(files));
    }
  });
});
