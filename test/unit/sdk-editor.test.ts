// SDK servers in the editor, without LSP: the hover, lens and code-action features on in-memory
// workspaces of SDK v1 and v2 programs, checked against what the official SDK does (v1 forces
// listChanged: true at the first registration, v2 keeps a value the options wrote, the entry point
// decides which eras are served).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { quickFixesIn } from "../../server/src/features/actions";
import type { FeatureContext } from "../../server/src/features/context";
import { hoverAt } from "../../server/src/features/hover";
import { lensesFor } from "../../server/src/features/lens";
import type { Workspace } from "../../server/src/analysis/core/workspace";
import { findImporters, MAX_IMPORTERS, MAX_SCANNED_FILES, moduleName } from "../../server/src/lsp/importers";
import { analyzeWith, memoryWorkspace, ROOT } from "../helpers/memoryWorkspace";
import { tempProject } from "../helpers/tempProject";

type Files = Record<string, string>;

/** A feature context for one file of the workspace, with locations as `file:///w/...` and LSP ranges. */
function featureContext(workspace: Workspace, rel: string): FeatureContext {
  const file = `${ROOT}/${rel}`;
  return {
    workspace,
    file,
    analysis: workspace.analyzeFile(file, { tasksExtension: false }),
    location: (loc) => ({ uri: `file://${loc.file}`, range: { start: workspace.position(loc.file, loc.span.start), end: workspace.position(loc.file, loc.span.end) } }),
  };
}

/** A workspace whose files were all analysed (so a helper file knows the servers it feeds). */
function open(files: Files): { workspace: Workspace; ctx: (rel: string) => FeatureContext; files: Files } {
  const { workspace, paths } = memoryWorkspace(files);
  analyzeWith(workspace, paths);
  return { workspace, ctx: (rel) => featureContext(workspace, rel), files };
}

/** The offset of the `nth` occurrence of `needle` in a file, plus `delta`. */
function offsetOf(text: string, needle: string, delta = 1, nth = 1): number {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    assert.ok(at >= 0, `no ${needle} (#${i + 1})`);
  }
  return at + delta;
}

function hover(w: ReturnType<typeof open>, rel: string, needle: string, delta = 1, nth = 1): string {
  const found = hoverAt(w.ctx(rel), offsetOf(w.files[rel]!, needle, delta, nth));
  assert.ok(found, `a hover at ${needle} in ${rel}`);
  return found.markdown;
}

