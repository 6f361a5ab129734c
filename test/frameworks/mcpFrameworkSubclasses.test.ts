// mcp-framework servers built as workspace subclasses of MCPServer, or with MCPServer imported
// through the workspace's re-exports (in memory). Fixtures 46–49 check against the real framework a
// subclass with its config in super(), a chain of subclasses across modules whose constructor adds a
// prompt, a re-exported MCPServer, and basePath as the URL of "."; these cover the shapes the analysis
// does not follow, which must stay unknown rather than guessed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const TOOL = 'import { MCPTool } from "mcp-framework";\nexport default class EchoTool extends MCPTool { name = "echo"; description = "e"; schema = {}; async execute() { return "ok"; } }\n';
const PROMPT = 'import { MCPPrompt } from "mcp-framework";\nexport class GreetPrompt extends MCPPrompt { name = "greet"; description = "g"; schema = {}; async generateMessages() { return []; } }\n';
const HEAD = 'import { MCPServer } from "mcp-framework";\nimport { GreetPrompt } from "./lib/GreetPrompt.js";\n';

function analyse(files: Record<string, string>) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
  fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
  fs.writeFileSync("/w/src/tools/EchoTool.ts", TOOL);
  fs.writeFileSync("/w/src/lib/GreetPrompt.ts", PROMPT);
  for (const [path, text] of Object.entries(files)) fs.writeFileSync(path, text);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const analysis = ws.analyzeFiles(Object.keys(files).filter((f) => f.endsWith(".ts")), { tasksExtension: false });
  const servers = analysis.servers;
  const server = servers[0];
  return { servers, server, unknown: server?.unknown.map((u) => u.path.join(".") || "*") ?? [], codes: analysis.diagnostics.map((d) => d.code).sort() };
}

