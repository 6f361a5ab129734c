// A class decorator of the workspace that comes down to MCP-Nest's McpController call (`() =>
// McpController({ server: "public" })`, or a const holding that call) tags its controllers with the
// server its options name (fixtures 40 and 64 prove it against the real framework). One that may do
// more, or whose options read its parameters, keeps which server binds them unknown.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const APP = (decorator: string) => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpStrategy, StdioTransport, Tool } from "@rekog/mcp-nest";
import { PublicMcp } from "./decorators";
${decorator}
class C {
  @Tool({ name: "t", description: "t" })
  t() {}
}
@Module({ controllers: [C] })
class AppModule {}
export const strategy = new McpStrategy({ name: "s", version: "1.0.0", server: "public", transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`;

function only(files: Record<string, string>): ServerReport {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/src/${name}`, text);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const found = ws.analyzeFiles(Object.keys(files).map((n) => `/w/src/${n}`), { tasksExtension: false }).servers.filter((s) => s.dialect === "mcp-nest");
  assert.equal(found.length, 1);
  return found[0]!;
}

const IMPORT = `import { applyDecorators, UseGuards } from "@nestjs/common";\nimport * as nest from "@rekog/mcp-nest";\nimport { McpController } from "@rekog/mcp-nest";\n`;

describe("MCP-Nest: a controller decorator of the workspace", () => {
  for (const [what, decorators, use] of [
    ["an arrow function returning McpController's call", `export const PublicMcp = () => McpController({ server: "public" });\n`, "@PublicMcp()"],
    ["a function declaration, through the package's namespace", `export function PublicMcp() {\n  return nest.McpController({ server: "public" });\n}\n`, "@PublicMcp()"],
    ["a const holding McpController's call", `export const PublicMcp = McpController({ server: "public" });\n`, "@PublicMcp"],
  ] as const) {
    it(`${what} tags the controller with its server`, () => {
      const s = only({ "decorators.ts": IMPORT + decorators, "app.ts": APP(use) });
      assert.equal(s.exact, true, JSON.stringify(s.unknown));
      assert.deepEqual(s.legacy, { logging: {}, tools: { listChanged: true } });
    });
  }

  it("another server's name: the strategy serves none of its tools", () => {
    const s = only({ "decorators.ts": IMPORT + `export const PublicMcp = () => McpController({ server: "internal" });\n`, "app.ts": APP("@PublicMcp()") });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { logging: {} });
  });

  for (const [what, decorators] of [
    ["options read from a parameter", `export const PublicMcp = (server = "public") => McpController({ server });\n`],
    ["a body that applies more", `export const PublicMcp = () => applyDecorators(McpController({ server: "public" }), UseGuards());\n`],
  ] as const) {
    it(`keeps the server unknown for ${what}`, () => {
      const s = only({ "decorators.ts": IMPORT + decorators, "app.ts": APP("@PublicMcp()") });
      assert.equal(s.exact, false);
      assert.ok(s.unknown.some((u) => u.path[0] === "tools"), JSON.stringify(s.unknown));
    });
  }
});
