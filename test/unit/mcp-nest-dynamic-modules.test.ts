// A workspace module's static method returning a literal dynamic module is read: its controllers and
// imports join the module's own (fixture 36 proves it against the real framework). A list taken from a
// field of its parameter is the list the call writes there (fixture 65). Any other body, or a field the
// call does not write, keeps the module open: every kind unknown, never dropped.
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
const feature = (body: string) => `@Module({ controllers: [] })\nclass Feature {\n  static register(options: { on: boolean; list: never[]; extra?: never[] }): DynamicModule {\n    ${body}\n  }\n}\n`;

describe("MCP-Nest: dynamic modules of the workspace", () => {
  it("a literal with controllers and imports is read, exactly", () => {
    const s = server(feature("return { module: Feature, controllers: [T], imports: [PromptsModule], global: true };"), "Feature.register({ on: true, list: [] })");
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "prompts", "tools"]);
  });

  for (const [what, body] of [
    ["branches", "if (options.on) return { module: Feature, controllers: [T] };\n    return { module: Feature };"],
    ["takes its controllers from a field of its parameter the call does not write", "return { module: Feature, controllers: options.extra };"],
    ["spreads something", "return { ...{ module: Feature }, controllers: [T] };"],
  ] as const) {
    it(`one whose body ${what} keeps every kind open`, () => {
      const s = server(feature(body), "Feature.register({ on: true, list: [] })");
      assert.deepEqual(keys(s), ["logging"]);
      assert.deepEqual(unknownKeys(s), ["prompts", "resources", "tools"]);
    });
  }
});

describe("MCP-Nest: a dynamic module's lists taken from its parameter", () => {
  const app = (feature: string, imports: string, head = "") => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/src/app.ts", `${head}${HEAD}${feature}${TAIL(imports)}`);
    fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
    return new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] }).analyzeFiles(["/w/src/app.ts"], { tasksExtension: false }).servers[0]!;
  };
  const forRootAsync = (imports: string) =>
    `@Module({})\nclass Search {\n  static forRootAsync(options: { imports?: any[]; useFactory: () => object }): DynamicModule {\n    return { module: Search, imports: ${imports}, controllers: [T], providers: [{ provide: "O", useFactory: options.useFactory }] };\n  }\n}\n`;

  it("`options.imports ?? []`: the imports the call writes, Nest packages' modules adding nothing", () => {
    const s = app(forRootAsync("options.imports ?? []"), "Search.forRootAsync({ imports: [ConfigModule, PromptsModule], useFactory: () => ({}) })", 'import { ConfigModule } from "@nestjs/config";\n');
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "prompts", "tools"]);
  });

  it("`options.imports ?? []` when the call writes none: the default", () => {
    const s = app(forRootAsync("options.imports ?? []"), "Search.forRootAsync({ useFactory: () => ({}) })");
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "tools"]);
  });

  for (const [what, imports, call] of [
    ["the call spreads its options", "options.imports ?? []", "Search.forRootAsync({ ...{ imports: [PromptsModule] }, useFactory: () => ({}) })"],
    ["the call's imports are not a list of classes", "options.imports ?? []", "Search.forRootAsync({ imports: [PromptsModule].concat(), useFactory: () => ({}) })"],
    ["an imports module of another package", "options.imports ?? []", "Search.forRootAsync({ imports: [CacheModule], useFactory: () => ({}) })"],
    ["no default and none written", "options.imports", "Search.forRootAsync({ useFactory: () => ({}) })"],
  ] as const) {
    it(`stays open when ${what}`, () => {
      const s = app(forRootAsync(imports), call, 'import { CacheModule } from "some-cache";\n');
      assert.equal(s.exact, false);
      assert.ok(unknownKeys(s).includes("prompts"), JSON.stringify(s.unknown));
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
