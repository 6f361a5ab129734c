// A top-level `let` that no code of the file assigns again is read as its value; any way of writing
// it again (an assignment, a compound one, `++`, a destructuring pattern, a loop head, a write in a
// function that hides it) leaves it unknown. Proven with the real SDK in the differential fixture 504
// (trial 128 c10 was approximate).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (body: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "lets", version: "1.0.0" });
const toolsets: Record<string, (s: McpServer) => void> = {
  search: (s) => { s.registerTool("search", {}, async () => ({ content: [] })); },
  docs: (s) => { s.registerPrompt("docs", {}, () => ({ messages: [] })); },
};
${body}
toolsets[selected]!(server);
await server.connect(new StdioServerTransport());
`;

const run = (body: string) => analyze({ "src/index.ts": SERVER(body) }).servers.get("lets")!;

describe("a top-level let never assigned again", () => {
  it("is read as its value, with or without a type", () => {
    for (const body of ['let selected = "docs";', 'const D = "docs";\nlet selected: string = D;', 'export let selected = "docs";']) {
      const s = run(body);
      assert.equal(s.exact, true, body);
      assert.deepEqual(s.legacy, { prompts: { listChanged: true } }, body);
    }
  });

  it("is unknown once any code may write it again", () => {
    for (const body of [
      'let selected = "docs";\nif (process.env.T) selected = "search";',
      'let selected = "docs";\nexport function pick(t: string) { selected += t; }',
      'let selected: string = "docs";\nfunction later() { selected = "search"; }\nlater();',
      'let selected = "docs";\n[selected] = process.argv.slice(2);',
      'let selected = "docs";\n({ selected } = JSON.parse(process.env.CFG ?? "{}"));',
      'let selected = "docs";\nfor (selected of process.argv) {}',
      'let selected: any = "docs";\nselected++;',
      'let selected = "docs";\n(selected as string) = process.env.T!;',
      'let selected = "docs";\nfunction f() { let selected = 1; selected = 2; }',
    ]) {
      const s = run(body);
      assert.equal(s.exact, false, body);
      assert.equal(s.legacy?.prompts, undefined, body);
    }
  });

  it("a let without a value, or a var, stays unknown", () => {
    for (const body of ['let selected;\nselected = "docs";', 'var selected = "docs";']) assert.equal(run(body).exact, false, body);
  });
});
