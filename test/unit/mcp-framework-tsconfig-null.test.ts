// `"rootDir": null` in a tsconfig that extends a base takes the base's rootDir back (tsc's default
// again): the output layout, and so the folder mcp-framework loads its tools from, follow from the
// inputs (trial 132 c100: the message named the base's folder, not the project's).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

function analyse(rootDir: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/app/config/tsconfig.base.json", JSON.stringify({ compilerOptions: { outDir: "../dist", rootDir: "src" } }));
  fs.writeFileSync("/w/app/package.json", JSON.stringify({ name: "app", type: "module" }));
  fs.writeFileSync("/w/app/tsconfig.json", `{ "extends": "./config/tsconfig.base.json", "compilerOptions": { "rootDir": ${rootDir} }, "include": ["src"] }`);
  fs.writeFileSync("/w/app/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
  fs.writeFileSync("/w/app/src/index.ts", 'import { MCPServer } from "mcp-framework";\nconst server = new MCPServer({ name: "x", version: "1.0.0", basePath: import.meta.dirname });\nserver.start();\n');
  fs.writeFileSync("/w/app/src/tools/Echo.ts", 'import { MCPTool } from "mcp-framework";\nexport default class Echo extends MCPTool {}\n');
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w/app"] });
  const [server] = ws.analyzeFile("/w/app/src/index.ts", { tasksExtension: false }).servers;
  assert.ok(server);
  return server;
}

describe("mcp-framework: a tsconfig option set to null", () => {
  it("rootDir: null is not the base's rootDir: the tools are found where the inputs put them", () => {
    for (const rootDir of ["null", '"src"', '"./src"']) {
      const server = analyse(rootDir);
      assert.equal(server.exact, true, `${rootDir}: ${JSON.stringify(server.unknown)}`);
      assert.deepEqual(server.legacy, { tools: {} }, rootDir);
    }
  });
});
