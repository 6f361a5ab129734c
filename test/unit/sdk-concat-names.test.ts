// A registration's name joined with `+` from strings and known names (`PREFIX + "_list"`) is a known
// name: registering it twice is the SDK's "already registered" throw, as with a literal or a template
// (trial 122 x04, x14: exact before, while the real server crashed).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "s", version: "1" });\nconst PREFIX = "files";\n';
const tool = (name: string) => `server.registerTool(${name}, {}, async () => ({ content: [] }));\n`;

describe("SDK: names joined with +", () => {
  it("a duplicate written as a join and as a literal or template is the SDK's throw", () => {
    for (const [a, b] of [['"files_list"', '"files" + "_list"'], ["PREFIX + '_list'", "`${PREFIX}_list`"], ['PREFIX + "_" + "list"', '"files_list"']]) {
      const r = analyze({ "s.ts": `${HEAD}${tool(a)}${tool(b)}` });
      assert.deepEqual(r.codes("sdk-duplicate-registration").map((d) => d.severity), ["error"], `${a} / ${b}`);
      assert.equal(r.servers.get("s")?.legacy, null);
    }
  });

  it("different joined names, or a part not known, are no duplicate", () => {
    assert.deepEqual(analyze({ "s.ts": `${HEAD}${tool('PREFIX + "_list"')}${tool('PREFIX + "_read"')}` }).codes("sdk-duplicate-registration"), []);
    assert.deepEqual(analyze({ "s.ts": `${HEAD}${tool('PREFIX + "_list"')}${tool('process.env.P + "_list"')}` }).codes("sdk-duplicate-registration"), []);
    // A number first: `1 + 2 + "x"` is "3x", not read.
    assert.deepEqual(analyze({ "s.ts": `${HEAD}${tool('"3x"')}${tool('1 + 2 + "x"')}` }).codes("sdk-duplicate-registration"), []);
  });
});
