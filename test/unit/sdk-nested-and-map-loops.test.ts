// A registration in a loop inside a loop runs for certain when every item of the outer table gives the
// inner loop items (`for (const [set, names] of Object.entries(SETS)) for (const n of names)`), and a
// loop over a Map or Set built from a literal array has that array's items. Where an outer item gives
// an empty or unknown inner list, or the Map may be emptied, the registration stays under its
// condition. Fixture 522 proves the first two with the real SDK (trial 141 c38, c40).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const nested = (table: string) =>
  analyze({
    "s.ts": `${HEAD}const SETS = ${table} as const;\nconst server = new McpServer({ name: "f", version: "1" });\nfor (const [set, names] of Object.entries(SETS)) {\n  for (const n of names) server.registerTool(\`\${set}.\${n}\`, {}, async () => ({ content: [] }));\n}\nserver.registerPrompt("p", {}, () => ({ messages: [] }));\nawait server.connect(new StdioServerTransport());\n`,
  }).servers.get("f")!;
const PAIRS = '[["start", async () => ({ content: [] })], ["stop", async () => ({ content: [] })]]';
const mapLoop = (extra: string, over = "HANDLERS", pairs = PAIRS, before = "") =>
  analyze({
    "s.ts": `${HEAD}${before}const HANDLERS = new Map(${pairs});\n${extra}const server = new McpServer({ name: "f", version: "1" });\nfor (const [name, h] of ${over}) server.registerTool(name, {}, h);\nserver.registerPrompt("p", {}, () => ({ messages: [] }));\nawait server.connect(new StdioServerTransport());\n`,
  }).servers.get("f")!;
const BOTH = { prompts: { listChanged: true }, tools: { listChanged: true } };

describe("SDK: loops inside loops, and loops over Maps", () => {
  it("an inner loop over each outer item's list registers for certain when every list has items", () => {
    const s = nested('{ repo: ["list", "get"], pr: ["merge"] }');
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, BOTH);
  });

  it("stays under its condition when one outer item's list is empty or not known", () => {
    for (const table of ['{ repo: ["list"], pr: [] }', "{ repo: process.argv.slice(2) }", "JSON.parse(process.env.SETS!)"]) {
      const s = nested(table);
      assert.equal(s.exact, false, table);
      assert.deepEqual(s.legacy?.prompts, { listChanged: true }, table);
    }
  });

  it("a loop over a Map (or its entries) built from a literal array registers for certain", () => {
    for (const over of ["HANDLERS", "HANDLERS.entries()"]) {
      const s = mapLoop("", over);
      assert.equal(s.exact, true, `${over}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(s.legacy, BOTH, over);
    }
  });

  it("a Map the program may empty, an empty one, or a Map class of the workspace stays under its condition", () => {
    for (const [extra, pairs, before] of [
      ["if (process.env.NONE) HANDLERS.clear();\n", PAIRS, ""],
      ['const same = HANDLERS;\nsame.delete("start");\nsame.delete("stop");\n', PAIRS, ""],
      ["", "[]", ""],
      ["", PAIRS, "class Map<K, V> { constructor(_: unknown) {} *[Symbol.iterator](): Generator<[K, V]> {} }\n"],
    ] as const) {
      const s = mapLoop(extra, "HANDLERS", pairs, before);
      assert.equal(s.exact, false, `${before}${extra}${pairs}`);
      assert.deepEqual(s.legacy?.prompts, { listChanged: true });
    }
  });
});
