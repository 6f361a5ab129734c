// A workspace module's static method returning a literal dynamic module is read: its controllers and
// imports join the module's own (fixture 36 proves it against the real framework). Any other body, or
// a field of its parameters, keeps the module open: every kind unknown, never dropped.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const HEAD = `import { DynamicModule, Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, Prompt, StdioTransport, Tool } from "@rekog/mcp-nest";
@McpController()
class T {
  @Tool({ name: "t", description: "t" })
  t() {}
}
@McpController()
class P {
  @Prompt({ name: "p", description: "p" })
  p() {}
}
@Module({ controllers: [P] })
class PromptsModule {}
`;
const TAIL = (imports: string) => `
@Module({ imports: [${imports}] })
class AppModule {}
export const strategy = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`;

function server(feature: string, imports: string): ServerReport {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/src/app.ts", `${HEAD}${feature}${TAIL(imports)}`);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const servers = ws.analyzeFiles(["/w/src/app.ts"], { tasksExtension: false }).servers;
  assert.equal(servers.length, 1);
  return servers[0]!;
}

const keys = (s: ServerReport) => Object.keys(s.legacy ?? {}).sort();
const unknownKeys = (s: ServerReport) => [...new Set(s.unknown.map((u) => u.path.join(".")))].sort();
const feature = (body: string) => `@Module({ controllers: [] })\nclass Feature {\n  static register(options: { on: boolean; list: never[] }): DynamicModule {\n    ${body}\n  }\n}\n`;

describe("MCP-Nest: dynamic modules of the workspace", () => {
  it("a literal with controllers and imports is read, exactly", () => {
    const s = server(feature("return { module: Feature, controllers: [T], imports: [PromptsModule], global: true };"), "Feature.register({ on: true, list: [] })");
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "prompts", "tools"]);
  });

  for (const [what, body] of [
    ["branches", "if (options.on) return { module: Feature, controllers: [T] };\n    return { module: Feature };"],
    ["takes its controllers from its parameters", "return { module: Feature, controllers: options.list };"],
    ["spreads something", "return { ...{ module: Feature }, controllers: [T] };"],
  ] as const) {
    it(`one whose body ${what} keeps every kind open`, () => {
      const s = server(feature(body), "Feature.register({ on: true, list: [] })");
      assert.deepEqual(keys(s), ["logging"]);
      assert.deepEqual(unknownKeys(s), ["prompts", "resources", "tools"]);
    });
  }
});

describe("MCP-Nest: Nest's own idioms in imports (trial 111)", () => {
  const withImport = (line: string, imports: string) => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/src/app.ts", `${line}\n${HEAD.replace('import { DynamicModule, Module } from "@nestjs/common";', 'import { DynamicModule, Module, forwardRef } from "@nestjs/common";')}${TAIL(imports)}`);
    fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
    const servers = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] }).analyzeFiles(["/w/src/app.ts"], { tasksExtension: false }).servers;
    return servers[0]!;
  };

  it("forwardRef(() => M) stands for M: its controllers are scanned, exactly", () => {
    const s = withImport("", "forwardRef(() => PromptsModule)");
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "prompts"]);
  });

  it("a dynamic module of a Nest package (ConfigModule.forRoot()) adds nothing to scan; one of another package stays open", () => {
    const config = withImport('import { ConfigModule } from "@nestjs/config";', "ConfigModule.forRoot({ isGlobal: true }), PromptsModule");
    assert.equal(config.exact, true, JSON.stringify(config.unknown));
    assert.deepEqual(keys(config), ["logging", "prompts"]);
    const other = withImport('import { CacheModule } from "some-cache";', "CacheModule.register(), PromptsModule");
    assert.equal(other.exact, false);
    assert.ok(unknownKeys(other).length > 0);
  });
});
