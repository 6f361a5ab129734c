// mcp-framework before 0.2.20 scans, without basePath, the folder of the script node runs
// (process.argv[1]). The file that builds the server is taken for that script only when it starts the
// server too: built in src/lib/server.ts and started from src/index.ts, the loaders scan dist/ (the
// compiled index's folder), not dist/lib/ (trial 127 m42–m44, run with the real 0.2.15: the analysis
// said "no tools", an error, for a server that answered with tools; or tools, for one that died).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const FILES = {
  "package.json": JSON.stringify({ name: "lib-server", type: "module", dependencies: { "mcp-framework": "0.2.15" } }),
  "node_modules/mcp-framework/package.json": JSON.stringify({ name: "mcp-framework", version: "0.2.15" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src", module: "NodeNext", target: "ES2022" } }),
  "src/tools/ExampleTool.ts": 'import { MCPTool } from "mcp-framework";\nexport default class ExampleTool extends MCPTool {\n  name = "example";\n  description = "Example";\n  schema = {};\n  async execute() { return "ok"; }\n}\n',
};

describe("mcp-framework: the server built in one module and started in another", () => {
  it("is not known: the loaders' folder is the running script's, which the analysis does not see (no false 'no tools' error)", () => {
    const r = analyze({
      ...FILES,
      "src/lib/server.ts": 'import { MCPServer } from "mcp-framework";\nexport const server = new MCPServer({ name: "lib-server", version: "1.0.0" });\n',
      "src/index.ts": 'import { server } from "./lib/server.js";\nserver.start().catch(() => process.exit(1));\n',
    });
    const s = [...r.servers.values()][0]!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /process\.argv\[1\]/.test(u.reason)), JSON.stringify(s.unknown));
    assert.deepEqual(r.diagnostics.filter((d) => d.code === "mcp-framework-no-tools"), []);
  });

  it("built and started in the entry script: its folder, exactly", () => {
    const r = analyze({ ...FILES, "src/index.ts": 'import { MCPServer } from "mcp-framework";\nconst server = new MCPServer({ name: "lib-server", version: "1.0.0" });\nserver.start();\n' });
    const s = [...r.servers.values()][0]!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: {} });
  });
});
