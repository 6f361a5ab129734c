// A server stored in a container of its own file (a Map, a Set, a weak collection, a record, a variable)
// is harmless when every read of that container only closes, checks or reaches the transport of the
// server, or when the store happens after the server is connected (the SDK refuses new capabilities
// then). The differential fixtures 130-133 check those answers against the real SDK; here, more shapes
// of the same rules, and the near misses that must stay approximate.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const NEW = 'export const server = new McpServer({ name: "s", version: "1" });\nserver.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n';
const TOOL = (on: string) => `${on}.registerTool("t", { description: "d" }, async () => ({ content: [] }));`;
const PROMPTS = { prompts: { listChanged: true } };

function serverOf(source: string) {
  const result = analyze({ "s.ts": source });
  const server = result.servers.get("s");
  assert.ok(server, `no server found: ${JSON.stringify([...result.servers.keys()])}`);
  return server;
}

function exact(source: string) {
  const s = serverOf(source);
  assert.deepEqual(s.unknown, [], JSON.stringify(s.unknown));
  assert.equal(s.exact, true);
  assert.deepEqual(s.legacy, PROMPTS);
}

function approximate(source: string) {
  const s = serverOf(source);
  assert.equal(s.exact, false, `claimed exact: ${JSON.stringify(s.legacy)}`);
  assert.ok(s.unknown.some((u) => u.spread === true), JSON.stringify(s.unknown));
}

