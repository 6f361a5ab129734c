// MCP-Nest 2.x refuses a tool whose parameters write the key `x-mcp-header` as the application starts
// (fixture 56 proves it with the real framework): nothing is served. The key is read as code: in a
// comment, or as a value rather than a property name, it is nothing.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

function analyse(parameters: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync(
    "/w/src/app.ts",
    `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, StdioTransport, Tool } from "@rekog/mcp-nest";
import { z } from "zod";
@McpController()
class Lookup {
  @Tool({
    name: "lookup",
    description: "l",
    parameters: ${parameters},
  })
  lookup() {}
}
@Module({ controllers: [Lookup] })
class AppModule {}
export const strategy = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`,
  );
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const r = ws.analyzeFiles(["/w/src/app.ts"], { tasksExtension: false });
  return { server: r.servers[0]!, codes: r.diagnostics.map((d) => d.code) };
}

describe("MCP-Nest: x-mcp-header in a tool's parameters", () => {
  it("written as a property name: refused at start-up, nothing served", () => {
    for (const p of ['z.object({ region: z.string().meta({ "x-mcp-header": "Region" }) })', "{ type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } }"]) {
      const { server, codes } = analyse(p);
      assert.deepEqual(codes, ["mcp-nest-header-mirroring"], p);
      assert.equal(server.legacy, null, p);
      assert.equal(server.modern, null, p);
      assert.equal(server.exact, true, p);
    }
  });

  it("in a comment, or as a value: nothing said, the tool served", () => {
    for (const p of ['z.object({\n      // region: z.string().meta({ "x-mcp-header": "Region" }),\n      id: z.string(),\n    })', 'z.object({ id: z.string().describe("x-mcp-header") })']) {
      const { server, codes } = analyse(p);
      assert.deepEqual(codes, [], p);
      assert.deepEqual(server.legacy, { logging: {}, tools: { listChanged: true } }, p);
    }
  });
});
