// fastmcp from 4.17.1 refuses a tool whose schema is not a Standard Schema, and zod implements Standard
// Schema only from 3.24: with an older zod installed, a tool written with z.object(...) throws as it is
// added ("If you are using Zod, upgrade to version 3.24 or later"), and the server never starts (trial
// 123 g24, zod 3.23.8: exact before). A range in package.json installs the newest 3.x, which has it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const SERVER = `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "old-zod", version: "1.0.0" });
server.addTool({ name: "greet", description: "Greet", parameters: z.object({ name: z.string() }), execute: async () => "hi" });
server.start({ transportType: "stdio" });
`;

function analyse(zodInstalled: string | undefined) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module", dependencies: { fastmcp: "4.20.16", zod: "^3.23.8" } }));
  fs.writeFileSync("/w/node_modules/fastmcp/package.json", JSON.stringify({ name: "fastmcp", version: "4.20.16" }));
  if (zodInstalled) fs.writeFileSync("/w/node_modules/zod/package.json", JSON.stringify({ name: "zod", version: zodInstalled }));
  fs.writeFileSync("/w/server.ts", SERVER);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  return ws.analyzeFile("/w/server.ts", { tasksExtension: false });
}

describe("fastmcp with a zod that predates Standard Schema", () => {
  it("zod 3.23.8 installed: addTool throws, not served, fastmcp-schema-rejected", () => {
    const r = analyse("3.23.8");
    assert.equal(r.servers[0]!.legacy, null);
    assert.deepEqual(r.diagnostics.map((d) => d.code), ["fastmcp-schema-rejected"]);
    assert.match(r.diagnostics[0]!.message, /zod 3\.23\.8.*Upgrade zod to 3\.24/);
  });

  it("zod 3.24 or later installed, or only a range (npm installs the newest 3.x): served", () => {
    for (const zod of ["3.24.0", "3.25.76", undefined]) {
      const r = analyse(zod);
      assert.deepEqual(r.servers[0]!.legacy, { completions: {}, logging: {}, tools: {} }, String(zod));
    }
  });
});
