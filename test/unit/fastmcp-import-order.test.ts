// fastmcp: an exported server that several modules import. The one importer that starts it loads its
// own imports first (Node's module order): what their top level adds is in the session, for certain
// (trial 136 c20 was "may run before or after the session is built"). A module the entry does not
// load before starting the server keeps that doubt.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

function analyse(files: Record<string, string>) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module", dependencies: { fastmcp: "3.35.0" } }));
  fs.writeFileSync("/w/node_modules/fastmcp/package.json", JSON.stringify({ name: "fastmcp", version: "3.35.0" }));
  fs.writeFileSync("/w/src/server.ts", 'import { FastMCP } from "fastmcp";\nexport const server = new FastMCP({ name: "shared", version: "1.0.0" });\n');
  fs.writeFileSync("/w/src/tools.ts", 'import { server } from "./server.js";\nserver.addTool({ name: "t", description: "t", execute: async () => "ok" });\n');
  fs.writeFileSync("/w/src/prompts.ts", 'import { server } from "./server.js";\nserver.addPrompt({ name: "p", load: async () => "x" });\n');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/src/${name}`, text);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const paths = ["server.ts", "tools.ts", "prompts.ts", ...Object.keys(files)].map((f) => `/w/src/${f}`);
  return ws.analyzeFiles(paths, { tasksExtension: false }).servers.find((s) => s.name === "shared")!;
}

describe("fastmcp: modules registering on an exported server", () => {
  it("imported by the entry before it starts the server: in the session, exact", () => {
    const s = analyse({ "index.ts": 'import { server } from "./server.js";\nimport "./tools.js";\nimport "./prompts.js";\nawait server.start({ transportType: "stdio" });\n' });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(Object.keys(s.legacy ?? {}).sort(), ["completions", "logging", "prompts", "tools"]);
  });

  it("loaded only after start(), or not by the entry at all: still in doubt", () => {
    const s = analyse({ "index.ts": 'import { server } from "./server.js";\nimport "./tools.js";\nawait server.start({ transportType: "stdio" });\nawait import("./prompts.js");\n' });
    assert.ok(s.unknown.some((u) => u.path[0] === "prompts"), JSON.stringify(s.unknown));
    assert.ok(!s.unknown.some((u) => u.path[0] === "tools"), JSON.stringify(s.unknown));
  });
});
