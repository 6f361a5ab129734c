// start() called again while the server runs (startedTwice.ts): mcp-framework rejects with "Server is
// already running" and the process ends (fixtures 68 and 69 of test/fixtures/mcp-framework prove it
// on the real framework). Reported only where both calls surely run: top-level statements, the first
// not awaited, the second neither under a condition nor caught.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const HEAD = 'import { MCPServer } from "mcp-framework";\nexport const server = new MCPServer({ name: "x" });\n';

function analyse(files: Record<string, string>) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
  fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
  fs.writeFileSync("/w/src/tools/Echo.ts", 'import { MCPTool } from "mcp-framework";\nexport default class Echo extends MCPTool {}\n');
  for (const [path, text] of Object.entries(files)) fs.writeFileSync(`/w/src/${path}`, text);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const analysis = ws.analyzeFiles(Object.keys(files).map((f) => `/w/src/${f}`), { tasksExtension: false });
  const [server] = analysis.servers;
  assert.ok(server);
  return { server, twice: analysis.diagnostics.filter((d) => d.code === "mcp-framework-started-twice").map((d) => d.loc.file.slice("/w/src/".length)) };
}

describe("mcp-framework: start() called while the server already runs", () => {
  it("twice at the top level of the module that builds it (the second awaited or not): start-up throws", () => {
    for (const second of ["server.start();", "await server.start();", "void server.start();"]) {
      const r = analyse({ "index.ts": `${HEAD}server.start();\nconsole.error("starting");\n${second}\n` });
      assert.deepEqual(r.twice, ["index.ts"], second);
      assert.equal(r.server.legacy, null);
      assert.equal(r.server.startupThrows?.code, "mcp-framework-started-twice");
    }
  });

  it("again in a module importing it: reported there, and the server may not start", () => {
    const r = analyse({ "index.ts": `${HEAD}server.start();\n`, "main.ts": 'import { server } from "./index.js";\nawait server.start();\n' });
    assert.deepEqual(r.twice, ["main.ts"]);
    assert.deepEqual(r.server.legacy, { tools: {} });
    assert.equal(r.server.exact, false);
    assert.ok(r.server.unknown.some((u) => u.path.length === 0 && /main\.ts imports the server and calls start\(\) again/.test(u.reason)));
  });

  it("not where one of the two may not run, or runs later, or the rejection is caught", () => {
    for (const files of <Record<string, string>[]>[
      // The first awaited: the module waits there until the server stops.
      { "index.ts": `${HEAD}await server.start();\nserver.start();\n` },
      { "index.ts": `${HEAD}if (process.env.MCP) server.start();\nserver.start();\n` },
      { "index.ts": `${HEAD}server.start();\nserver.start().catch(() => {});\n` },
      { "index.ts": `${HEAD}server.start();\ntry {\n  await server.start();\n} catch {}\n` },
      { "index.ts": `${HEAD}server.start();\nawait server.stop();\nserver.start();\n` },
      { "index.ts": `${HEAD}server.start();\n`, "main.ts": 'import { server } from "./index.js";\nexport async function main() {\n  await server.start();\n}\n' },
      // A cycle: main.ts runs first when index.ts is the entry.
      { "index.ts": `${HEAD}import "./main.js";\nserver.start();\n`, "main.ts": 'import { server } from "./index.js";\nserver.start();\n' },
    ]) {
      const r = analyse(files);
      assert.deepEqual(r.twice, [], JSON.stringify(files));
      assert.notEqual(r.server.legacy, null, JSON.stringify(files));
    }
  });
});