describe("SDK: servers stored in containers of the file", () => {
  it("a record of sessions read by key, deleted and tested with in", () => {
    exact(
      `${V1}const transports: Record<string, { server: McpServer; transport: unknown }> = {};\n${NEW}transports["a"] = { server, transport: null };\n` +
        `export async function end(id: string) {\n  if (!(id in transports)) return;\n  const entry = transports[id];\n  await entry.server.close();\n  delete transports[id];\n}\n`,
    );
  });

  it("a let WeakSet renewed with new WeakSets, and forEach over a Set that only closes", () => {
    exact(
      `${V1}let seen = new WeakSet<object>();\nconst live = new Set<McpServer>();\n${NEW}seen.add(server);\nlive.add(server);\n` +
        `export function reset() { seen = new WeakSet<object>(); }\nexport function closeAll() { live.forEach((s) => { void s.close(); }); }\n`,
    );
  });

  it("a Set iterated with keys() whose reader registers stays approximate (a Set's keys are its values)", () => {
    approximate(`${V1}const live = new Set<McpServer>();\n${NEW}live.add(server);\nexport function up() { for (const s of live.keys()) ${TOOL("s")} }\n`);
  });

  it("a value read with || (it may be the server) stays approximate", () => {
    approximate(`${V1}const m = new Map<string, McpServer>();\n${NEW}m.set("a", server);\nexport function up() { const s = m.get("a") || server; ${TOOL("s")} }\n`);
  });

  it("a map handed to another function stays approximate", () => {
    approximate(`${V1}import { use } from "./missing.js";\nconst m = new Map<string, McpServer>();\n${NEW}m.set("a", server);\nuse(m);\n`);
  });

  it("a map value returned to callers stays approximate", () => {
    approximate(`${V1}const m = new Map<string, McpServer>();\n${NEW}m.set("a", server);\nexport function get() { return m.get("a"); }\n`);
  });

  it("a collection whose name a var also declares elsewhere stays approximate", () => {
    approximate(`${V1}const m = new Map<string, McpServer>();\n${NEW}m.set("a", server);\nexport function f() { if (Math.random()) { var m = 1; } return m; }\n`);
  });

  it("a Map redeclared by the file is not the built-in one", () => {
    approximate(`${V1}import { hooks } from "./missing.js";\nclass Map<K, V> { set(k: K, v: V) { void k; hooks.run(v); } }\nconst m = new Map<string, McpServer>();\n${NEW}m.set("a", server);\n`);
  });

  it("a store after an awaited connect() in the same branch is harmless; in another branch it is not", () => {
    exact(`${V1}${NEW}export async function main() {\n  try {\n    await server.connect(new StdioServerTransport());\n    if (process.env.KEEP) { const entry = { server, at: Date.now() }; void entry; }\n  } catch {}\n}\n`);
    // The catch runs when connect() failed: the server is not connected there, and the program goes on.
    approximate(`${V1}import { keep } from "./missing.js";\n${NEW}export async function main() {\n  try {\n    await server.connect(new StdioServerTransport());\n  } catch {\n    const entry = { server };\n    keep(entry);\n  }\n}\n`);
  });

  it("a call given the server after connect(), even inside an object, is not a store: not followed", () => {
    approximate(`${V1}import { keep } from "./missing.js";\n${NEW}export async function main() {\n  await server.connect(new StdioServerTransport());\n  keep(server);\n}\n`);
    approximate(`${V1}import { keep } from "./missing.js";\n${NEW}export async function main() {\n  await server.connect(new StdioServerTransport());\n  keep({ server });\n}\n`);
  });

  it("server = createServer() (an assignment) is followed like a declaration; other readers of the variable are checked", () => {
    const factory = `${V1}function createServer() {\n  const s = new McpServer({ name: "s", version: "1" });\n  s.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n  return s;\n}\nlet current: McpServer | undefined;\n`;
    const main = `export async function main() {\n  current = createServer();\n  ${TOOL("current")}\n  await current.connect(new StdioServerTransport());\n}\n`;
    const followed = analyze({ "s.ts": `${factory}${main}export async function stop() { if (current) await current.close(); }\n` }).servers.get("s");
    assert.ok(followed);
    assert.deepEqual(followed.legacy, { ...PROMPTS, tools: { listChanged: true } });
    assert.equal(followed.exact, true, JSON.stringify(followed.unknown));
    const read = analyze({ "s.ts": `${factory}${main}export function more() { current!.registerResource("r", "x://r", {}, async () => ({ contents: [] })); }\n` }).servers.get("s");
    assert.ok(read);
    assert.equal(read.exact, false);
  });

  it("a caller that returns the server before connecting it hands it to code not followed", () => {
    approximate(`${V1}function createServer() {\n  const s = new McpServer({ name: "s", version: "1" });\n  return s;\n}\nexport function wrap() {\n  const server = createServer();\n  return server;\n}\n`);
  });

  it("a private record field of sessions is a container; a private Map field replaced by an outside map is not", () => {
    const cls = (extra: string) =>
      `${V1}import { outside } from "./missing.js";\nclass App {\n  private sessions: Record<string, { server: McpServer }> = {};\n  private live = new Map<string, McpServer>();\n` +
      `  build() {\n    const server = new McpServer({ name: "s", version: "1" });\n    server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n    this.sessions["a"] = { server };\n    this.live.set("a", server);\n    return server;\n  }\n` +
      `  async stop() { await this.sessions["a"]?.server.close(); this.live.delete("a"); }\n${extra}}\nexport const server = new App().build();\n`;
    const held = analyze({ "s.ts": cls("") }).servers;
    const replaced = analyze({ "s.ts": cls("  swap() { this.live = outside; }\n") }).servers;
    const open = (servers: typeof held) => [...servers.values()].flatMap((x) => x.unknown.map((u) => u.reason)).filter((r) => /sessions|live/.test(r));
    assert.deepEqual(open(held), []);
    assert.ok(open(replaced).some((r) => r.includes("this.live.set")), JSON.stringify(open(replaced)));
  });

  it("near misses: the server under two keys of one value, forEach with a named callback, a = b = server", () => {
    approximate(`${V1}const m = new Map<string, { server: McpServer; again: McpServer }>();\n${NEW}m.set("a", { server, again: server });\nexport function up() { const v = m.get("a"); if (v) { void v.server.close(); ${TOOL("v.again")} } }\n`);
    approximate(`${V1}import { handler } from "./missing.js";\nconst live = new Set<McpServer>();\n${NEW}live.add(server);\nexport function up() { live.forEach(handler); }\n`);
    approximate(`${V1}import { hand } from "./missing.js";\nlet a: McpServer | undefined;\nlet b: McpServer | undefined;\n${NEW}a = b = server;\nhand(a);\nexport function stop() { void b?.close(); }\n`);
  });

  it("a record written {} as Record<...>, and a private Map field given its Map in the constructor", () => {
    exact(`${V1}const servers = {} as Record<string, McpServer>;\n${NEW}servers["a"] = server;\nexport function stop(id: string) { void servers[id]?.close(); delete servers[id]; }\n`);
    const src =
      `${V1}class App {\n  private live: Map<string, McpServer>;\n  constructor() { this.live = new Map(); }\n  build() {\n    const server = new McpServer({ name: "s", version: "1" });\n    this.live.set("a", server);\n    return server;\n  }\n` +
      `  stop() { for (const s of this.live.values()) void s.close(); }\n}\nexport const server = new App().build();\n`;
    const reasons = [...analyze({ "s.ts": src }).servers.values()].flatMap((x) => x.unknown.map((u) => u.reason));
    assert.ok(!reasons.some((r) => r.includes("this.live")), JSON.stringify(reasons));
  });

  it("a record whose values are listed with Object.values, or read by a dynamic key and registered on, stays approximate", () => {
    approximate(`${V1}const servers: Record<string, McpServer> = {};\n${NEW}servers["a"] = server;\nexport function up() { for (const s of Object.values(servers)) ${TOOL("s")} }\n`);
    approximate(`${V1}const servers: Record<string, McpServer> = {};\n${NEW}servers["a"] = server;\nexport function up(id: string) { const s = servers[id]; if (s) ${TOOL("s")} }\n`);
  });

  it("a factory that returns its server only once connected: its callers cannot add capabilities", () => {
    const body = (tail: string) =>
      `${V1}export async function start() {\n  const server = new McpServer({ name: "s", version: "1" });\n  server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n${tail}}\n`;
    exact(body(`  await server.connect(new StdioServerTransport());\n  return server;\n`));
    approximate(body(`  if (process.env.STDIO) await server.connect(new StdioServerTransport());\n  return server;\n`));
    approximate(body(`  try { await server.connect(new StdioServerTransport()); } catch {}\n  return server;\n`));
  });

  it("active = this.createServer() on a private factory method: followed; other readers of active are checked", () => {
    const src = (reader: string) =>
      `${V1}let active: McpServer | undefined;\nclass App {\n  private createServer() {\n    const server = new McpServer({ name: "s", version: "1" });\n    server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n    return server;\n  }\n` +
      `  async run() {\n    active = this.createServer();\n    ${TOOL("active")}\n    await active.connect(new StdioServerTransport());\n  }\n}\nexport const app = new App();\n${reader}`;
    const followed = analyze({ "s.ts": src("export function stop() { void active?.close(); }\n") }).servers.get("s");
    assert.ok(followed);
    assert.equal(followed.exact, true, JSON.stringify(followed.unknown));
    assert.deepEqual(followed.legacy, { ...PROMPTS, tools: { listChanged: true } });
    const other = analyze({ "s.ts": src(`export function more() { active?.registerResource("r", "x://r", {}, async () => ({ contents: [] })); }\n`) }).servers.get("s");
    assert.ok(other);
    assert.equal(other.exact, false);
  });
});


