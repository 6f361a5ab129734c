// A module that imports the exported server and that nothing in its package loads runs only as a
// program of its own: what it registers may or may not be in the served program, and the reason the
// report gives says that (not "under a condition", which the code does not have).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

function analyse(files: Record<string, string>) {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(name, text);
  const workspace = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  return workspace.analyzeFiles(Object.keys(files).filter((f) => f.endsWith(".ts")), { tasksExtension: false });
}

describe("keys registered only by a module nothing loads", () => {
  it("are not stated, and their reason names the module and why it may not run", () => {
    const analysis = analyse({
      "/w/package.json": JSON.stringify({ type: "module", main: "dist/main.js", dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } }),
      "/w/server.ts": 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("a", { description: "a" }, async () => ({ content: [] }));\n',
      "/w/main.ts": 'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nimport { server } from "./server.js";\nawait server.connect(new StdioServerTransport());\n',
      "/w/extra.ts": 'import { server } from "./server.js";\nserver.registerPrompt("p", { description: "p" }, () => ({ messages: [] }));\n',
    });
    const s = analysis.servers.find((x) => x.name === "s");
    assert.ok(s, JSON.stringify(analysis.servers.map((x) => x.name)));
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    const prompts = s.unknown.find((u) => u.path.join(".") === "prompts");
    assert.ok(prompts, JSON.stringify(s.unknown));
    assert.match(prompts.reason, /registered only in extra\.ts, which no module of the package loads/);
    assert.equal(prompts.loc?.file, "/w/extra.ts");
  });
});
