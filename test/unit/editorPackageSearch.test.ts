// In the editor, every exported SDK server searches its package's texts for importers, one server
// after the other and again after each edit. What the search learns of a text is kept per version of
// that text, and folder listings until files are created or deleted; a long-lived workspace must still
// report, after every change it is told about, what a fresh workspace reports.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { FileStore } from "../../server/src/analysis/core/project/fileStore";
import { memoryWorkspace, ROOT } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const TOOL = (on: string, name: string) => `${on}.registerTool("${name}", { description: "d" }, async () => ({ content: [] }));\n`;
const PROMPT = (on: string) => `${on}.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n`;
const OPTIONS = { tasksExtension: false };

const PACKAGE: Record<string, string> = {
  "package.json": '{ "name": "p", "main": "dist/index.js" }',
  "src/tools/index.ts": `${V1}export const server = new McpServer({ name: "tools", version: "1" });\n`,
  "src/two.ts": `${V1}export const server = new McpServer({ name: "two", version: "1" });\n`,
  "src/use-tools.ts": `import { server as tools } from "./tools";\n${PROMPT("tools")}`,
  "src/use-two.ts": `import { server } from "./two.js";\n${TOOL("server", "t")}`,
  "src/other.ts": "export const server = 1;\n",
};
const SERVERS = [`${ROOT}/src/tools/index.ts`, `${ROOT}/src/two.ts`];

/** What a file's servers report, as text. */
function reports(workspace: ReturnType<typeof memoryWorkspace>["workspace"], file: string): string {
  return JSON.stringify(workspace.analyzeFile(file, OPTIONS).servers.map((s) => ({ name: s.name, legacy: s.legacy, modern: s.modern, unknown: s.unknown })));
}

/** The same files (with `overlays` as editor texts) in a fresh workspace. */
function fresh(files: Record<string, string>, overlays: Record<string, string> = {}): (file: string) => string {
  const { workspace } = memoryWorkspace(files);
  for (const [name, text] of Object.entries(overlays)) workspace.setOverlay(`${ROOT}/${name}`, text);
  return (file) => reports(workspace, file);
}

describe("the cross-file search of a long-lived workspace", () => {
  it("reports what a fresh workspace reports, server after server and edit after edit", () => {
    const { workspace } = memoryWorkspace(PACKAGE);
    const open = (file: string) => workspace.analyzeFile(file, OPTIONS).servers[0]!.unknown.map((u) => u.path.join("."));
    assert.deepEqual(open(SERVERS[0]!), ["prompts"]);
    assert.deepEqual(open(SERVERS[1]!), ["tools"]);
    const edits: Record<string, string>[] = [
      { "src/use-tools.ts": `import { server as tools } from "./tools";\n${TOOL("tools", "x")}` },
      { "src/other.ts": `import { server } from "./two.js";\n${PROMPT("server")}` },
      { "src/use-two.ts": "export const nothing = 0;\n" },
    ];
    const overlays: Record<string, string> = {};
    for (const edit of edits) {
      Object.assign(overlays, edit);
      for (const [name, text] of Object.entries(edit)) workspace.setOverlay(`${ROOT}/${name}`, text);
      const expected = fresh(PACKAGE, overlays);
      for (const file of SERVERS) assert.equal(reports(workspace, file), expected(file), `${file} after ${Object.keys(edit)[0]}`);
    }
    assert.deepEqual(open(SERVERS[0]!), ["tools"]);
    assert.deepEqual(open(SERVERS[1]!), ["prompts"]);
    for (const name of Object.keys(overlays)) workspace.closeOverlay(`${ROOT}/${name}`);
    for (const file of SERVERS) assert.equal(reports(workspace, file), fresh(PACKAGE)(file), `${file} after the overlays closed`);
  });

  it("finds an importer created on disk once the workspace is told files were created", () => {
    const { workspace, fs } = memoryWorkspace(PACKAGE);
    assert.equal(reports(workspace, SERVERS[1]!), fresh(PACKAGE)(SERVERS[1]!));
    const added = `import { server } from "../two.js";\n${PROMPT("server")}`;
    fs.writeFileSync(`${ROOT}/src/late/use.ts`, added);
    workspace.filesCreatedOrDeleted([`${ROOT}/src/late/use.ts`]);
    const expected = fresh({ ...PACKAGE, "src/late/use.ts": added })(SERVERS[1]!);
    assert.notEqual(expected, fresh(PACKAGE)(SERVERS[1]!));
    assert.equal(reports(workspace, SERVERS[1]!), expected);
  });

  it("derives a text's facts once per version, and counts them as reading the file", () => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/a.ts", "import { x } from './x';\n");
    const files = new FileStore(fs);
    let derived = 0;
    const length = () => files.textFacts("/w/a.ts", "length", (text) => (derived++, text?.length));
    const read: [string, number][] = [];
    assert.equal(files.observe((f, v) => read.push([f, v]), length), 25);
    assert.equal(files.observe((f, v) => read.push([f, v]), length), 25);
    assert.equal(derived, 1);
    assert.equal(read.length, 2);
    assert.deepEqual(read[0], read[1]);
    files.setOverlay("/w/a.ts", "export {};\n");
    assert.equal(length(), 11);
    assert.equal(derived, 2);
    files.closeOverlay("/w/a.ts");
    assert.equal(length(), 25);
    assert.equal(derived, 3);
    // A file that cannot be read has no facts, and asking again reads nothing more.
    assert.equal(files.textFacts("/w/missing.ts", "length", (text) => (derived++, text?.length)), undefined);
    assert.equal(files.textFacts("/w/missing.ts", "length", (text) => (derived++, text?.length)), undefined);
    assert.equal(derived, 4);
  });

  it("reads a loaded file's text and a package.json once, and again only after it is told the file changed", () => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/a.ts", "export const a = 1;\n");
    fs.writeFileSync("/w/package.json", '{ "name": "w" }');
    const reads = new Map<string, number>();
    const readFileSync = fs.readFileSync.bind(fs);
    fs.readFileSync = (path: string, encoding?: string) => (reads.set(path, (reads.get(path) ?? 0) + 1), readFileSync(path, encoding));
    const files = new FileStore(fs);
    assert.ok(files.summary("/w/a.ts"));
    for (let i = 0; i < 3; i++) assert.equal(files.text("/w/a.ts"), "export const a = 1;\n");
    for (let i = 0; i < 3; i++) assert.equal(files.text("/w/package.json"), '{ "name": "w" }');
    for (let i = 0; i < 3; i++) assert.equal(files.text("/w/sub/package.json"), undefined);
    assert.deepEqual(Object.fromEntries(reads), { "/w/a.ts": 1, "/w/package.json": 1, "/w/sub/package.json": 1 });
    fs.writeFileSync("/w/a.ts", "export const a = 2;\n");
    fs.writeFileSync("/w/sub/package.json", "{}");
    files.changedOnDisk("/w/a.ts");
    files.changedOnDisk("/w/sub/package.json");
    assert.equal(files.text("/w/a.ts"), "export const a = 2;\n");
    assert.equal(files.text("/w/sub/package.json"), "{}");
    // An editor's text wins over the kept one, and the disk's comes back when it closes.
    files.setOverlay("/w/a.ts", "export {};\n");
    assert.equal(files.text("/w/a.ts"), "export {};\n");
    files.closeOverlay("/w/a.ts");
    assert.equal(files.text("/w/a.ts"), "export const a = 2;\n");
  });
});
