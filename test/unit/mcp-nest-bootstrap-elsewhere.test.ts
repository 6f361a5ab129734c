// The MCP-Nest dialect follows a strategy made in one file and given to Nest in another (MCP-Nest's
// README layout; fixtures 33 and 34 prove it against the real framework): the importer that gives it
// to NestFactory names the application. What else is done with it there, or in a file not followed,
// is unknown at its place, as is a provider token some code may inject.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const CONTROLLER = `import { McpController, Tool } from "@rekog/mcp-nest";
@McpController()
export class C {
  @Tool({ name: "t", description: "t" })
  t() {}
}
`;
const MODULE = (extra = "") => `import { Module } from "@nestjs/common";
import { McpStrategy, MCP_STRATEGY, StdioTransport } from "@rekog/mcp-nest";
import { C } from "./c";
export const mcp = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
@Module({ controllers: [C]${extra} })
export class AppModule {}
`;
const MAIN = (body = "") => `import { NestFactory } from "@nestjs/core";
import { AppModule, mcp } from "./app.module";
async function bootstrap() {
  const app = await NestFactory.createMicroservice(AppModule, { strategy: mcp });
  ${body}
  await app.listen();
}
void bootstrap();
`;
const PROVIDER = `, providers: [{ provide: MCP_STRATEGY, useValue: mcp }]`;

function server(files: Record<string, string>): ServerReport {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", private: true }));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/src/${name}`, text);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const servers = ws.analyzeFiles(Object.keys(files).map((n) => `/w/src/${n}`), { tasksExtension: false }).servers;
  assert.equal(servers.length, 1);
  return servers[0]!;
}

const keys = (s: ServerReport) => Object.keys(s.legacy ?? {}).sort();
const unknownKeys = (s: ServerReport) => [...new Set(s.unknown.map((u) => u.path.join(".")))].sort();

describe("MCP-Nest: the strategy given to Nest by a file that imports it", () => {
  it("the README layout without the provider is exact", () => {
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(), "main.ts": MAIN() });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "tools"]);
  });

  it("an application that is only init()ed, never listened, may not answer (trial 115 q21); one returned to a caller is not judged", () => {
    const initOnly = MAIN().replace("await app.listen();", "await app.init();");
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(), "main.ts": initOnly });
    assert.equal(s.exact, false);
    assert.deepEqual(s.unknown.map((u) => [u.era, /never listened/.test(u.reason)]), [["legacy", true], ["modern", true]]);
    const returned = MAIN().replace("await app.listen();", "await app.init();\n  return app;");
    assert.equal(server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(), "main.ts": returned }).exact, true);
  });

  it("with the MCP_STRATEGY provider and nothing naming the token, exact", () => {
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(PROVIDER), "main.ts": MAIN() });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });

  for (const [what, files] of [
    ["a provider injects MCP_STRATEGY", { "dyn.ts": `import { Inject } from "@nestjs/common";\nimport { MCP_STRATEGY } from "@rekog/mcp-nest";\nexport class Dyn { constructor(@Inject(MCP_STRATEGY) s: unknown) {} }\n` }],
    ["a file asks for it by its string", { "dyn.ts": `export const get = (app: { get(t: string): unknown }) => app.get("MCP_STRATEGY");\n` }],
    ["a file walks every provider", { "dyn.ts": `import { DiscoveryService } from "@nestjs/core";\nexport type D = DiscoveryService;\n` }],
  ] as const) {
    it(`with the provider, when ${what}, tools, resources and prompts stay possible`, () => {
      const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(PROVIDER), "main.ts": MAIN(), ...files });
      assert.equal(s.exact, false);
      assert.deepEqual(keys(s), ["logging", "tools"]);
      assert.deepEqual(unknownKeys(s), ["prompts", "resources"]);
    });
  }

  it("the README's HTTP main.ts (create, setHttpAdapter, connectMicroservice) names the application too", () => {
    const main = `import { NestFactory } from "@nestjs/core";
import { AppModule, mcp } from "./app.module";
async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  mcp.setHttpAdapter(app.getHttpAdapter());
  app.connectMicroservice({ strategy: mcp });
  await app.startAllMicroservices();
  await app.listen(3000);
}
void bootstrap();
`;
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(PROVIDER), "main.ts": main });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "tools"]);
  });

  it("a comment naming the token reads nothing", () => {
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": `// provided under MCP_STRATEGY for later\n${MODULE(PROVIDER)}`, "main.ts": MAIN() });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });

  it("a registration in the importer makes its key unknown, at its place", () => {
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(), "main.ts": MAIN(`mcp.registerPrompt({ name: "p" } as never);`) });
    assert.deepEqual(unknownKeys(s), ["prompts"]);
    assert.ok(s.unknown.every((u) => u.loc?.file === "/w/src/main.ts"));
  });

  it("the strategy handed to a helper in the importer is unknown", () => {
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(), "main.ts": MAIN("setup(mcp);").replace("void bootstrap();", "declare function setup(x: unknown): void;\nvoid bootstrap();") });
    assert.deepEqual(unknownKeys(s), ["prompts", "resources"]);
  });

  it("another importer reaching it through a namespace is unknown", () => {
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(), "main.ts": MAIN(), "extra.ts": `import * as app from "./app.module";\nexport const m = app;\n` });
    assert.deepEqual(unknownKeys(s), ["prompts", "resources"]);
  });

  it("given to two applications, which one serves it is unknown", () => {
    const other = `import { Module } from "@nestjs/common";\nimport { NestFactory } from "@nestjs/core";\nimport { mcp } from "./app.module";\n@Module({})\nclass Other {}\nNestFactory.createMicroservice(Other, { strategy: mcp });\n`;
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(), "main.ts": MAIN(), "other.ts": other });
    assert.deepEqual(keys(s), ["logging"]);
    assert.deepEqual(unknownKeys(s), ["prompts", "resources", "tools"]);
  });

  it("imported but never given to Nest: the application is unknown", () => {
    const s = server({ "c.ts": CONTROLLER, "app.module.ts": MODULE(), "main.ts": `import { mcp } from "./app.module";\nmcp.listen(() => {});\n` });
    assert.deepEqual(unknownKeys(s), ["prompts", "resources", "tools"]);
  });

  describe("made by an exported factory", () => {
    const FACTORY = `import { McpStrategy, StdioTransport } from "@rekog/mcp-nest";\nexport function createMcp() {\n  return new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });\n}\n`;
    const ENTRY = (calls: string) => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { C } from "./c";
import { createMcp } from "./factory";
@Module({ controllers: [C] })
class AppModule {}
${calls}
NestFactory.createMicroservice(AppModule, { strategy });
`;

    it("called once, its result given to Nest: exact, named by its name option (the factory is the fallback)", () => {
      const s = server({ "c.ts": CONTROLLER, "factory.ts": FACTORY, "main.ts": ENTRY("const strategy = createMcp();") });
      assert.equal(s.exact, true, JSON.stringify(s.unknown));
      assert.deepEqual(keys(s), ["logging", "tools"]);
      assert.equal(s.name, "s");
    });

    it("called twice: unknown", () => {
      const s = server({ "c.ts": CONTROLLER, "factory.ts": FACTORY, "main.ts": ENTRY("const strategy = createMcp();\nconst spare = createMcp();") });
      assert.equal(s.exact, false);
    });

    it("called only on some paths: unknown", () => {
      const s = server({ "c.ts": CONTROLLER, "factory.ts": FACTORY, "main.ts": ENTRY("let strategy;\nif (process.env.MCP) strategy = createMcp();") });
      assert.equal(s.exact, false);
    });
  });
});