describe("mcp-framework: a workspace subclass of MCPServer", () => {
  it("without a constructor, the arguments of new reach MCPServer", () => {
    const r = analyse({ "/w/src/index.ts": `${HEAD}class AppServer extends MCPServer {}\nconst server = new AppServer({ name: "a", logging: true });\nserver.start();\n` });
    assert.deepEqual(r.server?.legacy, { logging: {}, tools: {} });
    assert.equal(r.server?.exact, true);
  });

  it("super(options) passes the argument given for that parameter; none given, its default", () => {
    const cls = 'class AppServer extends MCPServer { constructor(options: object) { super(options); } }\n';
    const given = analyse({ "/w/src/index.ts": `${HEAD}${cls}new AppServer({ logging: true }).start();\n` });
    assert.deepEqual(given.server?.legacy, { logging: {}, tools: {} });
    assert.equal(given.server?.exact, true);
    const missing = analyse({ "/w/src/index.ts": `${HEAD}${cls.replace("options: object", "options: object = { logging: true }")}new AppServer().start();\n` });
    assert.deepEqual(missing.server?.legacy, { logging: {}, tools: {} });
    assert.equal(missing.server?.exact, true);
  });

  it("a config built from the constructor's parameters reads each as the argument given, or its default", () => {
    const given = analyse({ "/w/src/index.ts": `${HEAD}class AppServer extends MCPServer { constructor(extra: object) { super({ ...extra, name: "a" }); } }\nnew AppServer({ logging: true }).start();\n` });
    assert.deepEqual(given.server?.legacy, { logging: {}, tools: {} });
    assert.equal(given.server?.exact, true);
    // A default calling a function of another module that returns a literal, spread into the config.
    const byDefault = analyse({
      "/w/src/settings.ts": 'export function settings() { return { name: "a", version: "1.0.0" }; }\n',
      "/w/src/index.ts": `${HEAD}import { settings } from "./settings.js";\nclass AppServer extends MCPServer { constructor(cfg = settings(), verbose = true) { super({ ...cfg, logging: verbose }); } }\nnew AppServer().start();\n`,
    });
    assert.deepEqual(byDefault.server?.legacy, { logging: {}, tools: {} });
    assert.equal(byDefault.server?.exact, true);
  });

  it("a parameter changed before super(), or a local built first, is not followed: the keys it decides are unknown", () => {
    for (const ctor of [
      "constructor(extra: any) { extra = { ...extra, logging: false }; super({ ...extra, name: \"a\" }); }",
      "constructor(extra: any) { const config = { ...extra, name: \"a\" }; super({ ...config }); }",
    ]) {
      const r = analyse({ "/w/src/index.ts": `${HEAD}class AppServer extends MCPServer { ${ctor} }\nnew AppServer({ logging: true }).start();\n` });
      assert.equal(r.server?.exact, false, ctor);
      assert.deepEqual(r.unknown, ["*", "completions", "logging", "prompts", "resources", "tasks", "tools"], ctor);
    }
  });

  it("down a chain of subclasses across modules, each level's arguments reach the parameters of the next", () => {
    const base = 'import { MCPServer } from "mcp-framework";\nexport class BaseServer extends MCPServer { constructor(cfg: object, verbose = false) { super({ ...cfg, logging: verbose }); } }\n';
    const r = analyse({
      "/w/src/base.ts": base,
      "/w/src/app.ts": 'import { BaseServer } from "./base.js";\nexport class App extends BaseServer { constructor() { super({ name: "a" }, true); } }\n',
      "/w/src/index.ts": 'import { App } from "./app.js";\nnew App().start();\n',
    });
    assert.deepEqual(r.server?.legacy, { logging: {}, tools: {} });
    assert.equal(r.server?.exact, true);
    // A middle class passing its own parameter on, and a name of its module for the other: that name
    // is not read in the base's module (where it means nothing), and the default is not taken for it.
    const mid = analyse({
      "/w/src/base.ts": base,
      "/w/src/mid.ts": 'import { BaseServer } from "./base.js";\nconst LOUD = true;\nexport class Mid extends BaseServer { constructor(cfg: object) { super(cfg, LOUD); } }\n',
      "/w/src/index.ts": 'import { Mid } from "./mid.js";\nnew Mid({ name: "a" }).start();\n',
    });
    assert.equal(mid.server?.exact, false);
    assert.ok(mid.unknown.includes("logging") && !("logging" in (mid.server?.legacy ?? {})), mid.unknown.join(", "));
  });

  it("this.addPrompt() in the constructor counts; under a condition, in a method, or beside a start() of its own it is unknown", () => {
    const certain = analyse({ "/w/src/index.ts": `${HEAD}class AppServer extends MCPServer { constructor() { super({ name: "a" }); this.addPrompt(GreetPrompt); } }\nnew AppServer().start();\n` });
    assert.deepEqual(certain.server?.legacy, { completions: {}, prompts: {}, tools: {} });
    assert.equal(certain.server?.exact, true);
    for (const cls of [
      "class AppServer extends MCPServer { constructor() { super({ name: \"a\" }); if (process.env.X) this.addPrompt(GreetPrompt); } }\n",
      "class AppServer extends MCPServer { constructor() { super({ name: \"a\" }); } register() { this.addPrompt(GreetPrompt); } }\n",
      "class AppServer extends MCPServer { constructor() { super({ name: \"a\" }); this.addPrompt(GreetPrompt); } async run() { await this.start(); } }\n",
    ]) {
      const r = analyse({ "/w/src/index.ts": `${HEAD}${cls}new AppServer().start();\n` });
      assert.deepEqual(r.server?.legacy, { tools: {} }, cls);
      assert.deepEqual(r.unknown, ["completions", "prompts"], cls);
    }
  });

  it("this handed to a helper: what it adds is not followed", () => {
    const r = analyse({ "/w/src/index.ts": `${HEAD}declare function registerAll(s: MCPServer): void;\nclass AppServer extends MCPServer { constructor() { super({ name: "a" }); registerAll(this); } }\nnew AppServer().start();\n` });
    assert.deepEqual(r.unknown, ["completions", "prompts", "resources"]);
  });

  it("overriding a member MCPServer starts with makes the whole answer not exact; stop() does not", () => {
    const start = analyse({ "/w/src/index.ts": `${HEAD}class AppServer extends MCPServer { async start() { await super.start(); } }\nnew AppServer({ name: "a" }).start();\n` });
    assert.equal(start.server?.exact, false);
    assert.ok(start.server?.unknown.some((u) => u.path.length === 0 && u.spread && /AppServer overrides start\(\)/.test(u.reason)));
    const stop = analyse({ "/w/src/index.ts": `${HEAD}class AppServer extends MCPServer { async stop() { await super.stop(); } }\nnew AppServer({ name: "a" }).start();\n` });
    assert.equal(stop.server?.exact, true);
  });

  it("basePath in a super() of another module is that module's own folder", () => {
    const r = analyse({
      "/w/src/server/Base.ts": 'import { MCPServer } from "mcp-framework";\nexport class Base extends MCPServer { constructor() { super({ name: "b", basePath: import.meta.dirname }); } }\n',
      "/w/src/server/tools/EchoTool.ts": TOOL,
      "/w/src/index.ts": 'import { Base } from "./server/Base.js";\nclass AppServer extends Base {}\nnew AppServer().start();\n',
    });
    assert.equal(r.servers.length, 1);
    assert.deepEqual(r.server?.legacy, { tools: {} });
    assert.equal(r.server?.exact, true);
  });

  it("a class of the same name that does not extend MCPServer is no server", () => {
    assert.equal(analyse({ "/w/src/index.ts": 'import { EventEmitter } from "node:events";\nclass AppServer extends EventEmitter {}\nnew AppServer();\n' }).servers.length, 0);
  });
});

describe("mcp-framework: MCPServer through the workspace's re-exports", () => {
  for (const [label, barrel] of [
    ["export *", 'export * from "mcp-framework";\n'],
    ["import then export", 'import { MCPServer } from "mcp-framework";\nexport { MCPServer };\n'],
    ["renamed", 'export { MCPServer as Server } from "mcp-framework";\n'],
  ] as const) {
    it(label, () => {
      const name = label === "renamed" ? "Server" : "MCPServer";
      const r = analyse({
        "/w/src/lib/framework.ts": barrel,
        "/w/src/lib/index.ts": 'export * from "./framework.js";\n',
        "/w/src/index.ts": `import { ${name} } from "./lib/index.js";\nconst server = new ${name}({ name: "a", logging: true });\nserver.start();\n`,
      });
      assert.equal(r.servers.length, 1);
      assert.deepEqual(r.server?.legacy, { logging: {}, tools: {} });
    });
  }

  it("a workspace class that only shares the name is not mcp-framework's", () => {
    const r = analyse({
      "/w/src/lib/framework.ts": "export class MCPServer { start() {} }\n",
      "/w/src/index.ts": 'import { MCPServer } from "./lib/framework.js";\nconst server = new MCPServer();\nserver.start();\n',
    });
    assert.equal(r.servers.length, 0);
  });
});
