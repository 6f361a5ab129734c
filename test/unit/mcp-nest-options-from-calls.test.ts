// McpStrategy options that spread what a call gives (`{ ...mcpConfig(), transports }`), or are what it
// gives (`new McpStrategy(mcpOptions({ version: "1.2.0" }))`, trial 156 c054, fixture 74): a function of
// the workspace that declares nothing and returns an object literal gives that literal, its plainly
// named parameters standing for the call's arguments (or their defaults) where the literal spreads them,
// and `registerAs(token, factory)` of @nestjs/config returns its factory, so calling it calls the
// factory (fixture 62 proves a plain function against the real framework). Anything else stays only
// known when it runs. So does a getter of a class of the workspace read on an instance made right there
// (`{ ...new AppConfig().mcpOptions }`, fixture 63), unless a base class or a decorator may change it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const APP = (options: string) => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, StdioTransport, Tool } from "@rekog/mcp-nest";
import { mcpConfig } from "./config";
@McpController()
class C {
  @Tool({ name: "t", description: "t" })
  t() {}
}
@Module({ controllers: [C] })
class AppModule {}
export const strategy = new McpStrategy(${options});
NestFactory.createMicroservice(AppModule, { strategy });
`;
const SPREAD = APP("{ ...mcpConfig(), transports: [new StdioTransport()] }");

function servers(files: Record<string, string>): ServerReport[] {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/src/${name}`, text);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  return ws.analyzeFiles(Object.keys(files).map((n) => `/w/src/${n}`), { tasksExtension: false }).servers.filter((s) => s.dialect === "mcp-nest");
}

function only(files: Record<string, string>): ServerReport {
  const found = servers(files);
  assert.equal(found.length, 1);
  return found[0]!;
}

