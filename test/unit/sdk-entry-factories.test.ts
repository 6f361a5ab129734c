// SDK v2 entry points given a factory by reference (`serveStdio(buildServer)`, the documented form)
// call it and serve its server: the eras are the entry point's. The exact cases are checked against
// the real SDK by the differential fixtures 230-231; these pin what must stay approximate.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V2 = 'import { McpServer } from "@modelcontextprotocol/server";\n';
const STDIO = 'import { serveStdio } from "@modelcontextprotocol/server/stdio";\n';
const FACTORY = `${V2}export function buildServer() {\n  const server = new McpServer({ name: "s", version: "1" });\n  server.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n  return server;\n}\n`;

function only(files: Record<string, string>) {
  const servers = [...analyze(files).servers.values()];
  assert.equal(servers.length, 1, JSON.stringify(servers.map((s) => s.name)));
  return servers[0]!;
}

describe("SDK v2: a factory handed by reference to an entry point in another file", () => {
  it("serveStdio(buildServer): both eras, exact", () => {
    const s = only({ "server.ts": FACTORY, "index.ts": `${STDIO}import { buildServer } from "./server.js";\nserveStdio(buildServer);\n` });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.deepEqual(s.modern, { tools: { listChanged: true } });
  });

  it("createMcpHandler(buildServer, { legacy: \"reject\" }) through a barrel: server/discover only", () => {
    const s = only({
      "src/server.ts": FACTORY,
      "src/index.ts": 'export * from "./server.js";\n',
      "src/http.ts": 'import { createMcpHandler } from "@modelcontextprotocol/server";\nimport { buildServer } from "./index.js";\nexport const handler = createMcpHandler(buildServer, { legacy: "reject" });\n',
    });
    assert.deepEqual(s.unknown, []);
    assert.equal(s.legacy, null);
    assert.deepEqual(s.modern, { tools: { listChanged: true } });
  });
});

describe("SDK v2: factories by reference that stay approximate", () => {
  it("handed to a workspace function that is no SDK entry point", () => {
    const s = only({ "server.ts": FACTORY, "index.ts": 'import { buildServer } from "./server.js";\nimport { launch } from "./launch.js";\nlaunch(buildServer);\n', "launch.ts": "export function launch(f: () => unknown) { return f; }\n" });
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => u.loc?.file.endsWith("index.ts")), JSON.stringify(s.unknown));
  });

  it("a factory whose parameter decides a registration: the entry point passes its own context", () => {
    const s = only({
      "server.ts": `${V2}export function buildServer(ctx: { era: string }) {\n  const server = new McpServer({ name: "s", version: "1" });\n  if (ctx.era === "modern") server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n  return server;\n}\n`,
      "index.ts": `${STDIO}import { buildServer } from "./server.js";\nserveStdio(buildServer);\nconst other = buildServer({ era: "modern" });\n`,
    });
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => u.path[0] === "prompts"), JSON.stringify(s.unknown));
  });

  it("served by serveStdio and also connected by hand: which eras a client meets is run time", () => {
    const s = only({
      "server.ts": FACTORY,
      "index.ts": `${STDIO}import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";\nimport { buildServer } from "./server.js";\nserveStdio(buildServer);\nexport async function alt() {\n  const server = buildServer();\n  await server.connect(new StdioServerTransport());\n}\n`,
    });
    assert.equal(s.exact, false);
    // serveStdio answers server/discover, connect() may not: stated as serveStdio answers it, and left open.
    assert.deepEqual(s.modern, { tools: { listChanged: true } });
    assert.ok(s.unknown.some((u) => u.era === "modern" && u.path.length === 0 && /^whether the server answers server\/discover is not known/.test(u.reason)), JSON.stringify(s.unknown));
  });

  it("a factory returning an object, given to serveStdio: not the server", () => {
    const s = only({
      "server.ts": `${V2}export function buildServer() {\n  const server = new McpServer({ name: "s", version: "1" });\n  return { server, close: () => server.close() };\n}\n`,
      "index.ts": `${STDIO}import { buildServer } from "./server.js";\nserveStdio(buildServer);\n`,
    });
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => u.reason.includes("returns an object")), JSON.stringify(s.unknown));
  });
});

const EXPORTED = `${V2}export const server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n`;
const PROMPT = 'server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n';

