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
    assert.match(text, /\*\*SearchTool\*\* \(mcp-framework\) · loaded by `notes` \(\[index\.ts:3\]\) from its tools\/ folder: adds `tools` to legacy \(initialize\)\./);
  });
});

const RESOURCE = `import { MCPResource } from "mcp-framework";

class FeedResource extends MCPResource {
  uri = "feed://main";
  name = "Main feed";
  description = "The main feed";
  mimeType = "application/json";
  async read() {
    return [{ uri: this.uri, mimeType: this.mimeType, text: "[]" }];
  }
}

export default FeedResource;
`;

// Review of trial 146: a server that does not start (no tool: start() throws) still had its resource
// files say "adds `resources` to the legacy era", and their lens listed the key.
describe("language server: a loaded class of a server that does not start", () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start(
      tempProject({
        "package.json": JSON.stringify({ name: "feeds", type: "module", dependencies: { "mcp-framework": "0.2.22" } }),
        "node_modules/mcp-framework/package.json": JSON.stringify({ name: "mcp-framework", version: "0.2.22" }),
        "tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src", module: "nodenext", moduleResolution: "nodenext", target: "es2022" } }),
        "src/index.ts": INDEX,
        "src/resources/FeedResource.ts": RESOURCE,
      }),
    );
    await client.open("src/resources/FeedResource.ts", RESOURCE);
  });
  after(async () => client.stop());

  it("the lens and the hover say the server is not served, and why", async () => {
    const titles = (await client.codeLenses("src/resources/FeedResource.ts")).map((l) => l.command?.title);
    assert.deepEqual(titles, ["feeds notes · index.ts:3 · resources · not served (start-up throws (mcp-framework-no-tools))"]);
    const hover = await client.hover("src/resources/FeedResource.ts", positionOf(RESOURCE, "FeedResource", 1));
    const text = plain((hover?.contents as { value: string } | undefined)?.value ?? "");
    assert.match(text, /from its resources\/ folder: would add `resources`, but `notes` is not served \(start-up throws \(mcp-framework-no-tools\)\)\./);
    assert.doesNotMatch(text, /adds `resources`/);
  });
});
