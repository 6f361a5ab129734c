// The editor features on a server that is an instance of a workspace subclass of McpServer: the
// lenses and the hover are at its construction (`new NotesServer()`), like those of `new McpServer`.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { LspClient, positionOf } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";

const CLASS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

export class NotesServer extends McpServer {
  constructor() {
    super({ name: "notes", version: "1.0.0" });
    this.setup();
  }

  private setup(): void {
    this.registerTool("list", { description: "List the notes" }, async () => ({ content: [] }));
  }
}
`;

const MAIN = `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { NotesServer } from "./notes.js";

const server = new NotesServer();
await server.connect(new StdioServerTransport());
`;

const plain = (md: string) => md.replace(/\]\((?:file|command):[^)]*\)/g, "]").replace(/\\([\\`*_[\]()!|~])/g, "$1");

describe("language server: a subclass of McpServer", () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start(tempProject({ "notes.ts": CLASS, "main.ts": MAIN }));
    await client.open("main.ts", MAIN);
  });
  after(async () => client.stop());

  it("lenses at the construction show what the class registers", async () => {
    const titles = (await client.codeLenses("main.ts")).map((l) => l.command?.title);
    assert.ok(titles.includes("legacy: tools (listChanged)"), JSON.stringify(titles));
    assert.ok(titles.includes("modern: not served (SDK v1 answers initialize only)"), JSON.stringify(titles));
  });

  it("hover on new NotesServer names the server after the serverInfo its constructor gives super()", async () => {
    const hover = await client.hover("main.ts", positionOf(MAIN, "new NotesServer", 5));
    const text = plain((hover?.contents as { value: string } | undefined)?.value ?? "");
    assert.match(text, /MCP server · notes\*\* `SDK v1 dialect`/);
    assert.match(text, /"tools": \{ "listChanged": true \}/);
  });
});