/** Markdown as people read it: links to their labels, escapes removed. */
const plain = (md: string) => md.replace(/\]\((?:file|command):[^)]*\)/g, "]").replace(/\\([\\`*_[\]()!|~])/g, "$1");

const V1_TOOLS = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export function registerTools(server: McpServer) {
  server.registerTool("echo", { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: "text", text }] }));
  server.tool("ping", async () => ({ content: [] }));
}
`;

const V1_PROMPTS = `import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export function registerPrompts(server: McpServer) {
  server.registerCapabilities({ prompts: { listChanged: false } });
  server.registerPrompt("review", { argsSchema: { language: completable(z.string(), () => ["ts"]) } }, async () => ({ messages: [] }));
  server.prompt("summary", async () => ({ messages: [] }));
}
`;

const V1_INDEX = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { registerPrompts } from "../prompts";
import { registerTools } from "../tools";

export function createServer() {
  const server = new McpServer({ name: "weather", version: "1.0.0" }, { capabilities: { logging: {} } });
  registerTools(server);
  registerPrompts(server);
  server.registerResource("forecast", "weather://today", {}, async () => ({ contents: [] }));
  server.resource("alerts", "weather://alerts", async () => ({ contents: [] }));
  return server;
}

async function main() {
  const server = createServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
}
main();
`;

const V1_PROJECT: Files = { "src/tools.ts": V1_TOOLS, "src/prompts.ts": V1_PROMPTS, "src/server/index.ts": V1_INDEX };

const V2_SERVER = `import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";

export function buildServer() {
  const server = new McpServer({ name: "notes", version: "2.0.0" }, { capabilities: { tools: { listChanged: false } } });
  server.registerTool("add", {}, async () => ({ content: [] }));
  server.registerCapabilities({ prompts: { listChanged: false } });
  server.registerPrompt("outline", {}, async () => ({ messages: [] }));
  server.registerResource("note", "notes://1", {}, async () => ({ contents: [] }));
  return server;
}

export const handler = createMcpHandler(buildServer);
`;

describe("SDK editor: what the report says", () => {
  it("names a server after its literal serverInfo, else its variable or factory, unique within the file", () => {
    const w = open({
      ...V1_PROJECT,
      "src/two.ts": `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
export const a = new Server({ name: "twin", version: "1" }, { capabilities: {} });
export const b = new Server({ name: "twin", version: "2" }, { capabilities: {} });
const NAME = "from-const";
export const c = new Server({ name: NAME, version: "1" }, { capabilities: {} });
export const d = new Server({ name: process.env.NAME!, version: "1" }, { capabilities: {} });
export const e = new Server({ name: "bad\\u001b[31mname", version: "1" }, { capabilities: {} });
`,
    });
    assert.deepEqual(w.ctx("src/server/index.ts").analysis.servers.map((s) => s.name), ["weather"]);
    assert.deepEqual(w.ctx("src/two.ts").analysis.servers.map((s) => s.name), ["twin (a)", "twin (b)", "from-const", "d", "bad [31mname"]);
  });

  it("links the entry point that decides the eras: connect(transport) on v1, createMcpHandler and serveStdio on v2", () => {
    const v1 = open(V1_PROJECT).ctx("src/server/index.ts").analysis.servers[0]!;
    const connectAt = offsetOf(V1_INDEX, "connect(transport)", 0);
    assert.equal(v1.modern, null);
    assert.equal(v1.eraNotes?.modern?.text, "SDK v1 answers initialize only");
    assert.equal(v1.eraNotes?.modern?.loc?.span.start, connectAt, "modern: not served links to connect()");
    assert.equal(v1.eraNotes?.legacy?.text, "served by connect(StdioServerTransport)");
    assert.equal(v1.eraNotes?.legacy?.loc?.span.start, connectAt);

    const v2 = open({ "s.ts": V2_SERVER }).ctx("s.ts").analysis.servers[0]!;
    assert.ok(v2.legacy && v2.modern, "createMcpHandler serves both eras");
    assert.equal(v2.eraNotes?.legacy?.text, "served by createMcpHandler");
    assert.equal(v2.eraNotes?.modern?.text, "served by createMcpHandler");
    assert.equal(v2.eraNotes?.modern?.loc?.span.start, offsetOf(V2_SERVER, "createMcpHandler(buildServer", 0));

    const rejecting = V2_SERVER.replace("createMcpHandler(buildServer)", 'createMcpHandler(buildServer, { legacy: "reject" })');
    const r = open({ "s.ts": rejecting }).ctx("s.ts").analysis.servers[0]!;
    assert.equal(r.legacy, null);
    assert.equal(r.eraNotes?.legacy?.text, 'createMcpHandler with legacy: "reject" refuses initialize');
    assert.equal(r.eraNotes?.legacy?.loc?.span.start, offsetOf(rejecting, "createMcpHandler(buildServer", 0));

    const stdio = V2_SERVER.replace("createMcpHandler }", "serveStdio }").replace("export const handler = createMcpHandler(buildServer);", "serveStdio(buildServer);");
    const s = open({ "s.ts": stdio }).ctx("s.ts").analysis.servers[0]!;
    assert.ok(s.legacy && s.modern);
    assert.equal(s.eraNotes?.modern?.text, "served by serveStdio");
    assert.equal(s.eraNotes?.modern?.loc?.span.start, offsetOf(stdio, "serveStdio(buildServer", 0));

    const connected = `import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
const server = new McpServer({ name: "plain", version: "2.0.0" });
server.registerTool("t", {}, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
`;
    const c = open({ "s.ts": connected }).ctx("s.ts").analysis.servers[0]!;
    assert.equal(c.modern, null);
    assert.match(c.eraNotes?.modern?.text ?? "", /^served with connect\(StdioServerTransport\): only createMcpHandler or serveStdio answer server\/discover$/);
    assert.equal(c.eraNotes?.modern?.loc?.span.start, offsetOf(connected, "connect(new", 0));
  });
});

describe("SDK editor: hovers", () => {
  it("on new McpServer(...) and on the factory's name: the server hover, with serverInfo and both eras", () => {
    const w = open(V1_PROJECT);
    for (const [needle, nth] of [["new McpServer", 1], ["createServer", 1]] as const) {
      const md = plain(hover(w, "src/server/index.ts", needle, 2, nth));
      assert.match(md, /\*\*MCP server · weather\*\* `SDK v1 dialect`/);
      assert.match(md, /`server = new McpServer\(…\)` · \[index\.ts:7\] · serverInfo `weather` `1\.0\.0`/);
      assert.match(md, /Returned by `createServer\(\)` · \[index\.ts:6\]/);
      assert.match(md, /"tools": \{ "listChanged": true \}/);
      assert.match(md, /_served by connect\(StdioServerTransport\)_ · \[index\.ts:18\]/);
      assert.match(md, /_not served: SDK v1 answers initialize only_ · \[index\.ts:18\]/);
    }
  });

  it("the server hover words causes for the SDK: calls and places, never a class, a component or the problems", () => {
    const md = plain(hover(open(V1_PROJECT), "src/server/index.ts", "createServer"));
    assert.match(md, /- `tools` — legacy only: `registerTool` · \[tools\.ts:5\]/);
    assert.match(md, /- `logging` — legacy only: `constructor options` · \[index\.ts:7\]/);
    assert.match(md, /`tools\.listChanged`[^\n]*`SDK v1 default: listChanged forced true` · \[tools\.ts:5\]/);
    assert.match(md, /- `resources` — legacy only: `registerResource` · \[index\.ts:10\]/);
    assert.match(md, /`completions` — legacy only: `completable\(\) · prompt argument language` · \[prompts\.ts:7\]/);
    assert.doesNotMatch(md, /\bclass\b|component|see the problems/i);
  });

  it("on each registration in a helper file: what it adds to which era, and why (v1)", () => {
    const w = open(V1_PROJECT);
    const first = plain(hover(w, "src/tools.ts", "server.registerTool", 8));
    assert.match(first, /\*\*registerTool\*\* · feeds `weather` · \[index\.ts:7\]/);
    assert.match(first, /\*\*Adds\*\* `tools: \{ listChanged: true \}` to legacy \(initialize\)\./);
    assert.match(first, /modern: not served \(SDK v1 answers initialize only\) · \[index\.ts:18\]/);
    assert.match(first, /SDK v1 default: listChanged forced true\. McpServer advertises tools at the first registerTool/);

    const second = plain(hover(w, "src/tools.ts", "server.tool(", 8));
    assert.match(second, /\*\*tool\*\* · feeds `weather`/);
    assert.match(second, /\*\*No change\*\* to the capabilities\./);
    assert.match(second, /tools already advertised: no change\./);
    assert.match(second, /Earlier: `registerTool` · \[tools\.ts:5\]/);
  });

  it("v1 forces listChanged over an explicit false at the first registration; completable adds completions", () => {
    const w = open(V1_PROJECT);
    const merge = plain(hover(w, "src/prompts.ts", "server.registerCapabilities", 8));
    assert.match(merge, /\*\*Adds\*\* `prompts: \{ listChanged: false \}` to legacy/);
    assert.match(merge, /Merged into the capabilities one level deep/);

    const prompt = plain(hover(w, "src/prompts.ts", "server.registerPrompt", 8));
    assert.match(prompt, /\*\*Adds\*\* `prompts\.listChanged: true` to legacy \(initialize\)/);
    assert.match(prompt, /SDK v1 default: listChanged forced true\. The first registerPrompt installs the prompts handlers and merges listChanged: true over the false written earlier\./);
    assert.match(prompt, /Earlier: `registerCapabilities` · \[prompts\.ts:6\]/);
    assert.match(prompt, /Its completable arguments add completions \(hover them\)\./);

    const completable = plain(hover(w, "src/prompts.ts", "completable(z"));
    assert.match(completable, /\*\*completable\*\* · feeds `weather`/);
    assert.match(completable, /\*\*Adds\*\* `completions: \{\}` to legacy \(initialize\)/);
    assert.match(completable, /completable\(\) on prompt argument language: McpServer advertises completions and answers completion\/complete\./);

    const legacyPrompt = plain(hover(w, "src/prompts.ts", "server.prompt(", 8));
    assert.match(legacyPrompt, /\*\*prompt\*\*[\s\S]*prompts already advertised: no change\./);

    for (const [needle, call] of [["server.registerResource", "registerResource"], ["server.resource(", "resource"]] as const) {
      const md = plain(hover(w, "src/server/index.ts", needle, 8));
      assert.match(md, new RegExp(`\\*\\*${call}\\*\\* · feeds \`weather\``));
    }
    assert.match(plain(hover(w, "src/server/index.ts", "server.registerResource", 8)), /McpServer advertises resources at the first registerResource/);
    assert.match(plain(hover(w, "src/server/index.ts", "server.resource(", 8)), /resources already advertised: no change\./);
  });

  it("v2 keeps an explicit false: declared in the options, and written before the first registration", () => {
    const w = open({ "s.ts": V2_SERVER });
    const tool = plain(hover(w, "s.ts", "registerTool"));
    assert.match(tool, /\*\*No change\*\* to the capabilities\./);
    assert.match(tool, /tools is declared in the constructor options, where McpServer already installed its handlers \(SDK v2 keeping listChanged: false\)/);
    const prompt = plain(hover(w, "s.ts", "registerPrompt"));
    assert.match(prompt, /SDK v2 keeps the listChanged: false written earlier; the first registerPrompt installs the prompts handlers and changes no capability\./);
    assert.match(prompt, /Earlier: `registerCapabilities` · \[s\.ts:6\]/);
    const resource = plain(hover(w, "s.ts", "registerResource"));
    assert.match(resource, /\*\*Adds\*\* `resources: \{ listChanged: true \}` to both eras\./);
    assert.match(resource, /SDK v2 default: listChanged true unless written/);
    const server = plain(hover(w, "s.ts", "buildServer"));
    assert.match(server, /_both eras served by createMcpHandler_ · \[s\.ts:12\]/);
  });

  it("on setRequestHandler: the request it answers and the capability the SDK checks; a throw says no era is served", () => {
    const text = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema, ListPromptsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
export const files = new Server({ name: "files", version: "1.0.0" }, { capabilities: { tools: {} } });
files.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
files.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [] }));
`;
    const w = open({ "low.ts": text });
    const ok = plain(hover(w, "low.ts", "setRequestHandler"));
    assert.match(ok, /\*\*setRequestHandler\*\* · feeds `files`/);
    assert.match(ok, /Answers tools\/list; setRequestHandler adds no capability\. The SDK checks that tools is declared when the handler is registered, and it is\./);
    assert.match(ok, /Earlier: `constructor options` · \[low\.ts:3\]/);
    const throws = plain(hover(w, "low.ts", "setRequestHandler", 1, 2));
    assert.match(throws, /\*\*Throws at start-up\*\*: no era is served \(`sdk-handler-undeclared`\)/);
    assert.match(throws, /Server does not support prompts \(required for prompts\/list\)/);
  });

  it("a throw in a factory createMcpHandler runs for each request: every request fails, not the start-up (UX C15)", () => {
    const text = `import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
