// Servers that are workspace class instances (a subclass of McpServer) or are held by them (a
// registry class given the server): what is exact, and the near misses that must stay approximate.
// The exact shapes are checked against the real SDK by fixtures 100 and 101 (test/sdk/); here, the
// rules' edges.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const MCP = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const STDIO = 'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const TOOL = (on: string, name: string) => `${on}.registerTool("${name}", { description: "d" }, async () => ({ content: [] }));`;
const PROMPT = (on: string) => `${on}.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));`;

function serverOf(files: Record<string, string>, name = "s") {
  const result = analyze(files);
  const server = result.servers.get(name);
  assert.ok(server, `no server ${name}: ${JSON.stringify([...result.servers.keys()])}`);
  return server;
}

const subclass = (body: string) => `${MCP}export class S extends McpServer {\n  constructor() {\n    super({ name: "s", version: "1" });\n    this.setup();\n  }\n  private setup(): void { ${TOOL("this", "t")} }\n${body}\n}\n`;
const main = (uses: string) => `${STDIO}import { S } from "./server.js";\nconst server = new S();\n${uses}\nawait server.connect(new StdioServerTransport());\n`;

describe("SDK servers that are instances of a workspace subclass", () => {
  it("is found at its construction, with what its constructor registers: exact", () => {
    const s = serverOf({ "server.ts": subclass(""), "main.ts": main("") });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("a method of the class called on the instance registers; one never called adds nothing", () => {
    const s = serverOf({ "server.ts": subclass(`  addPrompt(): void { ${PROMPT("this")} }\n  never(): void { this.registerResource("r", "a://b", {}, async () => ({ contents: [] })); }`), "main.ts": main("server.addPrompt();") });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("stays approximate: a registration in a method under a run-time condition adds a key that may not be there", () => {
    const s = serverOf({ "server.ts": subclass(`  maybe(): void { if (process.env.P) ${PROMPT("this")} }`), "main.ts": main("server.maybe();") });
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.ok(s.unknown.some((u) => u.path.join(".") === "prompts"));
  });

  it("stays approximate: the instance handed to a function the analysis cannot follow", () => {
    const s = serverOf({ "server.ts": subclass(""), "main.ts": main('import { plugins } from "plugins-pkg";\nplugins(server);') });
    assert.equal(s.exact, false);
  });

  it("stays approximate: a class that patches the SDK's own handler installation on the instance", () => {
    const s = serverOf({ "server.ts": subclass("  patch(): void { (this as any).setToolRequestHandlers = () => {}; }"), "main.ts": main("") });
    assert.equal(s.exact, false);
  });

  it("stays approximate: options a base computes by a call are not known, what the subclass registers still is", () => {
    const s = serverOf({
      "base.ts": `${MCP}export function opts(): object { return { capabilities: { logging: process.env.L ? {} : undefined } }; }\nexport class B extends McpServer { constructor() { super({ name: "s", version: "1" }, opts()); } }\n`,
      "server.ts": `import { B } from "./base.js";\nexport class S extends B { go(): void { ${TOOL("this", "t")} } }\n`,
      "main.ts": main("server.go();"),
    });
    assert.equal(s.exact, false);
    assert.equal(s.legacy && "tools" in s.legacy, true);
  });
});

const REGISTRY = `${MCP}export abstract class Base {\n  constructor(protected server: McpServer, protected flag: boolean) {}\n  register(): void {\n    this.common();\n    if (this.flag) this.extra();\n  }\n  protected common(): void {}\n  protected extra(): void {}\n}\n`;
const holderMain = (cls: string, uses: string) =>
  `${MCP}${STDIO}import { Base } from "./base.js";\n${cls}\nexport const server = new McpServer({ name: "s", version: "1" });\nfunction setup(srv: McpServer) {\n  const reg = new R(srv, !!process.env.F);\n${uses}\n}\nsetup(server);\nawait server.connect(new StdioServerTransport());\n`;

describe("SDK servers held by workspace class instances", () => {
  it("an override of a hook the base calls unconditionally registers for certain; a conditional one adding the same key changes nothing", () => {
    const cls = `class R extends Base {\n  protected common(): void { ${TOOL("this.server", "a")} }\n  protected extra(): void { ${TOOL("this.server", "b")} }\n}`;
    const s = serverOf({ "base.ts": REGISTRY, "s.ts": holderMain(cls, "  reg.register();") });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("stays approximate: the conditional hook adds a key the unconditional one does not", () => {
    const cls = `class R extends Base {\n  protected common(): void { ${TOOL("this.server", "a")} }\n  protected extra(): void { ${PROMPT("this.server")} }\n}`;
    const s = serverOf({ "base.ts": REGISTRY, "s.ts": holderMain(cls, "  reg.register();") });
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.ok(s.unknown.some((u) => u.path.join(".") === "prompts"));
  });

  it("stays approximate: the holder is returned, and its caller may call more of its methods", () => {
    const cls = `class R extends Base {\n  protected common(): void { ${TOOL("this.server", "a")} }\n  more(): void { ${PROMPT("this.server")} }\n}`;
    const s = serverOf({ "base.ts": REGISTRY, "s.ts": holderMain(cls, "  reg.register();\n  return reg;") });
    assert.equal(s.exact, false);
  });

  it("stays approximate: the holder is used in a callback the analysis does not replay", () => {
    const cls = `class R extends Base {\n  protected common(): void { ${TOOL("this.server", "a")} }\n  more(): void { ${PROMPT("this.server")} }\n}`;
    const s = serverOf({ "base.ts": REGISTRY, "s.ts": holderMain(cls, "  reg.register();\n  process.on(\"SIGHUP\", () => reg.more());") });
    assert.equal(s.exact, false);
  });

  it("stays approximate: a hook hands `this` to code the analysis does not follow", () => {
    const cls = `import { attach } from "attach-pkg";\nclass R extends Base {\n  protected common(): void { attach(this); }\n}`;
    const s = serverOf({ "base.ts": REGISTRY, "s.ts": holderMain(cls, "  reg.register();") });
    assert.equal(s.exact, false);
  });

  it("stays approximate: a holder class extending a class the analysis cannot read", () => {
    const cls = `import { External } from "external-pkg";\nclass R extends External {\n  constructor(private srv: McpServer, flag: boolean) { super(srv, flag); }\n  register(): void { ${TOOL("this.srv", "a")} }\n}`;
    const s = serverOf({ "base.ts": REGISTRY, "s.ts": holderMain(cls, "  reg.register();") });
    assert.equal(s.exact, false);
  });
});

describe("SDK servers held by workspace class instances: what the constructor is given", () => {
  it("stays approximate: the server given inside an object literal beside itself is not followed", () => {
    const cls = `class R extends Base {\n  protected common(): void { ${TOOL("this.server", "a")} }\n}\nclass Q {\n  constructor(private s: McpServer, private more: { srv: McpServer }) {}\n  go(): void { ${TOOL("this.s", "b")} }\n}`;
    const s = serverOf({ "base.ts": REGISTRY, "s.ts": holderMain(cls, "  reg.register();\n  const q = new Q(srv, { srv });\n  q.go();") });
    assert.equal(s.exact, false);
  });
});

describe("SDK subclass servers: options handed through the constructor", () => {
  const cls = (body: string) => `${MCP}import type { ServerOptions } from "@modelcontextprotocol/sdk/server/index.js";\nexport class S extends McpServer {\n  constructor(options: ServerOptions) {\n${body}\n    super({ name: "s", version: "1" }, options);\n  }\n}\n`;
  const user = `${STDIO}import { S } from "./server.js";\nconst server = new S({ capabilities: { logging: {} } });\nawait server.connect(new StdioServerTransport());\n`;

  it("the constructor's parameter is what the construction gives: exact", () => {
    const s = serverOf({ "server.ts": cls(""), "main.ts": user });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { logging: {} });
  });

  it("stays approximate: a constructor that changes its parameter before handing it on", () => {
    const s = serverOf({ "server.ts": cls("    options.capabilities = { ...options.capabilities, prompts: {} };"), "main.ts": user });
    assert.equal(s.exact, false);
  });
});

describe("SDK servers held by workspace class instances: callbacks", () => {
  it("stays approximate: a hook of the holder calls another of its methods in a callback", () => {
    const cls = `class R extends Base {\n  protected common(): void { setTimeout(() => this.later(), 10); }\n  later(): void { ${PROMPT("this.server")} }\n}`;
    const s = serverOf({ "base.ts": REGISTRY, "s.ts": holderMain(cls, "  reg.register();") });
    assert.equal(s.exact, false);
  });
});

describe("SDK closures over the server returned by helpers", () => {
  const REGISTRARS = `${MCP}export function makeTool(srv: McpServer) {\n  return (name: string) => { ${TOOL("srv", "x").replace('"x"', "name")} };\n}\nexport function makePrompt(srv: McpServer) {\n  return () => { ${PROMPT("srv")} };\n}\n`;
  const main = (body: string) => `${MCP}${STDIO}import { makePrompt, makeTool } from "./reg.js";\nexport const server = new McpServer({ name: "s", version: "1" });\n${body}\nawait server.connect(new StdioServerTransport());\n`;

  it("the closure runs where its const is called; one made but never called adds nothing: exact", () => {
    const s = serverOf({ "reg.ts": REGISTRARS, "s.ts": main('const tool = makeTool(server);\nconst prompt = makePrompt(server);\nvoid prompt;\ntool("a");') });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("stays approximate: the closure called only under a condition", () => {
    const s = serverOf({ "reg.ts": REGISTRARS, "s.ts": main('const prompt = makePrompt(server);\nif (process.env.P) prompt();') });
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => u.path.join(".") === "prompts"));
  });

  it("stays approximate: the closure's const is stored in an object, which may call it any time", () => {
    const s = serverOf({ "reg.ts": REGISTRARS, "s.ts": main("const prompt = makePrompt(server);\nexport const registrars = { prompt };") });
    assert.equal(s.exact, false);
  });

  it("a closure const kept in an object that nothing reads (only voided) never runs: exact", () => {
    const s = serverOf({ "reg.ts": REGISTRARS, "s.ts": main('const tool = makeTool(server);\nconst prompt = makePrompt(server);\nconst all = { tool, prompt };\nvoid all;\ntool("a");') });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("stays approximate: the object holding the closure is read (a destructuring the flow does not record)", () => {
    const s = serverOf({ "reg.ts": REGISTRARS, "s.ts": main("const prompt = makePrompt(server);\nconst all = { prompt };\nconst { prompt: p } = all;\np();") });
    assert.equal(s.exact, false);
  });

  it("stays approximate: the closure is called from a callback", () => {
    const s = serverOf({ "reg.ts": REGISTRARS, "s.ts": main('const prompt = makePrompt(server);\nprocess.on("SIGHUP", () => prompt());') });
    assert.equal(s.exact, false);
  });

  it("stays approximate: the name is reassigned (let) to something else", () => {
    const s = serverOf({ "reg.ts": REGISTRARS, "s.ts": main('let tool = makeTool(server);\nif (process.env.T) tool = () => {};\ntool("a");') });
    assert.equal(s.exact, false);
  });
});

// The class holding the server in a field, in its own module; the one module importing it makes an
// instance and calls the method that connects (the shape of tester case d03 of trial 85, whose
// published behaviour the real SDK 1.29.0 gave: every registration of init() is advertised).
describe("SDK servers held in a field of a class another module starts", () => {
  const holder = `${MCP}${STDIO}export class App {\n  private server = new McpServer({ name: "s", version: "1" });\n  async init() { ${TOOL("this.server", "t")} }\n  async start() {\n    await this.init();\n    await this.server.connect(new StdioServerTransport());\n  }\n}\n`;
  const entry = (code: string) => ({ "package.json": '{ "name": "app", "version": "1.0.0" }', "app.ts": holder, "index.ts": `import { App } from "./app.js";\n${code}\n` });

  it("`new App().start()` at the entry's top level runs start() at start-up: exact", () => {
    for (const code of ["new App().start().catch(() => process.exit(1));", "const app = new App();\nawait app.start();"]) {
      const s = serverOf(entry(code));
      assert.equal(s.exact, true, `${code}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    }
  });

  it("stays approximate: the call under a condition, in a callback, or on one of two instances", () => {
    for (const code of ["if (process.env.RUN) new App().start();", "setTimeout(() => new App().start(), 1);", "const a = new App();\nconst b = new App();\nawait a.start();"]) {
      const s = serverOf(entry(code));
      assert.equal(s.exact, false, code);
    }
  });

  it("stays approximate: a second module also imports the class, or the class's own module names the method again", () => {
    const two = { ...entry("new App().start();"), "other.ts": 'import { App } from "./app.js";\nexport const make = () => new App();\n' };
    assert.equal(serverOf(two).exact, false);
    const again = { ...entry("new App().start();"), "app.ts": `${holder}export const starter = "start";\n` };
    assert.equal(serverOf(again).exact, false);
  });
});

// `this.tools = [new A(), new B()]` in the constructor, then a loop over `this.tools` (the shape of
// tester case a01 of trial 82, whose build the real SDK 1.29.0 showed advertising tools).
describe("SDK servers whose class keeps its tool objects in a field", () => {
  const tools = `${MCP}export class T { constructor(readonly n: string) {}\n  register(s: McpServer) { s.registerTool(this.n, { description: "d" }, async () => ({ content: [] })); } }\n`;
  const app = (body: string, declare = "private readonly tools: T[];") => `${MCP}${STDIO}import { T } from "./tools.js";\nexport class App {\n  private readonly server = new McpServer({ name: "s", version: "1" });\n  ${declare}\n  constructor() {\n${body}\n  }\n  async run() { await this.server.connect(new StdioServerTransport()); }\n}\nawait new App().run();\n`;

  it("the loop in the constructor, after the field is given an array literal: exact", () => {
    const s = serverOf({ "tools.ts": tools, "app.ts": app('    this.tools = [new T("a"), new T("b")];\n    for (const t of this.tools) t.register(this.server);') });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("stays approximate: the loop before the field is given its array, or the field written twice", () => {
    const before = serverOf({ "tools.ts": tools, "app.ts": app('    for (const t of this.tools) t.register(this.server);\n    this.tools = [new T("a")];') });
    assert.equal(before.exact, false);
    const twice = serverOf({ "tools.ts": tools, "app.ts": app('    this.tools = [new T("a")];\n    if (process.env.NONE) this.tools = [];\n    for (const t of this.tools) t.register(this.server);', "private tools: T[];") });
    assert.equal(twice.exact, false);
  });
});