describe("MCP-Nest: options spreading what a call gives", () => {
  it("registerAs of @nestjs/config: the factory's literal, without capabilities, keeps logging", () => {
    const s = only({
      "config.ts": `import { registerAs } from "@nestjs/config";\nexport const mcpConfig = registerAs("mcp", () => ({ name: process.env.MCP_NAME ?? "app", version: "1.0.0", instructions: "Use the tools." }));\n`,
      "app.ts": SPREAD,
    });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { logging: {}, tools: { listChanged: true } });
  });

  it("registerAs with a factory declared apart, whose literal holds a capabilities option", () => {
    const s = only({
      "config.ts": `import { registerAs } from "@nestjs/config";\nfunction factory() {\n  return { name: "app", version: "1.0.0", capabilities: { completions: {} } };\n}\nexport const mcpConfig = registerAs("mcp", factory);\n`,
      "app.ts": SPREAD,
    });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { completions: {}, logging: {}, tools: { listChanged: true } });
  });

  it("a const holding the call's result is that literal", () => {
    const s = only({
      "config.ts": `export const mcpConfig = () => ({ name: "app", version: "1.0.0" });\n`,
      "app.ts": SPREAD.replace("export const strategy", "const base = mcpConfig();\nexport const strategy").replace("...mcpConfig()", "...base"),
    });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { logging: {}, tools: { listChanged: true } });
  });

  const CALLED = (args: string) => APP(`mcpConfig(${args})`);

  it("options a function returns, spreading its parameter: the caller's argument, read where the call is", () => {
    const s = only({
      "config.ts": `export function mcpConfig(overrides = {}) {\n  return { name: "app", version: "1.0.0", ...overrides };\n}\n`,
      "app.ts": CALLED("{ capabilities: { completions: {} }, transports: [new StdioTransport()] }"),
    });
    assert.equal(s.name, "app");
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { completions: {}, logging: {}, tools: { listChanged: true } });
  });

  it("an argument left out is the parameter's default, read where the function is", () => {
    const s = only({
      "config.ts": `import { StdioTransport } from "@rekog/mcp-nest";\nconst QUIET = { capabilities: { logging: undefined } };\nexport function mcpConfig(extra = QUIET) {\n  return { name: "app", version: "1.0.0", transports: [new StdioTransport()], ...extra };\n}\n`,
      "app.ts": CALLED(""),
    });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  for (const [what, config] of [
    ["a parameter read in a property", `import { StdioTransport } from "@rekog/mcp-nest";\nexport function mcpConfig(name: string) {\n  return { name, version: "1.0.0", transports: [new StdioTransport()], capabilities: {} };\n}\n`],
    ["a destructured parameter", `import { StdioTransport } from "@rekog/mcp-nest";\nexport function mcpConfig({ caps }: { caps: object }) {\n  return { name: "app", version: "1.0.0", transports: [new StdioTransport()], capabilities: caps };\n}\n`],
  ] as const) {
    it(`options a function returns stay unknown for ${what}`, () => {
      const s = only({ "config.ts": config, "app.ts": CALLED(`{ caps: { logging: undefined } } as never`) });
      assert.equal(s.exact, false);
      assert.ok(s.unknown.some((u) => u.path.length === 0 && /not an object literal/.test(u.reason)), JSON.stringify(s.unknown));
      // The options may give tools an object of their own, which replaces the decorators': not stated.
      assert.equal(s.legacy?.tools, undefined);
      assert.ok(s.unknown.some((u) => u.path[0] === "tools"), JSON.stringify(s.unknown));
    });
  }

  for (const [what, config] of [
    ["a factory with a parameter (the literal may read it)", `export const mcpConfig = (caps?: object) => ({ name: "app", version: "1.0.0", capabilities: caps });\n`],
    ["an async factory (its promise spreads nothing of the literal)", `import { registerAs } from "@nestjs/config";\nexport const mcpConfig = registerAs("mcp", async () => ({ name: "app", version: "1.0.0" }));\n`],
    ["a registerAs that is not @nestjs/config's", `import { registerAs } from "./registry";\nexport const mcpConfig = registerAs("mcp", () => ({ name: "app", version: "1.0.0" }));\n`],
    ["a factory declaring locals", `export function mcpConfig() {\n  const caps = { completions: {} };\n  return { name: "app", version: "1.0.0", capabilities: caps };\n}\n`],
  ] as const) {
    it(`stays approximate for ${what}`, () => {
      const s = only({ "config.ts": config, "registry.ts": `export const registerAs = (_t: string, f: () => object) => () => ({ ...f(), capabilities: {} });\n`, "app.ts": SPREAD });
      assert.equal(s.exact, false);
      assert.ok(s.unknown.some((u) => u.path[0] === "logging"), JSON.stringify(s.unknown));
    });
  }

  const GETTER = APP("{ ...new AppConfig().mcpOptions, transports: [new StdioTransport()] }").replace('import { mcpConfig } from "./config";', 'import { AppConfig } from "./config";');

  it("a getter of a class of the workspace, on an instance made there: the literal it returns", () => {
    const s = only({ "config.ts": `export class AppConfig {\n  get mcpOptions() {\n    return { name: "app", version: "1.0.0", capabilities: { completions: {} } };\n  }\n}\n`, "app.ts": GETTER });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { completions: {}, logging: {}, tools: { listChanged: true } });
  });

  for (const [what, config] of [
    ["a class with a base class", `class Base {}\nexport class AppConfig extends Base {\n  get mcpOptions() {\n    return { name: "app", version: "1.0.0", capabilities: { completions: {} } };\n  }\n}\n`],
    ["a getter reading the instance", `export class AppConfig {\n  private caps = { completions: {} };\n  get mcpOptions() {\n    return { name: "app", version: "1.0.0", capabilities: this.caps };\n  }\n}\n`],
    ["a constructor returning an object of its own", `export class AppConfig {\n  constructor() {\n    return { mcpOptions: { name: "app", version: "1.0.0", capabilities: {} } };\n  }\n  get mcpOptions() {\n    return { name: "app", version: "1.0.0", capabilities: { completions: {} } };\n  }\n}\n`],
    ["a prototype patched after the class", `export class AppConfig {\n  get mcpOptions() {\n    return { name: "app", version: "1.0.0", capabilities: { completions: {} } };\n  }\n}\nObject.defineProperty(AppConfig.prototype, "mcpOptions", { get: () => ({ name: "app", version: "1.0.0", capabilities: {} }) });\n`],
    ["a plain property (set by the constructor)", `export class AppConfig {\n  mcpOptions: object;\n  constructor() {\n    this.mcpOptions = { name: "app", version: "1.0.0" };\n  }\n}\n`],
  ] as const) {
    it(`stays approximate for ${what}`, () => {
      const s = only({ "config.ts": config, "app.ts": GETTER });
      assert.equal(s.exact, false);
      assert.ok(s.unknown.some((u) => u.path[0] === "logging"), JSON.stringify(s.unknown));
    });
  }
});
