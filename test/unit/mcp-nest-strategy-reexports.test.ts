// The MCP-Nest dialect finds `new McpStrategy(...)` when McpStrategy reaches the file through modules of
// the workspace that re-export it (fixture 31 proves the named barrel against the real framework);
// a class of the workspace that is merely called McpStrategy is no server.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const APP = (from: string) => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, StdioTransport, Tool } from "${from}";
@McpController()
class C {
  @Tool({ name: "t", description: "t" })
  t() {}
}
@Module({ controllers: [C] })
class AppModule {}
export const strategy = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`;

function servers(files: Record<string, string>): ServerReport[] {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/src/${name}`, text);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  return ws.analyzeFiles(Object.keys(files).map((n) => `/w/src/${n}`), { tasksExtension: false }).servers.filter((s) => s.dialect === "mcp-nest");
}

describe("MCP-Nest: McpStrategy through the workspace's re-exports", () => {
  it("follows `export *` of the package through two barrels, transports included", () => {
    const found = servers({
      "lib/mcp.ts": `export * from "@rekog/mcp-nest";\n`,
      "lib/index.ts": `export * from "./mcp";\n`,
      "app.ts": APP("./lib"),
    });
    assert.equal(found.length, 1);
    assert.equal(found[0]!.exact, true, JSON.stringify(found[0]!.unknown));
    assert.deepEqual(Object.keys(found[0]!.legacy ?? {}).sort(), ["logging", "tools"]);
    assert.equal(found[0]!.eraNotes, undefined, "the stdio transport is read through the barrel");
  });

  it("follows a renamed re-export", () => {
    const found = servers({
      "mcp.ts": `export { McpStrategy as Strategy } from "@rekog/mcp-nest";\nexport { McpController, StdioTransport, Tool } from "@rekog/mcp-nest";\n`,
      "app.ts": APP("./mcp").replace("McpStrategy, StdioTransport", "Strategy as McpStrategy, StdioTransport"),
    });
    assert.equal(found.length, 1);
    assert.equal(found[0]!.exact, true, JSON.stringify(found[0]!.unknown));
  });

  it("a workspace class named McpStrategy is not MCP-Nest's", () => {
    const found = servers({
      "mcp.ts": `export class McpStrategy { constructor(_o: unknown) {} }\nexport { McpController, StdioTransport, Tool } from "@rekog/mcp-nest";\n`,
      "app.ts": APP("./mcp"),
    });
    assert.equal(found.length, 0);
  });
});
