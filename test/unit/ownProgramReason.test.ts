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

  // Trial 110 s02: the serving module imports search.ts, which registers a tool on import; review.ts,
  // which nothing imports, registers a prompt. The tool comes before connect() whatever review.ts does.
  it("a module the serving module imports still registers before connect() when another module nothing loads registers too", () => {
    const analysis = analyse({
      "/w/package.json": JSON.stringify({ type: "module", main: "dist/index.js", dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } }),
      "/w/server.ts": 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "s", version: "1" });\n',
      "/w/tools/search.ts": 'import { server } from "../server.js";\nserver.registerTool("search", { description: "Search" }, async () => ({ content: [] }));\n',
      "/w/prompts/review.ts": 'import { server } from "../server.js";\nserver.registerPrompt("review", {}, () => ({ messages: [] }));\n',
      "/w/index.ts": 'import "./tools/search.js";\nimport { server } from "./server.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nawait server.connect(new StdioServerTransport());\n',
    });
    const s = analysis.servers.find((x) => x.name === "s")!;
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.deepEqual(s.unknown.map((u) => u.path.join(".")), ["prompts"], JSON.stringify(s.unknown));
    assert.deepEqual(analysis.diagnostics.filter((d) => d.code === "sdk-register-after-connect" && d.loc.file === "/w/tools/search.ts"), []);
  });

  // Trial 89 o13: the entry names review.ts only in an import erased at compile time; review.ts never
  // runs, and its registration is not taken for one made after connect().
  const typeImport = (clause: string, tsconfig?: string) =>
    analyse({
      "/w/package.json": JSON.stringify({ type: "module", main: "dist/index.js", dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } }),
      ...(tsconfig ? { "/w/tsconfig.json": tsconfig } : {}),
      "/w/server.ts": 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "s", version: "1" });\n',
      "/w/review.ts": 'import { server } from "./server.js";\nexport interface ReviewArgs { file: string }\nserver.registerPrompt("review", {}, () => ({ messages: [] }));\n',
      "/w/index.ts": `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nimport { server } from "./server.js";\n${clause} from "./review.js";\nawait server.connect(new StdioServerTransport());\n`,
    });

  for (const clause of ["import type { ReviewArgs }", "import { type ReviewArgs }"]) {
    it(`a module named only in \`${clause}\` is not loaded by it: no register-after-connect error`, () => {
      const analysis = typeImport(clause);
      const s = analysis.servers.find((x) => x.name === "s")!;
      assert.deepEqual(analysis.diagnostics.filter((d) => d.code === "sdk-register-after-connect"), []);
      assert.match(s.unknown.map((u) => u.reason).join("\n"), /registered only in review\.ts, which no module of the package loads/);
    });
  }

  it("`import { type ReviewArgs }` under verbatimModuleSyntax still loads the module", () => {
    const analysis = typeImport("import { type ReviewArgs }", JSON.stringify({ compilerOptions: { verbatimModuleSyntax: true } }));
    assert.doesNotMatch(analysis.servers.find((x) => x.name === "s")!.unknown.map((u) => u.reason).join("\n"), /no module of the package loads/);
  });
});
