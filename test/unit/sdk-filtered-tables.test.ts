// A literal table filtered by a callback the evaluator can compute item by item (`!t.disabled`,
// `t.kind === "read"`), as Node runs it: a flag the item leaves out is `undefined`. What it cannot
// compute for every item (a call, a value from the environment, a table with a spread of unknown
// length) leaves the registration under its condition. Fixture 519 proves the first case with the
// real SDK (trial 139 c17, c18).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const TABLE = 'const TOOLS = [{ name: "a", kind: "read" }, { name: "b", kind: "write", disabled: true }, { name: "c", kind: "write" }];\n';
const run = (filter: string, extra = "") =>
  analyze({ "s.ts": `${HEAD}${TABLE}${extra}const server = new McpServer({ name: "f", version: "1" });\nfor (const t of TOOLS.filter(${filter})) server.registerTool(t.name, {}, async () => ({ content: [] }));\nserver.registerPrompt("p", {}, () => ({ messages: [] }));\nawait server.connect(new StdioServerTransport());\n` }).servers.get("f")!;

describe("SDK: a literal table filtered by its own fields", () => {
  it("is read item by item: some kept (tools), or none (no tools)", () => {
    for (const [filter, tools] of [
      ["(t) => !t.disabled", true],
      ['(t) => t.kind === "read"', true],
      ['(t) => t.kind === "admin"', false],
    ] as const) {
      const s = run(filter);
      assert.equal(s.exact, true, `${filter}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(s.legacy, tools ? { prompts: { listChanged: true }, tools: { listChanged: true } } : { prompts: { listChanged: true } }, filter);
    }
  });

  it("stays under its condition when a callback result is not known for every item", () => {
    for (const [filter, extra] of [
      ["(t) => allowed(t.name)", "declare function allowed(n: string): boolean;\n"],
      ["(t) => t.kind === process.env.KIND", ""],
      // A push of a spread of unknown length (a plain top-level push of a literal is replayed: known).
      ["(t) => !t.disabled", "declare function more(): { name: string; kind: string }[];\nTOOLS.push(...more());\n"],
    ] as const) {
      const s = run(filter, extra);
      assert.equal(s.exact, false, filter);
      assert.equal(s.legacy?.prompts !== undefined, true, filter);
    }
  });
});
