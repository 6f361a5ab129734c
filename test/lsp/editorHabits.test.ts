// What the language server sends beyond VS Code's own habits: editors other than VS Code (Neovim,
// Helix, Zed, Emacs) start it without the extension's `vscodeMarkdown` option, so hovers and lens
// titles carry no theme icons (`$(search)`) and no `command:` links, which such editors would show as
// literal text or dead links (plain file links and the content stay); and lenses keep what they last
// showed while the file is being typed and does not parse for a moment.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { LspClient, positionOf } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

export const server = new McpServer({ name: "notes", version: "1.0.0" });
server.registerTool("search", { description: "Search" }, async () => ({ content: [] }));
server.registerTool("search", { description: "Search again" }, async () => ({ content: [] }));

export async function main() {
  await server.connect(new StdioServerTransport());
}
`;

describe("language server for a client without VS Code's Markdown", () => {
  let client: LspClient;
  before(async () => {
    const root = tempProject({ "src/server.ts": SERVER, "package.json": JSON.stringify({ name: "p", type: "module", dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } }) });
    client = await LspClient.start(root, {}, { pullDiagnostics: false, vscodeMarkdown: false });
    await client.open("src/server.ts", SERVER);
  });
  after(async () => client.stop());

  it("hovers and lenses without theme icons or command links; VS Code's client still gets them", async () => {
    const hover = await client.hover("src/server.ts", positionOf(SERVER, "server = new", 1));
    const text = (hover?.contents as { value: string }).value;
    assert.match(text, /notes/);
    assert.doesNotMatch(text, /\$\([a-z-]+\)/);
    assert.doesNotMatch(text, /command:/);
    assert.doesNotMatch(text, /---\s*$/, "no rule left alone at the end");
    const onCall = await client.hover("src/server.ts", positionOf(SERVER, "registerTool", 3));
    assert.doesNotMatch((onCall?.contents as { value: string }).value, /\$\([a-z-]+\)|command:/);
    const titles = (await client.codeLenses("src/server.ts")).map((l) => l.command?.title ?? "");
    assert.ok(titles.length > 0);
    for (const title of titles) assert.doesNotMatch(title, /\$\(/, title);
  });
});

describe("the lenses' commands in an editor other than VS Code", () => {
  const roots: string[] = [];
  const start = (vscodeMarkdown: boolean) => {
    const root = tempProject({ "src/server.ts": SERVER, "package.json": JSON.stringify({ name: "p", type: "module", dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } }) });
    roots.push(root);
    return LspClient.start(root, {}, { pullDiagnostics: false, vscodeMarkdown });
  };

  it("are run by the server: an era lens shows the server's eras, the problem lens names the place", async () => {
    const client = await start(false);
    try {
      const messages: string[] = [];
      client.connection.onNotification("window/showMessage", (m: { message: string }) => void messages.push(m.message));
      assert.deepEqual(client.initialized?.capabilities.executeCommandProvider?.commands, ["mcpCapabilityLens.reveal", "mcpCapabilityLens.openPreviewAt"]);
      await client.open("src/server.ts", SERVER);
      const lenses = await client.codeLenses("src/server.ts");
      const era = lenses.find((l) => l.command?.title.startsWith("legacy"))!.command!;
      const problem = lenses.find((l) => l.command?.command === "mcpCapabilityLens.reveal")!.command!;
      await client.connection.sendRequest("workspace/executeCommand", { command: era.command, arguments: era.arguments });
      await client.connection.sendRequest("workspace/executeCommand", { command: problem.command, arguments: problem.arguments });
      assert.match(messages[0] ?? "", /^notes: legacy \(initialize\) not served \(start-up throws \(sdk-duplicate-registration\)\) · modern \(server\/discover\) not served/, JSON.stringify(messages));
      assert.match(messages[1] ?? "", /src\/server\.ts:6$/, JSON.stringify(messages));
    } finally {
      await client.stop();
    }
  });

  it("VS Code's client runs them itself: the server does not offer them", async () => {
    const client = await start(true);
    try {
      assert.equal(client.initialized?.capabilities.executeCommandProvider, undefined);
    } finally {
      await client.stop();
    }
  });
});

// Review of the editor surfaces: SDK and framework lenses flipped to "not known: the file does not
// parse" at every unfinished line while the preview kept its last good report.
describe("lenses while a line is being typed", () => {
  let client: LspClient;
  before(async () => {
    const root = tempProject({ "src/server.ts": SERVER, "package.json": JSON.stringify({ name: "p", type: "module", dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } }) });
    client = await LspClient.start(root);
    await client.open("src/server.ts", SERVER);
  });
  after(async () => client.stop());

  it("keeps a server's last era lenses, marked, while its file does not parse, and drops the mark once it parses", async () => {
    const good = (await client.codeLenses("src/server.ts")).map((l) => l.command?.title ?? "");
    const legacy = good.find((t) => t.startsWith("legacy:"))!;
    assert.ok(legacy && !legacy.includes("not known"), legacy);
    await client.change("src/server.ts", SERVER.replace("export async function main() {", 'server.registerPrompt("x", {},\nexport async function main() {'));
    const typing = (await client.codeLenses("src/server.ts")).map((l) => l.command?.title ?? "");
    assert.ok(typing.includes(`${legacy} · (as last parsed)`), JSON.stringify(typing));
    assert.ok(!typing.some((t) => t.includes("the file does not parse")), JSON.stringify(typing));
    await client.change("src/server.ts", SERVER);
    assert.ok((await client.codeLenses("src/server.ts")).some((l) => l.command?.title === legacy));
  });
});

