// fastmcp: a function of the server's file that nothing names (not called, not exported, not handed
// on) never runs, so what it adds is never "added after start()" (trial 132 c17 was warned that its
// tool would be announced without listChanged). One that something calls still counts.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

function analyse(body: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module", dependencies: { fastmcp: "3.35.0" } }));
  fs.writeFileSync("/w/node_modules/fastmcp/package.json", JSON.stringify({ name: "fastmcp", version: "3.35.0" }));
  fs.writeFileSync("/w/src/server.ts", `import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: "uncalled", version: "1.0.0" });\n${body}\nserver.addTool({ name: "ok", description: "ok", execute: async () => "ok" });\nawait server.start({ transportType: "stdio" });\n`);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  return ws.analyzeFile("/w/src/server.ts", { tasksExtension: false });
}

const LEGACY_TOOLS = `function legacyTools() {\n  server.addTool({ name: "raw", description: "raw", execute: async () => "ok" });\n}`;

describe("fastmcp: functions nothing calls", () => {
  it("never run: no warning, exact", () => {
    const r = analyse(LEGACY_TOOLS);
    assert.deepEqual(r.diagnostics.map((d) => d.code), []);
    assert.equal(r.servers[0]!.exact, true, JSON.stringify(r.servers[0]!.unknown));
  });

  it("called later (from a timer), or exported: the late addTool is warned about", () => {
    for (const body of [`${LEGACY_TOOLS}\nsetTimeout(legacyTools, 1000);`, `export ${LEGACY_TOOLS}`]) {
      const r = analyse(body);
      assert.ok(r.diagnostics.some((d) => d.code === "fastmcp-list-changed-unadvertised"), `${body}: ${r.diagnostics.map((d) => d.code).join(", ")}`);
    }
  });
});