function addTools(s: McpServer) {
  s.registerTool("add", { description: "Add" }, async () => ({ content: [] }));
}
export const handler = createMcpHandler(() => {
  const server = new McpServer({ name: "math", version: "2.0.0" });
  addTools(server);
  addTools(server);
  return server;
});
`;
    const w = open({ "node_modules/@modelcontextprotocol/server/package.json": JSON.stringify({ name: "@modelcontextprotocol/server", version: "2.4.0" }), "math.ts": text });
    const server = w.workspace.analyzeFile(`${ROOT}/math.ts`, { tasksExtension: false }).servers[0]!;
    assert.equal(server.eraNotes?.legacy?.text, "every request fails (sdk-duplicate-registration)");
    const md = plain(hover(w, "math.ts", "registerTool"));
    assert.match(md, /\*\*Throws on every request\*\*: the entry point builds the server for each request, so each one fails and no era is served \(`sdk-duplicate-registration`\)/);
    assert.match(md, /\*\*Would add\*\* `tools: \{ listChanged: true \}`, but every request fails\./);
    assert.doesNotMatch(md, /does not start/);
  });

  it("a v1 schema handed to setRequestHandler in a factory serveStdio runs: every request fails, in the hover too (trial 155 c044)", () => {
    const text = `import { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
function build() {
  const server = new Server({ name: "ported", version: "2.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
  return server;
}
serveStdio(build);
`;
    const w = open({ "node_modules/@modelcontextprotocol/server/package.json": JSON.stringify({ name: "@modelcontextprotocol/server", version: "2.4.0" }), "ported.ts": text });
    const server = w.workspace.analyzeFile(`${ROOT}/ported.ts`, { tasksExtension: false }).servers[0]!;
    assert.equal(server.eraNotes?.legacy?.text, "every request fails (sdk-set-handler-refused)");
    const md = plain(hover(w, "ported.ts", "setRequestHandler"));
    assert.match(md, /\*\*Throws on every request\*\*/);
    assert.match(md, /so every request fails: serveStdio builds the server when the connection's first request comes/);
    assert.doesNotMatch(md, /does not start/);
  });

  it("on a helper's name: each call it makes on the server it is given", () => {
    const md = plain(hover(open(V1_PROJECT), "src/tools.ts", "registerTools"));
    assert.match(md, /\*\*registerTools\*\* · feeds `weather` · \[index\.ts:7\]/);
    assert.match(md, /- `registerTool` · \[tools\.ts:5\] — adds/);
    assert.match(md, /- `tool` · \[tools\.ts:6\] — no change/);
  });
});

describe("SDK editor: lenses", () => {
  it("a helper file that registers on a server passed in: feeds <server> · file:line · keys", () => {
    const w = open(V1_PROJECT);
    assert.deepEqual(lensesFor(w.ctx("src/tools.ts"), "full").map((l) => l.title), ["feeds weather · index.ts:7 · tools"]);
    assert.deepEqual(lensesFor(w.ctx("src/prompts.ts"), "full").map((l) => l.title), ["feeds weather · index.ts:7 · completions, prompts"]);
    const lens = lensesFor(w.ctx("src/tools.ts"), "full")[0]!;
    assert.equal(lens.loc.span.start, offsetOf(V1_TOOLS, "registerTools", 0), "above the helper's name");
    assert.deepEqual(lens.args, ["file:///w/src/server/index.ts", "weather"]);
  });

  it("the server's own lenses: v1 modern is a neutral fact, not a problem", () => {
    const titles = lensesFor(open(V1_PROJECT).ctx("src/server/index.ts"), "full").map((l) => l.title);
    assert.deepEqual(titles, ["legacy: completions · logging · prompts (listChanged) · resources (listChanged) · tools (listChanged)", "modern: not served (SDK v1 answers initialize only)"]);
  });
});

describe("SDK editor: quick fixes", () => {
  const apply = (text: string, edits: readonly { loc: { span: { start: number; end: number } }; newText: string }[]) =>
    [...edits].sort((a, b) => b.loc.span.start - a.loc.span.start).reduce((t, e) => t.slice(0, e.loc.span.start) + e.newText + t.slice(e.loc.span.end), text);

  it("Declare … adds the options argument when the constructor has none (v1 new Server(info), new McpServer(info))", () => {
    const low = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListPromptsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
export const bare = new Server({ name: "bare", version: "1.0.0" });
bare.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [] }));
`;
    const ctx = open({ "bare.ts": low }).ctx("bare.ts");
    const fixes = quickFixesIn(ctx, { start: offsetOf(low, "setRequestHandler", 0), end: offsetOf(low, "setRequestHandler", 0) });
    const fix = fixes.find((f) => f.fix.title === "Declare prompts in the server's capabilities");
    assert.ok(fix, JSON.stringify(fixes.map((f) => f.fix.title)));
    assert.equal(fix.diagnostic.code, "sdk-handler-undeclared");
    assert.match(apply(low, fix.fix.edits), /new Server\(\{ name: "bare", version: "1\.0\.0" \}, \{ capabilities: \{ prompts: \{\} \} \}\);/);

    const mcp = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const server = new McpServer({ name: "quiet", version: "1.0.0" });
export async function log() { await server.sendLoggingMessage({ level: "info", data: "x" }); }
`;
    const m = open({ "mcp.ts": mcp }).ctx("mcp.ts");
    const at = offsetOf(mcp, "sendLoggingMessage", 0);
    const logging = quickFixesIn(m, { start: at, end: at }).find((f) => f.fix.title === "Declare logging in the server's capabilities");
    assert.ok(logging);
    assert.match(apply(mcp, logging.fix.edits), /new McpServer\(\{ name: "quiet", version: "1\.0\.0" \}, \{ capabilities: \{ logging: \{\} \} \}\);/);
  });

  it("Declare resources.subscribe for a subscribe handler clients never call, inside the resources literal", () => {
    const text = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListResourcesRequestSchema, ReadResourceRequestSchema, SubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
export const files = new Server({ name: "files", version: "1.0.0" }, { capabilities: { resources: { listChanged: true } } });
files.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
files.setRequestHandler(ReadResourceRequestSchema, async () => ({ contents: [] }));
files.setRequestHandler(SubscribeRequestSchema, async () => ({}));
`;
    const ctx = open({ "files.ts": text }).ctx("files.ts");
    const at = offsetOf(text, "setRequestHandler(Subscribe", 0);
    const fix = quickFixesIn(ctx, { start: at, end: at }).find((f) => f.fix.title === "Declare resources.subscribe in the server's capabilities");
    assert.ok(fix);
    assert.equal(fix.diagnostic.severity, "warning");
    assert.match(apply(text, fix.fix.edits), /\{ capabilities: \{ resources: \{ subscribe: true, listChanged: true \} \} \}/);

    const noResources = text.replace("{ capabilities: { resources: { listChanged: true } } }", "{ capabilities: {} }").replace(/files\.setRequestHandler\((List|Read).*\n/g, "");
    const other = open({ "files.ts": noResources }).ctx("files.ts");
    const at2 = offsetOf(noResources, "setRequestHandler(Subscribe", 0);
    const declare = quickFixesIn(other, { start: at2, end: at2 }).find((f) => f.fix.title === "Declare resources.subscribe in the server's capabilities");
    assert.ok(declare);
    assert.match(apply(noResources, declare.fix.edits), /\{ capabilities: \{ resources: \{ subscribe: true \} \} \}/);
  });
});

