// The framework dialects look for their servers (`new MCPServer`, `new AppServer` extending it, `new
// McpStrategy`) only in files whose imports can reach the framework's package (ModuleReaches). What a
// whole-workspace analysis reports must stay what a file-by-file analysis reports, and an edit that
// makes a file reach the package (or stop reaching it) must show at once.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { ModuleReaches } from "../../server/src/analysis/core/project/moduleReaches";

const OPTIONS = { tasksExtension: false };
const SDK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Helper } from "./helper";
import { AppServer } from "./app";
export const server = new McpServer({ name: "sdk", version: "1" });
server.registerTool("t", { description: "d" }, async () => ({ content: [] }));
export const helper = new Helper();
export const app = new AppServer();
await server.connect(new StdioServerTransport());
`;
const FILES: Record<string, string> = {
  "/w/package.json": JSON.stringify({ name: "w", type: "module" }),
  "/w/node_modules/mcp-framework/package.json": JSON.stringify({ name: "mcp-framework", version: "0.2.22" }),
  "/w/src/sdk.ts": SDK,
  "/w/src/helper.ts": "export class Helper { run() { return 1; } }\n",
  // The framework's class reaches the subclass through a barrel of the workspace.
  "/w/src/fw.ts": 'export { MCPServer } from "mcp-framework";\n',
  "/w/src/base.ts": 'import { MCPServer } from "./fw";\nexport class BaseServer extends MCPServer {}\n',
  "/w/src/app.ts": 'import { BaseServer } from "./base";\nexport class AppServer extends BaseServer { constructor() { super({ name: "app" }); } }\n',
};

function workspaceOf(files: Record<string, string>): Workspace {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(name, text);
  return new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
}

const sources = (files: Record<string, string>) => Object.keys(files).filter((f) => f.endsWith(".ts") && !f.includes("node_modules"));
const show = (s: { name: string; dialectId: string; legacy: unknown; exact: boolean }) => `${s.dialectId} ${s.name} ${JSON.stringify(s.legacy)} exact=${s.exact}`;

/** What a fresh workspace reports, file by file (no whole-workspace gate at all), for `only` or every file. */
function fresh(files: Record<string, string>, only?: string): string[] {
  const w = workspaceOf(files);
  return (only ? [only] : sources(files)).flatMap((f) => w.analyzeFile(f, OPTIONS).servers.map(show)).sort();
}

describe("framework servers looked for only where the package can be reached", () => {
  it("a subclass of MCPServer through a barrel is found in a file that also builds an SDK server, as file by file", () => {
    const w = workspaceOf(FILES);
    const batch = w.analyzeFiles(sources(FILES), OPTIONS).servers.map(show).sort();
    assert.deepEqual(batch, fresh(FILES));
    assert.ok(batch.some((s) => s.startsWith("mcp-framework app ")), batch.join("\n"));
    assert.ok(batch.some((s) => s.startsWith("sdk sdk ")), batch.join("\n"));
  });

  it("fastmcp: a FastMCP re-exported by a barrel of the workspace is found in the batch, as file by file", () => {
    const files: Record<string, string> = {
      "/w/package.json": JSON.stringify({ name: "w", type: "module" }),
      "/w/node_modules/fastmcp/package.json": JSON.stringify({ name: "fastmcp", version: "4.20.16" }),
      "/w/src/lib.ts": 'export { FastMCP } from "fastmcp";\n',
      "/w/src/main.ts": 'import { FastMCP } from "./lib";\nimport { Helper } from "./helper";\nconst server = new FastMCP({ name: "f", version: "1.0.0" });\nserver.addPrompt({ name: "p", load: async () => "x" });\nexport const helper = new Helper();\nserver.start({ transportType: "stdio" });\n',
      "/w/src/helper.ts": "export class Helper {}\n",
    };
    const w = workspaceOf(files);
    const batch = w.analyzeFiles(sources(files), OPTIONS).servers.map(show).sort();
    assert.deepEqual(batch, fresh(files));
    assert.ok(batch.some((s) => s.startsWith("fastmcp f ") && s.includes("prompts")), batch.join("\n"));
  });

  it("an edit that makes a class of the program extend MCPServer shows in the file that builds it, and closing the edit takes it back", () => {
    const files = { ...FILES, "/w/src/fw.ts": "export class MCPServer {}\n" };
    const w = workspaceOf(files);
    const before = w.analyzeFiles(sources(files), OPTIONS).servers.map(show).sort();
    assert.ok(!before.some((s) => s.startsWith("mcp-framework ")), before.join("\n"));
    assert.deepEqual(before, fresh(files));

    const helper = 'import { MCPServer } from "mcp-framework";\nexport class Helper extends MCPServer { constructor() { super({ name: "helper" }); } }\n';
    w.setOverlay("/w/src/helper.ts", helper);
    const edited = w.analyzeFile("/w/src/sdk.ts", OPTIONS).servers.map(show).sort();
    assert.ok(edited.some((s) => s.startsWith("mcp-framework helper ")), edited.join("\n"));
    assert.deepEqual(edited, fresh({ ...files, "/w/src/helper.ts": helper }, "/w/src/sdk.ts"));

    w.closeOverlay("/w/src/helper.ts");
    const closed = w.analyzeFile("/w/src/sdk.ts", OPTIONS).servers.map(show).sort();
    assert.ok(!closed.some((s) => s.startsWith("mcp-framework ")), closed.join("\n"));
    assert.deepEqual(closed, fresh(files, "/w/src/sdk.ts"));
  });
});

describe("ModuleReaches", () => {
  const question = { id: "pkg", specifier: (s: string) => s === "pkg", hints: ["pkg"] };

  function reachesOver(texts: Map<string, string>) {
    let changes = 0;
    const journal: string[] = [];
    const reaches = new ModuleReaches({
      graph: {
        text: (f) => texts.get(f),
        resolve: (spec, from) => {
          const target = `${from.slice(0, from.lastIndexOf("/"))}/${spec.replace(/^\.\//, "")}.ts`;
          return texts.has(target) ? target : undefined;
        },
        ambientModule: () => undefined,
      },
      globalFiles: () => [],
      facts: (f, _key, derive) => derive(texts.get(f)),
      changes: () => changes,
      changedSince: (since) => journal.slice(since),
    });
    const edit = (file: string, text: string) => {
      texts.set(file, text);
      journal.push(file);
      changes++;
    };
    return { reaches, edit };
  }

  it("says a file reaches the package through its imports, and not when nothing it imports names it", () => {
    const { reaches } = reachesOver(new Map([
      ["/a/main.ts", 'import { x } from "./mid";\n'],
      ["/a/mid.ts", 'export { x } from "./leaf";\n'],
      ["/a/leaf.ts", 'export { MCPServer as x } from "pkg";\n'],
      ["/a/other.ts", 'import { y } from "./plain";\n'],
      ["/a/plain.ts", 'export const y = "a pkg of words, not a module";\n'],
    ]));
    assert.equal(reaches.reaches("/a/main.ts", question).reaches, true);
    assert.equal(reaches.reaches("/a/other.ts", question).reaches, false);
  });

  it("a specifier spelled with escapes is the package too", () => {
    const { reaches } = reachesOver(new Map([["/a/main.ts", 'import { x } from "\\x70kg";\n']]));
    assert.equal(reaches.reaches("/a/main.ts", question).reaches, true);
  });

  it("keeps its version over an edit that imports what it did, and moves it when an edit changes what is imported", () => {
    const texts = new Map([
      ["/a/main.ts", 'import { y } from "./plain";\nexport const z = 1;\n'],
      ["/a/plain.ts", "export const y = 1;\n"],
    ]);
    const { reaches, edit } = reachesOver(texts);
    const first = reaches.reaches("/a/main.ts", question);
    assert.equal(first.reaches, false);
    edit("/a/main.ts", 'import { y } from "./plain";\nexport const z = 2;\n');
    assert.equal(reaches.versionOf(first.key), first.version);
    edit("/a/plain.ts", 'export { y } from "pkg";\n');
    assert.notEqual(reaches.versionOf(first.key), first.version);
    assert.equal(reaches.reaches("/a/main.ts", question).reaches, true);
  });
});
