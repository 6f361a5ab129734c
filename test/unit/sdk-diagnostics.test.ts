// Every diagnostic of the SDK dialect on a small in-memory program: its code, severity, the exact
// source it covers, and a message that says what the SDK does at run time and how to fix it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1_MCP = 'import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const V1_LOW = 'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n';
const V1_TYPES =
  'import { ListToolsRequestSchema, ListPromptsRequestSchema, SubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n';
const V2 = 'import { McpServer, createMcpHandler, completable } from "@modelcontextprotocol/server";\nimport { z } from "zod";\n';

function only(code: string, files: Record<string, string>) {
  const result = analyze(files);
  const found = result.codes(code);
  assert.equal(found.length, 1, `one ${code}, got ${JSON.stringify(result.diagnostics.map((d) => [d.code, d.line, d.text]))}`);
  return { d: found[0]!, result };
}

describe("SDK dialect diagnostics: code, severity, range, message", () => {
  it("sdk-handler-undeclared: a guarded handler without its capability throws at start-up (on the method name)", () => {
    const { d, result } = only("sdk-handler-undeclared", {
      "s.ts": `${V1_LOW}${V1_TYPES}export const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\nserver.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));\nserver.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [] }));\n`,
    });
    assert.equal(d.severity, "error");
    assert.equal(d.line, 5);
    assert.equal(d.text, "setRequestHandler");
    assert.match(d.message, /throws at start-up/);
    assert.match(d.message, /Server does not support prompts \(required for prompts\/list\)/);
    assert.equal(d.raw.fixes?.[0]?.edits[0]?.newText, " prompts: {},", "quick fix declares the capability");
    const server = result.servers.get("s")!;
    assert.equal(server.legacy, null, "a server that cannot start serves no era");
  });

  it("sdk-handler-undeclared (warning): a handler behind a run-time guard may throw, it is not said to throw at start-up", () => {
    // A helper that replaces tools/list only when one is installed, called on a server without tools.
    const { d, result } = only("sdk-handler-undeclared", {
      "s.ts": `${V1_MCP}${V1_TYPES}export const bare = new McpServer({ name: "bare", version: "1" });\nwrapToolsList(bare);\nfunction wrapToolsList(server: McpServer) {\n  const original = (server.server as any)._requestHandlers?.get("tools/list");\n  if (!original) return;\n  server.server.setRequestHandler(ListToolsRequestSchema, async (req: any, extra: any) => original(req, extra));\n}\n`,
    });
    assert.equal(d.severity, "warning");
    assert.equal(d.line, 8);
    assert.match(d.message, /^setRequestHandler for tools\/list throws if it runs on this server, and whether it runs is only known at run time/);
    assert.doesNotMatch(d.message, /at start-up/);
    const server = result.servers.get("bare")!;
    assert.ok(server.unknown.some((u) => /throws if it runs/.test(u.reason)), "the server is approximate: it may not start");
  });

  it("sdk-handler-undeclared (warning): a subscribe handler clients never call", () => {
    const { d } = only("sdk-handler-undeclared", {
      "s.ts": `${V1_LOW}${V1_TYPES}export const server = new Server({ name: "s", version: "1" }, { capabilities: { resources: {} } });\nserver.setRequestHandler(SubscribeRequestSchema, async () => ({}));\n`,
    });
    assert.equal(d.severity, "warning");
    assert.equal(d.text, "setRequestHandler");
    assert.match(d.message, /never called/);
    assert.match(d.message, /resources: \{ subscribe: true \}/);
  });

  it("sdk-handler-missing: a capability nothing answers (on the key in the literal)", () => {
    const { d } = only("sdk-handler-missing", {
      "s.ts": `${V1_LOW}export const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n`,
    });
    assert.equal(d.severity, "warning");
    assert.equal(d.text, "tools");
    assert.match(d.message, /-32601/);
    assert.match(d.message, /Register a handler for tools\/list, or remove tools/);
  });

  // Review of the editor surfaces: the advice named McpServer's completable() for a low-level Server.
  it("sdk-handler-missing on a low-level Server's completions: set a completion/complete handler", () => {
    const { d } = only("sdk-handler-missing", {
      "s.ts": `${V1_LOW}${V1_TYPES}export const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {}, completions: {} } });\nserver.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));\n`,
    });
    assert.match(d.message, /Set a completion\/complete handler \(setRequestHandler\), or remove completions/);
    assert.doesNotMatch(d.message, /completable/);
  });

  it("sdk-handler-missing is not claimed when the server also goes where the analysis does not follow", () => {
    const result = analyze({
      "s.ts": `${V1_LOW}import { wire } from "./wire.js";\nexport function make() {\n  return new Server({ name: "s", version: "1" }, { capabilities: { tools: {}, resources: { subscribe: true } } });\n}\nconst holder = { server: make() };\nwire(holder);\n`,
      "wire.ts": 'export function wire(h: any) { h.server.setRequestHandler(h.schemas.list, async () => ({ tools: [] })); }\n',
    });
    const server = result.servers.get("s");
    assert.ok(server);
    assert.equal(server.exact, false);
    assert.deepEqual(result.codes("sdk-handler-missing"), [], "handlers may be set where the server goes");
  });

  it("sdk-notification-flag: list_changed without listChanged (warning), without the key (error)", () => {
    const result = analyze({
      "s.ts": `${V1_LOW}export const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\nexport function later() {\n  server.sendToolListChanged();\n  server.sendResourceUpdated({ uri: "x://1" });\n}\n`,
    });
    const flags = result.codes("sdk-notification-flag");
    assert.deepEqual(flags.map((f) => [f.line, f.text, f.severity]), [
      [4, "sendToolListChanged", "warning"],
      [5, "sendResourceUpdated", "error"],
    ]);
    assert.match(flags[0]!.message, /conforming clients ignore it/);
    assert.match(flags[1]!.message, /throws/);
  });

  it("sdk-logging-dropped: sendLoggingMessage without logging is silently dropped", () => {
    const { d } = only("sdk-logging-dropped", {
      "s.ts": `${V1_MCP}export const server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("t", {}, async () => ({ content: [] }));\nexport async function main() { await server.sendLoggingMessage({ level: "info", data: "x" }); }\n`,
    });
    assert.equal(d.severity, "warning");
    assert.equal(d.text, "sendLoggingMessage");
    assert.match(d.message, /drops the message silently/);
  });

  it("sdk-logging-dropped before SDK 1.17.5: the send is rejected, not dropped (trial 89 o59, probed on 1.10.2)", () => {
    const { d } = only("sdk-logging-dropped", {
      "package.json": JSON.stringify({ name: "app", dependencies: { "@modelcontextprotocol/sdk": "1.10.2" } }),
      // tool(), not registerTool(), which 1.10.2 does not have yet (sdk-method-missing).
      "s.ts": `${V1_MCP}export const server = new McpServer({ name: "s", version: "1" });\nserver.tool("t", async () => ({ content: [] }));\nexport async function main() { await server.server.sendLoggingMessage({ level: "info", data: "x" }); }\n`,
    });
    assert.equal(d.severity, "error");
    assert.match(d.message, /throws without the logging capability in SDK 1\.10\.2/);
    assert.match(d.message, /"Server does not support logging"/);
    assert.doesNotMatch(d.message, /drops the message silently/);
  });

  it("sdk-logging-setlevel: v1 logging added late installs no setLevel", () => {
    const { d } = only("sdk-logging-setlevel", {
      "s.ts": `${V1_LOW}export const server = new Server({ name: "s", version: "1" }, { capabilities: {} });\nserver.registerCapabilities({ logging: {} });\n`,
    });
    assert.equal(d.text, "registerCapabilities");
    assert.match(d.message, /#1464/);
    assert.match(d.message, /Declare logging in the constructor's capabilities/);
  });

  it("sdk-completable-optional: the argument completes nothing; the fix moves .optional() outside", () => {
    const source = `${V2}function build() {\n  const server = new McpServer({ name: "s", version: "1" });\n  server.registerPrompt("p", { argsSchema: z.object({ topic: completable(z.string().optional(), () => []) }) }, async () => ({ messages: [] }));\n  return server;\n}\nexport const handler = createMcpHandler(build);\n`;
    const { d, result } = only("sdk-completable-optional", { "s.ts": source });
    assert.equal(d.text, "completable(z.string().optional(), () => [])");
    assert.match(d.message, /completes nothing/);
    const edits = d.raw.fixes?.[0]?.edits ?? [];
    assert.deepEqual(edits.map((e) => e.newText), ["z.string()", ".optional()"]);
    assert.equal(result.servers.get("s")?.legacy?.completions, undefined, "no completions advertised");
  });

  it("sdk-tool-schema-rejected: tool() given a z.object; the fix passes its raw shape (inline) or .shape (a const)", () => {
    const zod = 'import { z } from "zod";\n';
    const inline = only("sdk-tool-schema-rejected", {
      "s.ts": `${V1_MCP}${zod}export const server = new McpServer({ name: "s", version: "1" });\nserver.tool("find", "Find", z.object({ q: z.string() }), async () => ({ content: [] }));\n`,
    });
    assert.equal(inline.d.severity, "error");
    assert.equal(inline.d.text, "tool");
    assert.match(inline.d.message, /expected a Zod schema or ToolAnnotations/);
    assert.deepEqual(inline.d.raw.fixes?.[0]?.edits.map((e) => e.newText), ["{ q: z.string() }"]);
    assert.equal(inline.result.servers.get("s")?.legacy, null, "the server does not start");
    const named = only("sdk-tool-schema-rejected", {
      "s.ts": `${V1_MCP}${zod}const Args = z.object({ q: z.string() });\nexport const server = new McpServer({ name: "s", version: "1" });\nserver.tool("find", Args, async () => ({ content: [] }));\n`,
    });
    assert.equal(named.d.raw.fixes?.[0]?.title, "Pass Args.shape");
    assert.deepEqual(named.d.raw.fixes?.[0]?.edits.map((e) => e.newText), [".shape"]);
  });

  it("sdk-tool-schema-rejected: a JSON Schema inputSchema (v1) and a Zod 3 raw shape (v2); nothing for Zod schemas or unknown values", () => {
    const json = only("sdk-tool-schema-rejected", {
      "s.ts": `${V1_MCP}export const server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("find", { inputSchema: { type: "object", properties: { q: { type: "string" } } } as any }, async () => ({ content: [] }));\n`,
    });
    assert.match(json.d.message, /inputSchema must be a Zod schema or raw shape/);
    const v3 = only("sdk-tool-schema-rejected", {
      "s.ts": `import { McpServer } from "@modelcontextprotocol/server";\nimport { z } from "zod/v3";\nexport const server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("find", { inputSchema: { q: z.string() } as any }, async () => ({ content: [] }));\n`,
    });
    assert.match(v3.d.message, /Zod 3 field/);
    const fine = analyze({
      "s.ts": `${V1_MCP}import { z } from "zod";\nimport { shape } from "./shapes.js";\nexport const server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("a", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));\nserver.registerTool("b", { inputSchema: shape }, async () => ({ content: [] }));\nserver.tool("c", "C", { q: z.string() }, { readOnlyHint: true }, async () => ({ content: [] }));\n`,
      "shapes.ts": 'export let shape: any = undefined;\n',
    });
    assert.deepEqual(fine.codes("sdk-tool-schema-rejected"), []);
  });

  it("sdk-tool-schema-rejected: a v1 raw shape mixing Zod 3 and Zod 4 fields (1.23.0+); with plain zod's major unknown, only 'may not start'", () => {
    const shape = (fields: string) => `${V1_MCP}import { z } from "zod";\nimport { z as z3 } from "zod/v3";\nimport { z as z4 } from "zod/v4";\nexport const server = new McpServer({ name: "s", version: "1" });\nserver.registerPrompt("p", { argsSchema: { ${fields} } as any }, () => ({ messages: [] }));\n`;
    const zod4 = { "package.json": '{ "dependencies": { "zod": "4.1.0", "@modelcontextprotocol/sdk": "1.32.2" } }' };
    const mixed = only("sdk-tool-schema-rejected", { "s.ts": shape("a: z3.string(), b: z4.string()"), ...zod4 });
    assert.match(mixed.d.message, /Mixed Zod versions detected in object shape/);
    assert.equal(mixed.result.servers.get("s")?.legacy, null, "the server does not start");
    // zod 4 installed: `zod` is Zod 4, so it mixes with zod/v3 and agrees with zod/v4.
    assert.equal(only("sdk-tool-schema-rejected", { "s.ts": shape("a: z.string(), b: z3.string()"), ...zod4 }).d.severity, "error");
    assert.deepEqual(analyze({ "s.ts": shape("a: z.string(), b: z4.string()"), ...zod4 }).codes("sdk-tool-schema-rejected"), []);
    // Before 1.23.0 the SDK wraps the shape with the zod it loads: nothing is refused.
    const old = analyze({ "s.ts": shape("a: z3.string(), b: z4.string()"), "package.json": '{ "dependencies": { "zod": "4.1.0", "@modelcontextprotocol/sdk": "1.22.0" } }' });
    // (A warning only: a hoisted newer install above the folder may be what Node loads.)
    assert.deepEqual(old.codes("sdk-tool-schema-rejected").map((d) => d.severity), ["warning"]);
    // No zod version read: `zod` may be 3 (no mix) or 4 (a mix), so whether it starts is not known.
    const unknown = analyze({ "s.ts": shape("a: z.string(), b: z3.string()") });
    assert.deepEqual(unknown.codes("sdk-tool-schema-rejected"), []);
    const server = unknown.servers.get("s")!;
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => /may throw.*zod\/v3 and of zod/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("sdk-register-after-connect: registering a new primitive after connect() throws", () => {
    const { d } = only("sdk-register-after-connect", {
      "s.ts": `${V1_MCP}export const server = new McpServer({ name: "s", version: "1" });\nexport async function start(t: any) {\n  await server.connect(t);\n  server.registerTool("late", {}, async () => ({ content: [] }));\n}\n`,
    });
    assert.equal(d.severity, "error");
    assert.equal(d.line, 5);
    assert.equal(d.text, "registerTool");
    assert.match(d.message, /Cannot register capabilities after connecting to transport/);
  });

  it("sdk-register-after-connect: an error a handler takes once the server is connected leaves it serving; one that ends the program does not (trial 110)", () => {
    const program = (call: string, extra = "") =>
      analyze({
        "s.ts": `${V1_MCP}import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n${extra}async function main() {\n  const server = new McpServer({ name: "s", version: "1" });\n  server.registerTool("t", {}, async () => ({ content: [] }));\n  await server.connect(new StdioServerTransport());\n  server.registerPrompt("late", {}, () => ({ messages: [] }));\n}\n${call}\n`,
      });
    const goesOn = [
      ["main().catch(console.error);", "", /The handler on the promise of the call at line \d+ takes the error/],
      ["main().then(() => {}, (e) => console.error(e));", "", /The handler on the promise/],
      ["try {\n  await main();\n} catch (err) {\n  console.error(err);\n}", "", /The handler on the promise/],
      ["main();", 'process.on("unhandledRejection", (r) => console.error(r));\n', /process\.on\("unhandledRejection"\)/],
    ] as const;
    for (const [call, extra, why] of goesOn) {
      const r = program(call, extra);
      const server = r.servers.get("s")!;
      assert.deepEqual(server.legacy, { tools: { listChanged: true } }, call);
      assert.equal(server.exact, true, `${call}: ${JSON.stringify(server.unknown)}`);
      const d = r.diagnostics.find((x) => x.code === "sdk-register-after-connect");
      assert.equal(d?.severity, "error", call);
      assert.match(d!.message, why, call);
    }
    for (const call of ["main().catch((e) => { console.error(e); process.exit(1); });", "main().catch(handleFatal);", "main();"]) {
      const server = program(call).servers.get("s")!;
      assert.equal(server.legacy, null, `${call}: the error ends the program before it answers`);
    }
  });

  it("a caller's handler that takes an error ends the code up to its call: what follows the throw there does not run (trial 110)", () => {
    const helper = (body: string, after: string) =>
      analyze({
        "s.ts": `${V1_MCP}import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "s", version: "1" });\nasync function setup() {\n${body}\n}\n${after}\n`,
      });
    const dup = '  server.registerTool("x", {}, async () => ({ content: [] }));\n  server.registerTool("x", {}, async () => ({ content: [] }));';
    // The prompt after the throw is skipped; the caller goes on and connects: tools only.
    const skipped = helper(`${dup}\n  server.registerPrompt("p", {}, () => ({ messages: [] }));`, "await setup().catch((e) => console.error(e));\nawait server.connect(new StdioServerTransport());");
    assert.deepEqual(skipped.servers.get("s")!.legacy, { tools: { listChanged: true } });
    assert.equal(skipped.servers.get("s")!.exact, true);
    assert.match(skipped.diagnostics.find((d) => d.code === "sdk-duplicate-registration")!.message, /takes the error and the program goes on/);
    // The connect() was in the code the throw ends: the server never connects, so it does not start.
    const never = helper(`${dup}\n  await server.connect(new StdioServerTransport());`, "setup().catch((e) => console.error(e));");
    assert.equal(never.servers.get("s")!.legacy, null);
    assert.match(never.diagnostics.find((d) => d.code === "sdk-duplicate-registration")!.message, /the code it ends held the connect\(\), so the server does not start/);
  });

  it("sdk-register-after-connect: after an awaited close() the server takes registrations again; after one not awaited it may throw", () => {
    // close() lets go of the transport once it has finished: connecting again afterwards is allowed.
    const closed = analyze({
      "s.ts": `${V1_MCP}import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "s", version: "1" });\nawait server.connect(new StdioServerTransport());\nawait server.close();\nserver.registerTool("again", {}, async () => ({ content: [] }));\nawait server.connect(new StdioServerTransport());\n`,
    });
    assert.deepEqual(closed.codes("sdk-register-after-connect"), []);
    assert.deepEqual(closed.servers.get("s")!.legacy?.tools, { listChanged: true });
    // Not awaited: whether the transport is let go of before the registration depends on the transport.
    const racing = analyze({
      "s.ts": `${V1_MCP}import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "s", version: "1" });\nawait server.connect(new StdioServerTransport());\nvoid server.close();\nserver.registerTool("again", {}, async () => ({ content: [] }));\nawait server.connect(new StdioServerTransport());\n`,
    });
    assert.deepEqual(racing.codes("sdk-register-after-connect"), []);
    const server = racing.servers.get("s")!;
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => /registerTool at line 6 follows close\(\) \(line 5\)/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("sdk-revision-keys: extensions on initialize", () => {
    const { d } = only("sdk-revision-keys", {
      "s.ts": `${V1_LOW}export const server = new Server({ name: "s", version: "1" }, { capabilities: { extensions: { "com.example/x": {} } } });\n`,
    });
    assert.equal(d.severity, "information");
    assert.equal(d.text, "extensions");
    assert.match(d.message, /not part of 2025-11-25/);
  });

  it("sdk-extension-id: a reserved prefix and a malformed extension id; experimental keys are free-form", () => {
    const result = analyze({
      "s.ts": `${V1_LOW}export const server = new Server({ name: "s", version: "1" }, { capabilities: { experimental: { streaming: {}, "claude/channel": {} }, extensions: { "io.modelcontextprotocol/made-up": {}, widgetsBeta: {}, "acme/progress": {} } } });\n`,
    });
    const ids = result.codes("sdk-extension-id");
    assert.deepEqual(ids.map((d) => d.text).sort(), ['"io.modelcontextprotocol/made-up"', "widgetsBeta"]);
    assert.ok(ids.some((d) => /reserved io\.modelcontextprotocol\/ prefix/.test(d.message)));
    assert.ok(ids.some((d) => /a vendor prefix \(a reversed domain name, recommended\) and a name/.test(d.message)));
  });

  it("sdk-tasks-legacy-shape: the 2025-11-25 tasks capability", () => {
    const { d } = only("sdk-tasks-legacy-shape", {
      "s.ts": `${V1_LOW}export const server = new Server({ name: "s", version: "1" }, { capabilities: { tasks: { list: {} } } });\n`,
    });
    assert.equal(d.text, "tasks");
    assert.match(d.message, /tasks extension/);
  });

  it("sdk-nonspec-key: a per-tool map inside tools", () => {
    const { d } = only("sdk-nonspec-key", {
      "s.ts": `${V1_MCP}export const server = new McpServer({ name: "s", version: "1" }, { capabilities: { tools: { search: { description: "x" } } } });\nserver.registerTool("search", {}, async () => ({ content: [] }));\n`,
    });
    assert.equal(d.text, "search");
    assert.match(d.message, /tools\.search is not part of the tools capability/);
  });
});

describe("SDK dialect: what is computed", () => {
  it("v1 forces listChanged, adds completions for completing templates, serves legacy only", () => {
    const { servers } = analyze({
      "s.ts": `${V1_MCP}export const server = new McpServer({ name: "s", version: "1" }, { capabilities: { tools: { listChanged: false } } });\nserver.registerTool("t", {}, async () => ({ content: [] }));\nserver.registerResource("r", new ResourceTemplate("r://{id}", { list: undefined, complete: { id: () => [] } }), {}, async () => ({ contents: [] }));\n`,
    });
    const s = servers.get("s")!;
    assert.equal(s.dialect, "sdk-v1");
    assert.deepEqual(s.legacy, { completions: {}, resources: { listChanged: true }, tools: { listChanged: true } });
    assert.equal(s.modern, null);
    assert.equal(s.exact, true);
  });

  it("v2 through createMcpHandler: both eras, an explicit false kept; a helper in another file followed", () => {
    const { servers } = analyze({
      "tools.ts": 'import type { McpServer } from "@modelcontextprotocol/server";\nexport function addTools(s: McpServer) { s.registerTool("t", {}, async () => ({ content: [] })); }\n',
      "s.ts": `${V2}import { addTools } from "./tools";\nfunction build() {\n  const server = new McpServer({ name: "s", version: "1" }, { capabilities: { prompts: { listChanged: false } } });\n  addTools(server);\n  return server;\n}\nexport const handler = createMcpHandler(build, { legacy: "reject" });\n`,
    });
    const s = servers.get("s")!;
    assert.equal(s.dialect, "sdk-v2");
    assert.equal(s.legacy, null, "legacy: reject");
    assert.deepEqual(s.modern, { prompts: { listChanged: false }, tools: { listChanged: true } });
  });

  it("what cannot be known is inexact and listed in unknown, never guessed", () => {
    const { servers } = analyze({
      "s.ts": `${V1_LOW}declare function makeCaps(): object;\nexport const server = new Server({ name: "s", version: "1" }, { capabilities: makeCaps() });\n`,
    });
    const s = servers.get("s")!;
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, {});
    assert.deepEqual(s.unknown.map((u) => ({ path: u.path, source: u.source, spread: u.spread })), [{ path: [], source: "makeCaps()", spread: true }]);
  });
});

describe("SDK dialect diagnostics: a throw in the factory an entry point runs per request (trial 155 c044)", () => {
  const V2_LOW = 'import { Server } from "@modelcontextprotocol/server";\nimport { serveStdio } from "@modelcontextprotocol/server/stdio";\nimport { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n';

  it("sdk-set-handler-refused in a factory given to serveStdio: every request fails, the process runs", () => {
    const { d } = only("sdk-set-handler-refused", {
      "s.ts": `${V2_LOW}function build() {\n  const server = new Server({ name: "s", version: "2" }, { capabilities: { tools: {} } });\n  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));\n  return server;\n}\nserveStdio(build);\n`,
    });
    assert.equal(d.severity, "error");
    assert.match(d.message, /throws a TypeError \("is not a spec request method"\), so every request fails: serveStdio builds the server when the connection's first request comes, and again for each next one while the build throws, so the process starts and stays up, but each request gets an error\.$/);
    assert.doesNotMatch(d.message, /does not start/);
  });

  it("sdk-handler-undeclared in a factory given to createMcpHandler: it throws each time the server is built, not at start-up", () => {
    const { d } = only("sdk-handler-undeclared", {
      "s.ts": `import { Server, createMcpHandler } from "@modelcontextprotocol/server";\nexport const handler = createMcpHandler(() => {\n  const server = new Server({ name: "s", version: "2" }, { capabilities: {} });\n  server.setRequestHandler("tools/list", async () => ({ tools: [] }));\n  return server;\n});\n`,
    });
    assert.match(d.message, /throws each time the server is built \(every request fails: createMcpHandler builds the server for each request \(or session\), so the process starts and stays up, but each request gets an error\)/);
    assert.doesNotMatch(d.message, /at start-up/);
  });

  it("the same refusal at a module's top level, the server handed to serveStdio by an arrow: the server does not start", () => {
    const { d } = only("sdk-set-handler-refused", {
      "s.ts": `${V2_LOW}const server = new Server({ name: "s", version: "2" }, { capabilities: { tools: {} } });\nserver.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));\nserveStdio(() => server);\n`,
    });
    assert.match(d.message, /so the server does not start\.$/);
  });
});