describe("SDK editor: the call that serves the server", () => {
  it("v1 connect(StdioServerTransport): served in legacy, and why modern is not", () => {
    const text = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "notes", version: "1.0.0" });
server.registerTool("add", { description: "Add" }, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
`;
    const w = open({ "package.json": JSON.stringify({ name: "p", dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } }), "server.ts": text });
    const shown = plain(hover(w, "server.ts", "connect("));
    assert.match(shown, /\*\*Serves `notes`\*\*/, shown);
    assert.match(shown, /legacy \(initialize\): \*\*served\*\* · served by connect\(StdioServerTransport\)/, shown);
    assert.match(shown, /modern \(server\/discover\): \*\*not served\*\* · SDK v1 answers initialize only/, shown);
  });

  it("v2 serveStdio: both eras served, from the one call", () => {
    const text = `import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
serveStdio(() => {
  const server = new McpServer({ name: "notes", version: "1.0.0" });
  server.registerTool("add", { description: "Add" }, async () => ({ content: [] }));
  return server;
});
`;
    const w = open({ "package.json": JSON.stringify({ name: "p", dependencies: { "@modelcontextprotocol/server": "2.4.0" } }), "server.ts": text });
    const shown = plain(hover(w, "server.ts", "serveStdio(() =>"));
    assert.match(shown, /legacy \(initialize\): \*\*served\*\* · served by serveStdio/, shown);
    assert.match(shown, /modern \(server\/discover\): \*\*served\*\* · served by serveStdio/, shown);
  });
});

describe("SDK editor: removing a capability nothing answers", () => {
  const apply = (text: string, edits: readonly { loc: { span: { start: number; end: number } }; newText: string }[]) =>
    [...edits].sort((a, b) => b.loc.span.start - a.loc.span.start).reduce((t, e) => t.slice(0, e.loc.span.start) + e.newText + t.slice(e.loc.span.end), text);
  const LOW = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema, ListResourcesRequestSchema } from "@modelcontextprotocol/sdk/types.js";
export const files = new Server(
  { name: "files", version: "0.3.0" },
  { capabilities: { tools: {}, prompts: {}, resources: { subscribe: true } } },
);
files.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
files.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
`;

  it("offers to remove the key or the flag from the capabilities literal, and the edit leaves no warning", () => {
    const ctx = open({ "files.ts": LOW }).ctx("files.ts");
    const titles = (at: number) => quickFixesIn(ctx, { start: at, end: at }).filter((f) => !f.fix.ignores).map((f) => f.fix.title);
    assert.deepEqual(titles(offsetOf(LOW, "prompts: {}", 0)), ["Remove prompts from the capabilities"]);
    assert.deepEqual(titles(offsetOf(LOW, "subscribe: true", 0)), ["Remove resources.subscribe from the capabilities"]);
    const removePrompts = quickFixesIn(ctx, { start: offsetOf(LOW, "prompts: {}", 0), end: offsetOf(LOW, "prompts: {}", 0) })[0]!;
    const edited = apply(LOW, removePrompts.fix.edits);
    assert.match(edited, /\{ capabilities: \{ tools: \{\}, resources: \{ subscribe: true \} \} \}/);
    const after = open({ "files.ts": edited }).ctx("files.ts").analysis;
    assert.deepEqual(after.diagnostics.map((d) => d.message.split(" ")[0]), ["resources.subscribe"], "only the subscribe warning is left");
    const dropSubscribe = quickFixesIn(ctx, { start: offsetOf(LOW, "subscribe: true", 0), end: offsetOf(LOW, "subscribe: true", 0) })[0]!;
    assert.match(apply(LOW, dropSubscribe.fix.edits), /resources: \{\} \} \}/);
  });

  it("no edit where the key is not written as a property (a shorthand)", () => {
    const shorthand = LOW.replace("{ capabilities: { tools: {}, prompts: {}, resources: { subscribe: true } } }", "{ capabilities: { tools: {}, prompts } }").replace("export const files", "const prompts = {};\nexport const files").replace(/files\.setRequestHandler\(ListResources.*\n/, "");
    const ctx = open({ "files.ts": shorthand }).ctx("files.ts");
    const missing = ctx.analysis.diagnostics.find((d) => d.code === "sdk-handler-missing");
    assert.ok(missing, "prompts is still declared with nothing to answer it");
    const fixes = quickFixesIn(ctx, missing.loc.span).filter((f) => f.diagnostic === missing);
    assert.deepEqual(fixes.map((f) => f.fix.title), ["Ignore sdk-handler-missing here"], "only the directive");
  });
});

