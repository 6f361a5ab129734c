// The editor features on the SDK dialect over stdio: lenses per era, hovers, the preview's data and
// its not-served panel, quick fixes, and a helper file opened alone.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { renderPreview } from "../../client/src/preview/webview/render";
import { applyEdits, LspClient, positionOf } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListPromptsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export const server = new McpServer({ name: "weather", version: "1.0.0" }, { capabilities: { tools: { listChanged: false } } });
server.registerTool("forecast", {}, async () => ({ content: [] }));

export const low = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
low.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [] }));

export const bare = new Server({ name: "bare", version: "1.0.0" });
bare.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [] }));
`;

const plain = (md: string) => md.replace(/\]\((?:file|command):[^)]*\)/g, "]").replace(/\\([\\`*_[\]()!|~])/g, "$1");
const hoverText = (hover: Awaited<ReturnType<LspClient["hover"]>>) => plain((hover?.contents as { value: string } | undefined)?.value ?? "");

describe("language server: SDK dialect", () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start(tempProject({ "server.ts": SERVER }));
    await client.open("server.ts", SERVER);
  });
  after(async () => client.stop());

  it("lenses show each era, and that v1 does not serve the modern one", async () => {
    const titles = (await client.codeLenses("server.ts")).map((l) => l.command?.title);
    assert.ok(titles.includes("legacy: tools (listChanged)"), JSON.stringify(titles));
    assert.ok(titles.includes("modern: not served (SDK v1 answers initialize only)"));
  });

  it("hover on the server (its name, new McpServer) shows serverInfo, the dialect and why listChanged is true", async () => {
    for (const at of [positionOf(SERVER, "server = new", 2), positionOf(SERVER, "new McpServer", 5)]) {
      const text = hoverText(await client.hover("server.ts", at));
      assert.match(text, /MCP server · weather\*\* `SDK v1 dialect`/);
      assert.match(text, /serverInfo `weather` `1\.0\.0`/);
      assert.match(text, /"tools": \{ "listChanged": true \}/);
      assert.match(text, /_not served: SDK v1 answers initialize only_/);
      assert.match(text, /`tools\.listChanged` — legacy only: `SDK v1 default: listChanged forced true` · \[server\.ts:5\]/);
    }
  });

  it("hover on registerTool: what it adds and why", async () => {
    const text = hoverText(await client.hover("server.ts", positionOf(SERVER, "registerTool", 3)));
    assert.match(text, /\*\*registerTool\*\* · feeds `weather`/);
    assert.match(text, /tools is declared in the constructor options, where McpServer already installed its handlers \(SDK v1 forcing listChanged: true\)/);
  });

  it("the start-up throw is an error with a fix that declares the capability", async () => {
    const items = await client.diagnostics("server.ts");
    const undeclared = items.filter((d) => d.code === "sdk-handler-undeclared");
    assert.equal(undeclared.length, 2);
    assert.ok(undeclared.every((d) => d.severity === 1));
    const actions = await client.codeActions("server.ts", undeclared[0]!.range, [undeclared[0]!]);
    const fix = actions.find((a) => a.title === "Declare prompts in the server's capabilities");
    assert.ok(fix?.edit?.changes);
    const fixed = applyEdits(SERVER, fix.edit.changes[client.uri("server.ts")]!);
    assert.match(fixed, /\{ capabilities: \{ prompts: \{\}, tools: \{\} \} \}/);
  });

  it("the add-options quick fix: new Server(info) gets , { capabilities: { … } }", async () => {
    const items = await client.diagnostics("server.ts");
    const bare = items.find((d) => d.code === "sdk-handler-undeclared" && d.range.start.line === 11);
    assert.ok(bare, JSON.stringify(items.map((d) => [d.code, d.range.start.line])));
    const actions = await client.codeActions("server.ts", bare.range, [bare]);
    const fix = actions.find((a) => a.title === "Declare prompts in the server's capabilities");
    assert.equal(fix?.isPreferred, true);
    const fixed = applyEdits(SERVER, fix!.edit!.changes![client.uri("server.ts")]!);
    assert.match(fixed, /export const bare = new Server\(\{ name: "bare", version: "1\.0\.0" \}, \{ capabilities: \{ prompts: \{\} \} \}\);/);
  });

  it("the preview's report names servers after serverInfo; v1's modern era is a neutral, linked fact", async () => {
    const report = await client.serverReport("server.ts", { name: "weather" });
    assert.deepEqual(report.servers.map((s) => [s.name, s.dialect, s.dialectTag]), [["weather", "sdk-v1", "SDK v1"], ["low", "sdk-v1", "SDK v1"], ["bare", "sdk-v1", "SDK v1"]]);
    const server = report.servers[report.selected]!;
    assert.equal(server.modern, null);
    assert.ok(server.provenance.some((p) => p.because === "eagerInstall" && p.path.join(".") === "tools.listChanged"));
    const html = renderPreview({ report, selected: report.selected, follow: true, collapsed: [] });
    const modern = html.slice(html.indexOf('<section class="col era-modern'));
    assert.match(modern, /<div class="notserved neutral" role="note">/);
    assert.match(modern, /SDK v1 answers initialize only\./);
    assert.doesNotMatch(modern.slice(0, modern.indexOf("</section>")), /fails at run time/);
    // A start-up throw is still a problem.
    const low = report.servers.findIndex((s) => s.name === "low");
    const broken = renderPreview({ report, selected: low, follow: true, collapsed: [] });
    assert.doesNotMatch(broken, /notserved neutral/);
  });
});

const TOOLS = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

export function registerTools(server: McpServer) {
  server.registerTool("echo", {}, async () => ({ content: [] }));
}
`;

const INDEX = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { registerTools } from "../tools.js";

export function createServer() {
  const server = new McpServer({ name: "weather", version: "1.0.0" });
  registerTools(server);
  return server;
}

await createServer().connect(new StdioServerTransport());
`;

describe("language server: a helper file opened alone", () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start(tempProject({ "src/tools.ts": TOOLS, "src/server/index.ts": INDEX, "src/unrelated.ts": "export const x = 1;\n" }));
    await client.open("src/tools.ts", TOOLS);
  });
  after(async () => client.stop());

  it("finds the file that imports it and shows what the helper feeds", async () => {
    const titles = (await client.codeLenses("src/tools.ts")).map((l) => l.command?.title);
    assert.deepEqual(titles, ["feeds weather · index.ts:6 · tools"]);
  });

  it("hovers its registrations, and the status names the server it feeds", async () => {
    const text = hoverText(await client.hover("src/tools.ts", positionOf(TOOLS, "registerTool(", 3)));
    assert.match(text, /\*\*registerTool\*\* · feeds `weather` · \[index\.ts:6\]/);
    assert.match(text, /SDK v1 default: listChanged forced true/);
    await client.diagnostics("src/tools.ts");
    const status = client.statuses.filter((s) => s.uri === client.uri("src/tools.ts")).at(-1);
    assert.equal(status?.servers, 0);
    assert.deepEqual(status?.feeds, ["weather"]);
  });
});
