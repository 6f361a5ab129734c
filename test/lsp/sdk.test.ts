// The editor features on the SDK dialect: lenses per era, hover, the preview's data and a quick fix.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { applyEdits, LspClient, positionOf } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListPromptsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export const server = new McpServer({ name: "weather", version: "1.0.0" }, { capabilities: { tools: { listChanged: false } } });
server.registerTool("forecast", {}, async () => ({ content: [] }));

export const low = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
low.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [] }));
`;

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

  it("hover on the server shows the dialect and why listChanged is true", async () => {
    const hover = await client.hover("server.ts", positionOf(SERVER, "server = new", 2));
    const text = (hover?.contents as { value: string }).value;
    assert.match(text, /MCP server · server/);
    assert.match(text, /`SDK v1 dialect`/);
    assert.match(text, /"tools": \{ "listChanged": true \}/);
    assert.match(text, /not served/);
  });

  it("the start-up throw is an error with a fix that declares the capability", async () => {
    const items = await client.diagnostics("server.ts");
    const undeclared = items.filter((d) => d.code === "sdk-handler-undeclared");
    assert.equal(undeclared.length, 1);
    assert.equal(undeclared[0]!.severity, 1);
    const actions = await client.codeActions("server.ts", undeclared[0]!.range, undeclared);
    const fix = actions.find((a) => a.title === "Declare prompts in the server's capabilities");
    assert.ok(fix?.edit?.changes);
    const fixed = applyEdits(SERVER, fix.edit.changes[client.uri("server.ts")]!);
    assert.match(fixed, /\{ capabilities: \{ prompts: \{\}, tools: \{\} \} \}/);
  });

  it("the preview's report carries both servers with their dialect", async () => {
    const report = await client.serverReport("server.ts", { name: "server" });
    assert.deepEqual(report.servers.map((s) => [s.name, s.dialect]), [["server", "sdk-v1"], ["low", "sdk-v1"]]);
    const server = report.servers[report.selected]!;
    assert.equal(server.modern, null);
    // SDK 1.32 installs declared primitives at construction and forces listChanged there.
    assert.ok(server.provenance.some((p) => p.because === "eagerInstall" && p.path.join(".") === "tools.listChanged"));
  });
});
