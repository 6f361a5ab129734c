// A whole-workspace analysis shares answers among its units (the servers a file constructs, what the
// package's texts import). What it reports must be what a file-by-file analysis reports, and a unit
// that reused an answer must still be refreshed in the editor when a file behind that answer changes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { BatchMemo } from "../../server/src/analysis/core/project/batchMemo";
import { FileStore } from "../../server/src/analysis/core/project/fileStore";
import { memoryWorkspace, ROOT } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const TOOL = (on: string, name: string) => `${on}.registerTool("${name}", { description: "d" }, async () => ({ content: [] }));\n`;
const PROMPT = (on: string) => `${on}.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n`;
const OPTIONS = { tasksExtension: false };

/** A package whose servers are exported, imported, re-exported by barrels and built by factories. */
const PACKAGE: Record<string, string> = {
  "package.json": '{ "name": "p", "main": "dist/index.js" }',
  "src/names.ts": 'export const FIRST = "first";\nexport const SECOND = "second";\n',
  "src/two.ts": `${V1}import { FIRST, SECOND } from "./names.js";\nexport const server = new McpServer({ name: FIRST, version: "1" });\n${TOOL("server", "a")}export const other = new McpServer({ name: SECOND, version: "1" });\n`,
  "src/factory.ts": `${V1}export function createServer() {\n  const server = new McpServer({ name: "made", version: "1" });\n  ${TOOL("server", "m")}  return server;\n}\n`,
  "src/tools/index.ts": `${V1}export const server = new McpServer({ name: "tools", version: "1" });\n`,
  "src/barrel.ts": 'export * from "./factory.js";\nexport { other } from "./two.js";\n',
  "src/use-two.ts": `import { server } from "./two.js";\nimport { other } from "./barrel.js";\n${PROMPT("server")}${TOOL("other", "o")}`,
  "src/use-tools.ts": `import { server as tools } from "./tools";\n${PROMPT("tools")}`,
  "src/main.ts": 'import { createServer } from "./barrel.js";\nconst server = createServer();\nserver.registerPrompt("q", { description: "d" }, () => ({ messages: [] }));\n',
};

/** What a report says, without the parts that name the workspace object. */
function reportsOf(servers: readonly { name: string; legacy: unknown; modern: unknown; unknown: unknown; loc: unknown }[]): string[] {
  return servers.map((s) => JSON.stringify({ name: s.name, legacy: s.legacy, modern: s.modern, unknown: s.unknown, loc: s.loc })).sort();
}

describe("answers shared by the units of a whole-workspace analysis", () => {
  it("report what analysing each file on its own reports", () => {
    const whole = memoryWorkspace(PACKAGE);
    const batch = whole.workspace.analyzeFiles(whole.paths, OPTIONS);
    const single = memoryWorkspace(PACKAGE);
    const oneByOne = single.paths.flatMap((p) => single.workspace.analyzeFile(p, OPTIONS).servers);
    assert.equal(batch.servers.length, 4);
    assert.deepEqual(reportsOf(batch.servers), reportsOf(oneByOne));
  });

  it("leave every server of a file depending on the files its construction read", () => {
    const { workspace, paths } = memoryWorkspace(PACKAGE);
    const names = () => workspace.analyzeFile(`${ROOT}/src/two.ts`, OPTIONS).servers.map((s) => s.name);
    workspace.analyzeFiles(paths, OPTIONS);
    assert.deepEqual(names(), ["first", "second"]);
    // Only the second server's file-wide search and the first unit's own reads would not see this
    // file again: the names come from the answer every unit of the file shares.
    workspace.setOverlay(`${ROOT}/src/names.ts`, 'export const FIRST = "uno";\nexport const SECOND = "dos";\n');
    assert.deepEqual(names(), ["uno", "dos"]);
  });

  it("leave every server of a file depending on the files read to find them", () => {
    const helper = (text: string) => ({ ...PACKAGE, "src/helper.ts": text, "src/main.ts": `${V1}import { Helper } from "./helper.js";\nconst helper = new Helper({ name: "h", version: "1" });\nexport const server = new McpServer({ name: "m", version: "1" });\n` });
    const { workspace, paths } = memoryWorkspace(helper("export class Helper {\n  constructor(_options: unknown) {}\n}\n"));
    const names = () => workspace.analyzeFile(`${ROOT}/src/main.ts`, OPTIONS).servers.map((s) => s.name);
    workspace.analyzeFiles(paths, OPTIONS);
    assert.deepEqual(names(), ["m"]);
    // Whether `new Helper(...)` builds a server is read from helper.ts while finding the file's servers.
    workspace.setOverlay(`${ROOT}/src/helper.ts`, `${V1}export class Helper extends McpServer {}\n`);
    assert.deepEqual(names(), ["h", "m"]);
  });

  it("leave an exported server depending on the texts of the files that may import it", () => {
    const { workspace, paths } = memoryWorkspace(PACKAGE);
    // An importer's registrations are open (whether they run before connect() depends on import order).
    const open = () => workspace.analyzeFile(`${ROOT}/src/tools/index.ts`, OPTIONS).servers[0]!.unknown.map((u) => u.path.join("."));
    workspace.analyzeFiles(paths, OPTIONS);
    assert.deepEqual(open(), ["prompts"]);
    workspace.setOverlay(`${ROOT}/src/use-tools.ts`, `import { server as tools } from "./tools";\n${TOOL("tools", "x")}`);
    assert.deepEqual(open(), ["tools"]);
  });

  it("a reused answer counts, for the unit reusing it, as reading what computing it read", () => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/a.ts", "export const a = 1;\n");
    const files = new FileStore(fs);
    const memo = new BatchMemo(files);
    const readBy = (unit: string[]) => files.observe((f) => unit.push(f), () => memo.get("k", () => files.summary("/w/a.ts")?.decls.size));
    const first: string[] = [];
    const second: string[] = [];
    assert.equal(readBy(first), 1);
    assert.equal(readBy(second), 1);
    assert.deepEqual(first, ["/w/a.ts"]);
    assert.deepEqual(second, ["/w/a.ts"]);
    assert.equal(files.stats.parses, 1);
  });
});
