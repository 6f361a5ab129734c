// A relative basePath (`basePath: "./build"`) is resolved by node against the working directory: the
// loaders find the tools when the server is started in the project folder, and nothing (start() then
// throws "Server does not support tools") when an MCP client starts it anywhere else. The prediction
// is for the project folder, and says the server may not start elsewhere (trial 130 c98 was exact and
// crashed when started from another folder). A basePath built from the module's own folder is exact.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

function analyse(basePath: string | undefined, outDir = "build") {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir, rootDir: "src" } }));
  fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
  fs.writeFileSync("/w/src/index.ts", `import { MCPServer } from "mcp-framework";\nconst server = new MCPServer({ name: "x", version: "1.0.0"${basePath === undefined ? "" : `, basePath: ${basePath}`} });\nserver.start();\n`);
  fs.writeFileSync("/w/src/tools/Echo.ts", 'import { MCPTool } from "mcp-framework";\nexport default class Echo extends MCPTool {}\n');
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const [server] = ws.analyzeFile("/w/src/index.ts", { tasksExtension: false }).servers;
  assert.ok(server);
  return server;
}

describe("mcp-framework: a relative basePath", () => {
  it('"./build": tools from the project folder, and the server may not start anywhere else', () => {
    const server = analyse('"./build"');
    assert.deepEqual(server.legacy, { tools: {} });
    assert.equal(server.exact, false);
    assert.deepEqual(server.unknown.map((u) => [u.path, u.reason.slice(0, 94)]), [[[], 'the server may not start: basePath "./build" is relative, so node resolves it against the work']]);
  });

  it("import.meta.dirname: the module's own folder wherever the server is started, exact", () => {
    const server = analyse("import.meta.dirname");
    assert.deepEqual(server.legacy, { tools: {} });
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
  });

  it("no basePath and outDir build: whether a tool is loaded is not known, so the server may not start (trial 130 c118 stopped)", () => {
    const server = analyse(undefined);
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => u.path[0] === "tools"), JSON.stringify(server.unknown));
    assert.ok(server.unknown.some((u) => u.path.length === 0 && u.reason.startsWith("the server may not start: whether a tool is loaded is not known")), JSON.stringify(server.unknown));
  });
});
