// SDK v2: a factory written as an entry point's argument that registers by `ctx.era` is replayed once
// per era, with its context holding that era: each era's capabilities come from its own run (fixture
// 512 proves it with the real SDK). What only one run leaves unknown is said for that era alone.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (body: string) => `import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
serveStdio((ctx) => {
  const server = new McpServer({ name: "eras", version: "1.0.0" });
  server.registerResource("readme", "docs://readme", {}, async (uri) => ({ contents: [{ uri: uri.href, text: "hi" }] }));
${body}
  return server;
});
`;
const run = (body: string) => analyze({ "src/index.ts": SERVER(body) }).servers.get("eras")!;
const tool = 'server.registerTool("plan", {}, async () => ({ content: [] }));';

describe("SDK v2: a factory registering by the era it is called for", () => {
  it("each era from its own run: exact", () => {
    for (const cond of ['ctx.era === "modern"', 'ctx.era !== "legacy"', '"modern" == ctx.era']) {
      const s = run(`  if (${cond}) ${tool}`);
      assert.equal(s.exact, true, `${cond}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(s.legacy, { resources: { listChanged: true } }, cond);
      assert.deepEqual(s.modern, { resources: { listChanged: true }, tools: { listChanged: true } }, cond);
      assert.ok(s.provenance.some((p) => p.era === "modern" && p.path[0] === "tools"), JSON.stringify(s.provenance));
      assert.ok(s.provenance.some((p) => p.era === "both" && p.path[0] === "resources"), JSON.stringify(s.provenance));
    }
  });

  it("what one era's run cannot know is said for that era only", () => {
    const s = run(`  if (ctx.era === "modern" && process.env.PLAN) ${tool}`);
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { resources: { listChanged: true } });
    assert.deepEqual(s.unknown.map((u) => [u.path.join("."), u.era]), [["tools", "modern"]]);
  });
});

describe("SDK v2: capabilities chosen by the era the factory is called for", () => {
  it("each era gets the arm its context picks: exact", () => {
    const s = analyze({
      "src/index.ts": `import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
serveStdio((ctx) => new McpServer({ name: "caps-by-era", version: "1.0.0" }, { capabilities: ctx.era === "legacy" ? { logging: {}, tools: {} } : { tools: {} } }));
`,
    }).servers.get("caps-by-era")!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { logging: {}, tools: { listChanged: true } });
    assert.deepEqual(s.modern, { tools: { listChanged: true } });
  });
});
