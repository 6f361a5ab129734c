// fastmcp: `for (const register of [registerSearch, registerPrompts]) register(server)` runs each
// function of a list the source writes, as a direct call of each would (trial 111 f12). A list the
// file changes, or one that is not written out, leaves the server passed to code not followed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

function analyse(loop: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module", dependencies: { fastmcp: "3.35.0" } }));
  fs.writeFileSync("/w/node_modules/fastmcp/package.json", JSON.stringify({ name: "fastmcp", version: "3.35.0" }));
  fs.writeFileSync("/w/src/search.ts", 'import type { FastMCP } from "fastmcp";\nexport function registerSearch(server: FastMCP) {\n  server.addTool({ name: "search", description: "Search", execute: async () => "ok" });\n}\n');
  fs.writeFileSync("/w/src/prompts.ts", 'import type { FastMCP } from "fastmcp";\nexport function registerPrompts(server: FastMCP) {\n  server.addPrompt({ name: "review", description: "Review", load: async () => "review" });\n}\n');
  fs.writeFileSync(
    "/w/src/server.ts",
    `import { FastMCP } from "fastmcp";\nimport { registerSearch } from "./search.js";\nimport { registerPrompts } from "./prompts.js";\nconst server = new FastMCP({ name: "registrars", version: "1.0.0" });\n${loop}\nawait server.start({ transportType: "stdio" });\n`,
  );
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  return ws.analyzeFile("/w/src/server.ts", { tasksExtension: false }).servers[0]!;
}

describe("fastmcp: registrar functions called from a list", () => {
  it("a const list of the workspace's functions: each runs, exactly", () => {
    for (const loop of [
      "const registrars = [registerSearch, registerPrompts];\nfor (const register of registrars) register(server);",
      "for (const register of [registerSearch, registerPrompts]) register(server);",
      // The callback a forEach runs, with the item as its parameter (trial 113 g11).
      "[registerSearch, registerPrompts].forEach((register) => register(server));",
    ]) {
      const s = analyse(loop);
      assert.equal(s.exact, true, `${loop}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(Object.keys(s.legacy ?? {}).sort(), ["completions", "logging", "prompts", "tools"], loop);
    }
  });

  it("a list the file changes is not read: the server is passed to code not followed", () => {
    const s = analyse("const registrars = [registerSearch];\nregistrars.push(registerPrompts);\nfor (const register of registrars) register(server);");
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /passed to register/.test(u.reason)), JSON.stringify(s.unknown));
  });
});