describe("SDK v2: an exported server served by an importer's top-level serveStdio(() => server)", () => {
  it("what the serving module registers before the call is certain: the factory runs once a client connects", () => {
    const s = only({ "server.ts": EXPORTED, "index.ts": `${STDIO}import { server } from "./server.js";\n${PROMPT}serveStdio(() => server);\n` });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    assert.deepEqual(s.modern, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("another importer's registration stays unknown (whether that module runs is not known)", () => {
    const s = only({ "server.ts": EXPORTED, "index.ts": `${STDIO}import { server } from "./server.js";\nserveStdio(() => server);\n`, "extra.ts": `import { server } from "./server.js";\n${PROMPT}` });
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => u.path[0] === "prompts"), JSON.stringify(s.unknown));
  });

  it("a registration after the call, or under a condition, stays unknown", () => {
    const after = only({ "server.ts": EXPORTED, "index.ts": `${STDIO}import { server } from "./server.js";\nserveStdio(() => server);\n${PROMPT}` });
    assert.equal(after.exact, false);
    const cond = only({ "server.ts": EXPORTED, "index.ts": `${STDIO}import { server } from "./server.js";\nif (process.env.P) ${PROMPT}serveStdio(() => server);\n` });
    assert.equal(cond.exact, false);
    assert.ok(cond.unknown.some((u) => u.path[0] === "prompts"), JSON.stringify(cond.unknown));
  });
});

const LOW = 'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n';

describe("SDK: capabilities given by a call of a function that returns a literal (fixture 232 checks the exact case)", () => {
  it("a call without arguments of a function whose body returns a literal is that literal", () => {
    const s = only({ "server.ts": `${LOW}function caps() {\n  return { logging: {} };\n}\nexport const server = new Server({ name: "s", version: "1" }, { capabilities: caps() });\n` });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { logging: {} });
  });

  it("stays unknown for an async function, an argument not known statically, or a body that does more", () => {
    for (const [decl, call] of [
      ["async function caps() {\n  return { logging: {} };\n}\n", "caps()"],
      ["function caps(l: unknown) {\n  return { logging: l };\n}\n", "caps(process.env.L)"],
      ["function caps() {\n  if (process.env.L) return { logging: {} };\n  return {};\n}\n", "caps()"],
      ["function caps(l?: object) {\n  return { logging: l };\n}\n", "caps()"],
    ]) {
      const s = only({ "server.ts": `${LOW}${decl}export const server = new Server({ name: "s", version: "1" }, { capabilities: ${call} });\n` });
      assert.equal(s.exact, false, decl);
    }
  });
});

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const WITH_TOOLS = 'function withTools(s: McpServer): McpServer {\n  s.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n  return s;\n}\n';

describe("SDK: nested wrapping helpers (fixture 233 checks the exact case)", () => {
  it("an inner helper that is not followed (from a module not in the workspace) keeps the server unknown", () => {
    const s = only({ "server.ts": `${V1}import { other } from "./missing.js";\n${WITH_TOOLS}export const server = withTools(other(new McpServer({ name: "s", version: "1" })));\n` });
    assert.equal(s.exact, false);
  });

  it("an inner helper that returns its parameter only on some paths keeps the server unknown", () => {
    const s = only({
      "server.ts": `${V1}${WITH_TOOLS}function maybe(s: McpServer): McpServer {\n  if (process.env.X) return s;\n  return globalThis.other as McpServer;\n}\nexport const server = withTools(maybe(new McpServer({ name: "s", version: "1" })));\n`,
    });
    assert.equal(s.exact, false);
  });
});

describe("SDK: handlers set in a loop over a const table of [schema, handler] (no false sdk-handler-missing)", () => {
  const TABLE = 'import { ListPromptsRequestSchema, GetPromptRequestSchema } from "@modelcontextprotocol/sdk/types.js";\nconst HANDLERS = [\n  [ListPromptsRequestSchema, async () => ({ prompts: [] })],\n  [GetPromptRequestSchema, async () => ({ messages: [] })],\n] as const;\n';
  const codes = (files: Record<string, string>) => analyze(files).diagnostics.filter((d) => d.code === "sdk-handler-missing").map((d) => d.message.split(" ")[0]);

  it("the table's schemas may be answered: no warning for prompts; completions, which nothing answers, still warned", () => {
    const got = codes({ "server.ts": `${LOW}${TABLE}export const server = new Server({ name: "s", version: "1" }, { capabilities: { prompts: {}, completions: {} } });\nfor (const [schema, handler] of HANDLERS) server.setRequestHandler(schema, handler as never);\n` });
    assert.deepEqual(got, ["completions"]);
  });

  it("a table that cannot be read: no handler-missing warning at all (the handler may answer anything)", () => {
    const got = codes({ "server.ts": `${LOW}import { HANDLERS } from "./missing.js";\nexport const server = new Server({ name: "s", version: "1" }, { capabilities: { prompts: {}, completions: {} } });\nfor (const [schema, handler] of HANDLERS) server.setRequestHandler(schema, handler);\n` });
    assert.deepEqual(got, []);
  });
});

describe("SDK: a factory's result connected where it is made (`await make().connect(t)`)", () => {
  const MAKE = `${LOW}import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nfunction make() {\n  const server = new Server({ name: "s", version: "1" }, { capabilities: { logging: {} } });\n  return server;\n}\n`;
  it("is its only caller: nothing else is done with the server, exact", () => {
    const s = only({ "server.ts": `${MAKE}await make().connect(new StdioServerTransport());\n` });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { logging: {} });
  });
  it("another call handing the result to a helper not in the workspace keeps the prediction approximate", () => {
    const s = only({ "server.ts": `${MAKE}import { launch } from "./missing.js";\nawait make().connect(new StdioServerTransport());\nlaunch(make());\n` });
    assert.equal(s.exact, false);
  });
});