describe("SDK editor: era-correct advice", () => {
  it("sdk-tasks-legacy-shape on v1 keeps tasks and says the extension needs SDK v2; v2 is told to migrate", () => {
    const v1 = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const server = new McpServer({ name: "jobs", version: "1" }, { capabilities: { tasks: { list: {}, cancel: {} } } });
`;
    const d1 = open({ "v1.ts": v1 }).ctx("v1.ts").analysis.diagnostics.find((d) => d.code === "sdk-tasks-legacy-shape");
    assert.ok(d1);
    assert.match(d1.message, /Keep it while on SDK v1/);
    assert.match(d1.message, /tasks\/\* handlers throw at registration without it/);
    assert.match(d1.message, /The tasks extension needs SDK v2/);
    assert.doesNotMatch(d1.message, /Migrate to the tasks extension/);
    assert.equal(d1.severity, "information", "not a problem on v1: initialize is the only era it serves");

    const v2 = v1.replace('"@modelcontextprotocol/sdk/server/mcp.js"', '"@modelcontextprotocol/server"');
    const d2 = open({ "v2.ts": v2 }).ctx("v2.ts").analysis.diagnostics.find((d) => d.code === "sdk-tasks-legacy-shape");
    assert.ok(d2);
    assert.match(d2.message, /Migrate to the tasks extension/);
    assert.equal(d2.severity, "warning");
  });
});

describe("SDK editor: finding who imports a helper opened alone", () => {
  it("a bounded text search for relative imports that name the helper's module, in files a dialect may concern", async () => {
    const sdk = 'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
    const root = tempProject({
      "src/tools.ts": `${sdk}export function registerTools(s: McpServer) {}\n`,
      "src/server/index.ts": `${sdk}import { registerTools } from "../tools.js";\n`,
      "src/other.ts": `${sdk}import { x } from "./toolsmith";\n`,
      "src/plain.ts": 'import { registerTools } from "./tools";\n',
      "src/lib/index.ts": `${sdk}export const y = 1;\n`,
      "src/uses-lib.ts": `${sdk}import { y } from "./lib";\n`,
    });
    const relevant = (text: string) => text.includes("@modelcontextprotocol/");
    const search = (target: string) => findImporters({ root, targets: [`${root}/${target}`], exclude: new Set(), relevant, openText: () => undefined });
    assert.deepEqual(await search("src/tools.ts"), [`${root}/src/server/index.ts`], "not ./toolsmith, not a file that uses no SDK");
    assert.deepEqual(await search("src/lib/index.ts"), [`${root}/src/uses-lib.ts`], "a folder's index is imported by the folder's name");
    assert.equal(moduleName("/w/src/lib/index.ts"), "lib");
    assert.ok(MAX_IMPORTERS > 0 && MAX_SCANNED_FILES > 0);
  });
});