describe("SDK: a module variable handed out by a getter of its module", () => {
  const HOLDER = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
let current: McpServer | undefined;
export function keep(s: McpServer): void { current = s; }
export function held() { return current; }
export const heldToo = () => current;
`;
  const ENTRY = `${V1}import { keep } from "./holder.js";
import "./use.js";
const server = new McpServer({ name: "s", version: "1" });
keep(server);
server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));
await server.connect(new StdioServerTransport());
`;
  const run = (use: string) => analyze({ "holder.ts": HOLDER, "use.ts": use, "s.ts": ENTRY }).servers.get("s")!;

  it("is harmless when every call of the getter only sends or asks through the server", () => {
    for (const use of [
      `import { held } from "./holder.js";\nexport async function roots() { const s = held(); if (!s) return []; return (await s.server.listRoots()).roots; }`,
      `import { heldToo as h } from "./holder.js";\nexport async function log() { await h()?.sendLoggingMessage({ level: "info", data: "x" }); }`,
    ]) {
      const s = run(use);
      assert.deepEqual(s.unknown, [], use);
      assert.deepEqual(s.legacy, PROMPTS, use);
    }
  });

  it("stays approximate when a caller may register, hands the server on, or hands the getter on", () => {
    for (const use of [
      `import { held } from "./holder.js";\nexport function more() { ${TOOL("held()!")} }`,
      `import { held } from "./holder.js";\nimport { attach } from "./attach.js";\nexport function more() { const s = held(); attach(s); }`,
      `import { held } from "./holder.js";\nexport const getter = held;`,
    ]) {
      const s = run(use);
      assert.equal(s.exact, false, use);
    }
  });
});