describe("SDK v2: serveStdio(() => app.build()), a method of a module-level instance (x07 of the review; probe-checked)", () => {
  const APP = `${V2}${STDIO}class App {\n  build() {\n    const s = new McpServer({ name: "s", version: "1" });\n    s.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n    return s;\n  }\n}\nconst app = new App();\n`;
  it("is the entry point's factory: both eras, exact", () => {
    const s = only({ "server.ts": `${APP}serveStdio(() => app.build());\n` });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.modern, { prompts: { listChanged: true } });
  });
  it("stays approximate when the method is called elsewhere too, or the instance is exported", () => {
    const twice = only({ "server.ts": `${APP}serveStdio(() => app.build());\nconst other = app["build"]();\nother.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n` });
    assert.equal(twice.exact, false);
    const exported = only({ "server.ts": `${APP}serveStdio(() => app.build());\nexport { app };\n` });
    assert.equal(exported.exact, false);
  });
});

// A server made once at the top level of its module and served by the program's entry (the shapes
// of tester cases b25-b27 of trial 87, whose builds the real SDK 2.4.0 showed serving both eras).
describe("SDK v2: a module's one server, served by the entry that imports it", () => {
  const made = `${V2}export const server = new McpServer({ name: "s", version: "1" });\n`;
  const prompt = 'import { server } from "./server.js";\nserver.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n';

  it("serveStdio(() => server) at the entry's top level, with a module it imports registering first: both eras, exact", () => {
    const s = only({ "package.json": '{ "name": "app" }', "server.ts": made, "prompts.ts": prompt, "index.ts": `${STDIO}import { server } from "./server.js";\nimport "./prompts.js";\nserveStdio(() => server);\n` });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
    assert.deepEqual(s.modern, { prompts: { listChanged: true } });
  });

  it("an exported getter of the server handed to serveStdio: both eras, exact", () => {
    const getter = `${V2}const server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("t", { description: "d" }, async () => ({ content: [] }));\nexport const getServer = () => server;\n`;
    const s = only({ "package.json": '{ "name": "app" }', "server.ts": getter, "index.ts": `${STDIO}import { getServer } from "./server.js";\nserveStdio(getServer);\n` });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.modern, { tools: { listChanged: true } });
  });

  it("stays approximate: the getter's value is used where the analysis does not follow it", () => {
    const getter = `${V2}const server = new McpServer({ name: "s", version: "1" });\nexport function getServer() { return server; }\n`;
    const s = only({ "package.json": '{ "name": "app" }', "server.ts": getter, "index.ts": `import { getServer } from "./server.js";\nimport { plug } from "./missing.js";\nplug(getServer());\n` });
    assert.equal(s.exact, false);
  });
});

// A `throw` in the factory (tester cases b23 of trial 87: the real SDK 2.4.0 answered -32603 for the era the throw is for).
describe("SDK v2: a factory that throws", () => {
  const factory = (guard: string) => `${V2}${STDIO}serveStdio((ctx) => {\n  ${guard}\n  const server = new McpServer({ name: "s", version: "1" });\n  server.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n  return server;\n});\n`;

  it("stays approximate: a throw for one era (`ctx.era === \"legacy\"`), or on every path after the registration", () => {
    assert.equal(only({ "index.ts": factory('if (ctx.era === "legacy") throw new Error("upgrade");') }).exact, false);
    const always = `${V2}${STDIO}serveStdio(() => {\n  const server = new McpServer({ name: "s", version: "1" });\n  server.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n  throw new Error("not ready");\n});\n`;
    assert.equal(only({ "index.ts": always }).exact, false);
  });

  it("a guard on the configuration stays exact: the answer is what the server sends once it starts", () => {
    const s = only({ "index.ts": factory('if (!process.env.API_KEY) throw new Error("API_KEY is required");') });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.modern, { tools: { listChanged: true } });
  });
});

describe("SDK v2: an inline factory that throws before calling the one that builds the server", () => {
  it("stays approximate: `(ctx) => { if (ctx.era === \"legacy\") throw …; return buildServer(); }`", () => {
    const entry = (guard: string) => `${FACTORY.replace("export function", "function")}${STDIO}serveStdio((ctx) => {\n  ${guard}\n  return buildServer();\n});\n`;
    assert.equal(only({ "index.ts": entry('if (ctx.era === "legacy") throw new Error("upgrade");') }).exact, false);
    // The same factory without the throw serves both eras, exact.
    const plain = only({ "index.ts": entry("console.error(ctx.era);") });
    assert.equal(plain.exact, true, JSON.stringify(plain.unknown));
    assert.deepEqual(plain.modern, { tools: { listChanged: true } });
  });
});
