// fastmcp: a registration method taken off the server (`const { addTool } = server`) has no `this`
// when called alone: FastMCP keeps its tools in private fields, so the call throws "Cannot read
// properties of undefined". Called right there at start-up, the program stops (trial 136 c26 was
// approximate without "may not start"); only taken off, or called later, the tools stay unknown.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

function analyse(body: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module", dependencies: { fastmcp: "3.35.0" } }));
  fs.writeFileSync("/w/node_modules/fastmcp/package.json", JSON.stringify({ name: "fastmcp", version: "3.35.0" }));
  fs.writeFileSync("/w/src/server.ts", `import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: "taken", version: "1.0.0" });\nconst { addTool } = server;\n${body}\nawait server.start({ transportType: "stdio" });\n`);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  return ws.analyzeFile("/w/src/server.ts", { tasksExtension: false }).servers[0]!;
}

const mayNotStart = (s: ReturnType<typeof analyse>) => s.unknown.some((u) => u.path.length === 0 && u.reason.startsWith("the server may not start: addTool() is taken off the server"));

describe("fastmcp: a registration method taken off the server", () => {
  it("called at start-up: the server may not start", () => {
    const s = analyse('addTool({ name: "x", description: "x", execute: async () => "ok" });');
    assert.equal(s.exact, false);
    assert.ok(mayNotStart(s), JSON.stringify(s.unknown));
  });

  it("only taken off, or called in a callback later: tools unknown, the start not in doubt", () => {
    for (const body of ["void addTool;", 'setTimeout(() => addTool({ name: "x", description: "x", execute: async () => "ok" }), 10);']) {
      const s = analyse(body);
      assert.ok(s.unknown.some((u) => u.path[0] === "tools"), body);
      assert.ok(!mayNotStart(s), `${body}: ${JSON.stringify(s.unknown)}`);
    }
  });
});
