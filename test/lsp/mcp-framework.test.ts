// An mcp-framework tool file opened alone: nothing imports it (the framework loads its folder at run
// time), yet it is explained by the server that loads it, as an SDK helper file is by its importer.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { LspClient, positionOf } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";

const INDEX = `import { MCPServer } from "mcp-framework";

const server = new MCPServer({ name: "notes", version: "1.0.0" });
server.start();
`;

const TOOL = `import { MCPTool } from "mcp-framework";
import { z } from "zod";

class SearchTool extends MCPTool<{ query: string }> {
  name = "search";
  description = "Search the notes";
  schema = { query: { type: z.string(), description: "What to look for" } };
  async execute({ query }: { query: string }) {
    return query;
  }
}

export default SearchTool;
`;

const plain = (md: string) => md.replace(/\]\((?:file|command):[^)]*\)/g, "]").replace(/\\([\\`*_[\]()!|~])/g, "$1");

describe("language server: an mcp-framework tool file opened alone", () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start(
      tempProject({
        "package.json": JSON.stringify({ name: "notes", type: "module", dependencies: { "mcp-framework": "0.2.15" } }),
        "node_modules/mcp-framework/package.json": JSON.stringify({ name: "mcp-framework", version: "0.2.15" }),
        "tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src", module: "nodenext", moduleResolution: "nodenext", target: "es2022" } }),
        "src/index.ts": INDEX,
        "src/tools/SearchTool.ts": TOOL,
        "src/unrelated.ts": "export const x = 1;\n",
      }),
    );
    await client.open("src/tools/SearchTool.ts", TOOL);
  });
  after(async () => client.stop());

  it("a lens names the server that loads it and the key it adds", async () => {
    const titles = (await client.codeLenses("src/tools/SearchTool.ts")).map((l) => l.command?.title);
    assert.deepEqual(titles, ["feeds notes · index.ts:3 · tools"]);
  });

  it("the status names the server it feeds", async () => {
    await client.diagnostics("src/tools/SearchTool.ts");
    const status = client.statuses.filter((s) => s.uri === client.uri("src/tools/SearchTool.ts")).at(-1);
    assert.equal(status?.servers, 0);
    assert.deepEqual(status?.feeds, ["notes"]);
  });

  it("the hover on the class says which server loads it and what it adds", async () => {
    const hover = await client.hover("src/tools/SearchTool.ts", positionOf(TOOL, "SearchTool", 1));
    const text = plain((hover?.contents as { value: string } | undefined)?.value ?? "");
    assert.match(text, /\*\*SearchTool\*\* \(mcp-framework\) · loaded by `notes` \(\[index\.ts:3\]\) from its tools\/ folder: adds `tools` to the legacy era\./);
  });
});
