// A monorepo in the language server: the app's server is built from a sibling package that is not
// installed (a fresh clone). It is found once the root package.json declares the workspaces, and the
// change is picked up when that manifest changes on disk, without a restart.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { FileChangeType } from "vscode-languageserver-protocol";
import { LspClient } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";

const MAIN = 'import { McpServer, registerTools } from "@acme/mcp-core";\nconst server = new McpServer({ name: "app", version: "1.0.0" });\nregisterTools(server);\nexport { server };\n';

describe("a monorepo's sibling packages in the language server", () => {
  let client: LspClient;
  let root: string;
  before(async () => {
    root = tempProject({
      "package.json": JSON.stringify({ name: "root", private: true }),
      "packages/core/package.json": JSON.stringify({ name: "@acme/mcp-core", exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } } }),
      "packages/core/src/index.ts": 'export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport { registerTools } from "./tools.js";\n',
      "packages/core/src/tools.ts": 'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport function registerTools(server: McpServer) {\n  server.registerTool("ping", { description: "Ping" }, async () => ({ content: [] }));\n}\n',
      "packages/app/package.json": JSON.stringify({ name: "@acme/app", dependencies: { "@acme/mcp-core": "workspace:*" } }),
      "packages/app/src/main.ts": MAIN,
    });
    client = await LspClient.start(root);
    await client.open("packages/app/src/main.ts", MAIN);
  });
  after(async () => client.stop());

  it("finds the server once the workspaces are declared, when package.json changes on disk", async () => {
    const names = async () => (await client.listServers()).servers.map((s) => s.name);
    assert.ok(!(await names()).includes("app"), "without workspaces the package is not guessed");
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "root", private: true, workspaces: ["packages/*"] }));
    await client.watched([{ uri: client.uri("package.json"), type: FileChangeType.Changed }]);
    assert.ok((await names()).includes("app"), JSON.stringify(await names()));
    const hover = await client.hover("packages/app/src/main.ts", { line: 1, character: 7 });
    assert.match(JSON.stringify(hover?.contents ?? ""), /tools/);
  });
});
