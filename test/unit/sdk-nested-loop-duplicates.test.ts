// Names registered in nested loops over lists the source writes: every combination of items is a
// name, so one registered twice (by two combinations, or by a combination and another call) is said,
// as it is for a single loop. Proven with the real SDK in the differential fixture 502; trial 129
// c102, c121–c124 were exact with no diagnostic while the server stopped at start-up; a list joined with
// concat() or flattened with flat() was not read at all (trial 131 c118, c127).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (body: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const s = new McpServer({ name: "nested", version: "1.0.0" });
${body}
await s.connect(new StdioServerTransport());
`;

const run = (body: string) => {
  const r = analyze({ "src/index.ts": SERVER(body) });
  return { server: r.servers.get("nested")!, duplicates: r.codes("sdk-duplicate-registration").map((d) => `${d.severity} line ${d.line}: ${d.message}`) };
};

describe("SDK: duplicate names from nested loops", () => {
  it("two for…of loops over literal lists, then a call taking one of their names: an error, the server does not start", () => {
    const { server, duplicates } = run('const P = ["gh", "gl"];\nconst A = ["search", "list"];\nfor (const p of P) for (const a of A) s.registerTool(`${p}_${a}`, {}, async () => ({ content: [] }));\ns.registerTool("gh_search", {}, async () => ({ content: [] }));');
    assert.equal(duplicates.length, 1, duplicates.join("\n"));
    assert.match(duplicates[0]!, /^error line 7: registerTool throws here: a tool named "gh_search" is already registered/);
    assert.equal(server.legacy, null);
  });

  it("two combinations giving one name: an error at the registration in the loop", () => {
    const { duplicates } = run('for (const env of ["prod", "prod"]) for (const op of ["get"]) s.registerTool(`${env}_${op}`, {}, async () => ({ content: [] }));');
    assert.equal(duplicates.length, 1, duplicates.join("\n"));
    assert.match(duplicates[0]!, /^error line 4: .*"prod_get" is already registered on this server \(an earlier item of the loop it is in\)/);
  });

  it("an inner for…of over each outer item's literal list: the duplicate is certain (trial 129 c122)", () => {
    const { server, duplicates } = run('const GROUPS = [["read", "write"], ["admin"]];\nfor (const g of GROUPS) for (const n of g) s.registerTool(n, {}, async () => ({ content: [] }));\ns.registerTool("write", {}, async () => ({ content: [] }));');
    assert.equal(duplicates.length, 1, duplicates.join("\n"));
    assert.match(duplicates[0]!, /^error line 6: registerTool throws here: a tool named "write" is already registered/);
    assert.equal(server.legacy, null);
  });

  it("a forEach inside a forEach: the duplicate is said (a warning: the inner list is not followed as certain)", () => {
    for (const body of [
      'const SETS = { a: ["one", "two"], b: ["three"] };\nObject.values(SETS).forEach((names) => names.forEach((n) => s.registerPrompt(n, {}, () => ({ messages: [] }))));\ns.registerPrompt("three", {}, () => ({ messages: [] }));',
    ]) {
      const { server, duplicates } = run(body);
      assert.equal(duplicates.length, 1, `${body}\n${duplicates.join("\n")}`);
      assert.match(duplicates[0]!, /^warning line 6: register(?:Tool|Prompt) throws here if it runs/);
      assert.equal(server.exact, false);
    }
  });

  it("distinct names in every combination: nothing said, exact", () => {
    const { server, duplicates } = run('const P = ["gh", "gl"];\nconst A = ["search", "list"];\nfor (const p of P) for (const a of A) s.registerTool(`${p}_${a}`, {}, async () => ({ content: [] }));\ns.registerTool("search_all", {}, async () => ({ content: [] }));');
    assert.deepEqual(duplicates, []);
    assert.equal(server.exact, true);
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
  });

  it("a loop over two const lists joined with concat(): the name both hold is a duplicate (trial 131 c118 was exact)", () => {
    for (const loop of ["for (const t of TOOLS.concat(EXTRA)) s.registerTool(t.name, {}, async () => ({ content: [] }));", "const ALL = TOOLS.concat(EXTRA);\nALL.forEach((t) => s.registerTool(t.name, {}, async () => ({ content: [] })));"]) {
      const { server, duplicates } = run(`const TOOLS = [{ name: "a" }, { name: "b" }];\nconst EXTRA = [{ name: "a" }];\n${loop}`);
      assert.equal(duplicates.length, 1, `${loop}: ${duplicates.join("\n")}`);
      assert.match(duplicates[0]!, /^error line \d+: .*"a" is already registered/);
      assert.equal(server.legacy, null);
    }
  });

  it("a loop over a list flattened with flat(): the name two sublists hold is a duplicate (trial 131 c127 was approximate, no diagnostic)", () => {
    const { server, duplicates } = run('[["a", "b"], ["a"]].flat().forEach((n) => s.registerTool(n, {}, async () => ({ content: [] })));');
    assert.equal(duplicates.length, 1, duplicates.join("\n"));
    assert.match(duplicates[0]!, /^error line 4: .*"a" is already registered/);
    assert.equal(server.legacy, null);
  });

  it("a helper registering in a loop, called twice with the same argument: its names are registered again (trial 141 c36 was exact)", () => {
    const helper = "function crud(server: McpServer, entity: string) {\n  for (const op of [\"create\", \"get\"]) server.registerTool(`${entity}_${op}`, {}, async () => ({ content: [] }));\n}\n";
    const same = run(`${helper}crud(s, "user");\ncrud(s, "user");`);
    assert.equal(same.duplicates.length, 1, same.duplicates.join("\n"));
    assert.match(same.duplicates[0]!, /^error line 5: .*"user_create" is already registered on this server \(by this same code, run before from line 7\)/);
    assert.equal(same.server.legacy, null);
    const other = run(`${helper}crud(s, "user");\ncrud(s, "team");`);
    assert.deepEqual(other.duplicates, []);
    assert.deepEqual(other.server.legacy, { tools: { listChanged: true } });
  });
});
