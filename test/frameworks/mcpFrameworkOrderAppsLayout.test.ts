// The mcp-framework dialect's cases that fixtures cannot pin to one real run (in memory): a start()
// in a function the server's body calls, a tool's MCP App the analysis can only partly read, and the
// output layout tsc picks when tsconfig sets no rootDir (TypeScript 5 and 6 differ). Fixtures 37–41
// check the cases a real run decides.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const ECHO = 'import { MCPTool } from "mcp-framework";\nexport default class EchoTool extends MCPTool { name = "echo"; description = "e"; schema = {}; async execute() { return "ok"; } }\n';
const HEAD = 'import { MCPServer } from "mcp-framework";\nimport EchoTool from "./lib/EchoTool.js";\nconst server = new MCPServer({ name: "fx", version: "1.0.0" });\n';

function analyse(files: Record<string, string>, tsconfig: object = { compilerOptions: { outDir: "dist", rootDir: "src" } }) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify(tsconfig));
  fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
  fs.writeFileSync("/w/src/lib/EchoTool.ts", ECHO);
  for (const [path, text] of Object.entries(files)) fs.writeFileSync(path, text);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const analysis = ws.analyzeFile("/w/src/index.ts", { tasksExtension: false });
  const server = analysis.servers[0]!;
  return { server, codes: analysis.diagnostics.map((d) => d.code).sort(), unknown: server.unknown.map((u) => u.path.join(".")) };
}

describe("mcp-framework: start() in a function the server's body calls, then addTool()", () => {
  it("an IIFE or an arrow called before addTool() starts first: the tool is dropped", () => {
    for (const body of ["(async () => { await server.start(); })();\nserver.addTool(EchoTool);\n", "const boot = async () => { await server.start(); };\nboot();\nserver.addTool(EchoTool);\n", "async function main() { await server.start(); }\nmain().catch(console.error);\nserver.addTool(EchoTool);\n"]) {
      const r = analyse({ "/w/src/index.ts": HEAD + body });
      assert.equal(r.server.legacy, null, body);
      assert.deepEqual(r.codes, ["mcp-framework-add-after-start", "mcp-framework-no-tools"], body);
    }
  });

  it("awaited to its end before addTool(), even when it awaits first: dropped", () => {
    const r = analyse({ "/w/src/index.ts": `${HEAD}async function main() { await Promise.resolve(); await server.start(); }\nawait main();\nserver.addTool(EchoTool);\n` });
    assert.equal(r.server.legacy, null);
    assert.ok(r.codes.includes("mcp-framework-add-after-start"));
  });

  it("called after addTool(): the tool counts", () => {
    const r = analyse({ "/w/src/index.ts": `${HEAD}async function main() { await server.start(); }\nserver.addTool(EchoTool);\nmain();\n` });
    assert.deepEqual(r.server.legacy, { tools: {} });
    assert.equal(r.server.exact, true);
  });

  it("when the order is not known, tools is unknown, never claimed", () => {
    const cases = [
      "async function main() { await server.start(); }\nsetTimeout(main, 0);\nserver.addTool(EchoTool);\n",
      "async function main() { await server.start(); }\nif (process.env.X) main();\nserver.addTool(EchoTool);\n",
      "async function main() { await Promise.resolve(); await server.start(); }\nmain();\nawait Promise.resolve();\nserver.addTool(EchoTool);\n",
      "async function main() { if (process.env.X) return; await server.start(); }\nmain();\nserver.addTool(EchoTool);\n",
      "function later() { main(); }\nasync function main() { await server.start(); }\nlater();\nserver.addTool(EchoTool);\n",
    ];
    for (const body of cases) {
      const r = analyse({ "/w/src/index.ts": HEAD + body });
      assert.equal(r.server.exact, false, body);
      // "": if the tool comes after start(), none is loaded then and start() throws.
      assert.deepEqual(r.unknown, ["", "tools"], body);
      assert.deepEqual(r.codes, [], body);
    }
  });
});

const START = 'import { MCPServer } from "mcp-framework";\nconst server = new MCPServer({ name: "fx", version: "1.0.0" });\nserver.start();\n';
const tool = (members: string, head = 'import { MCPTool } from "mcp-framework";\n', base = "MCPTool") =>
  `${head}export default class ChartTool extends ${base} { name = "chart"; description = "c"; schema = {}; ${members} async execute() { return "ok"; } }\n`;
const APP = 'app = { resourceUri: "ui://chart/view", resourceName: "Chart", content: "<html/>" };';

describe("mcp-framework: a loaded tool's MCP App", () => {
  it("advertises resources and completions, from the tool's own field, its constructor, or a base class in another file", () => {
    const own = analyse({ "/w/src/index.ts": START, "/w/src/tools/ChartTool.ts": tool(APP) });
    assert.deepEqual(own.server.legacy, { completions: {}, resources: {}, tools: {} });
    assert.equal(own.server.exact, true);
    const ctor = analyse({ "/w/src/index.ts": START, "/w/src/tools/ChartTool.ts": tool('constructor() { super(); this.app = { resourceUri: "ui://c/v", resourceName: "C", content: () => "<html/>" }; }') });
    assert.deepEqual(ctor.server.legacy, { completions: {}, resources: {}, tools: {} });
    const base = analyse({
      "/w/src/index.ts": START,
      "/w/src/lib/AppBase.ts": `import { MCPTool } from "mcp-framework";\nexport abstract class AppBase extends MCPTool { protected ${APP} }\n`,
      "/w/src/tools/ChartTool.ts": tool("", 'import { AppBase } from "../lib/AppBase.js";\n', "AppBase"),
    });
    assert.deepEqual(base.server.legacy, { completions: {}, resources: {}, tools: {} });
    assert.equal(base.server.exact, true);
  });

  it("app set to undefined, or a tool added with addTool() (the framework only looks at loaded tools): tools only", () => {
    assert.deepEqual(analyse({ "/w/src/index.ts": START, "/w/src/tools/ChartTool.ts": tool("app = undefined;") }).server.legacy, { tools: {} });
    const added = analyse({ "/w/src/index.ts": `${HEAD}import ChartTool from "./lib/ChartTool.js";\nserver.addTool(ChartTool);\nserver.start();\n`, "/w/src/lib/ChartTool.ts": tool(APP) });
    assert.deepEqual(added.server.legacy, { tools: {} });
    assert.equal(added.server.exact, true);
  });

  it("a constructor that needs an argument (the loader passes none) may throw: the app is unknown; one with a default is not (trial 115 m26b)", () => {
    const needs = analyse({ "/w/src/index.ts": START, "/w/src/tools/ChartTool.ts": tool(`${APP} base: string; constructor(client: { baseUrl: string }) { super(); this.base = client.baseUrl; }`) });
    assert.deepEqual(needs.server.legacy, { tools: {} });
    assert.deepEqual(needs.unknown, ["completions", "resources"]);
    const defaulted = analyse({ "/w/src/index.ts": START, "/w/src/tools/ChartTool.ts": tool(`${APP} base: string; constructor(client = { baseUrl: "x" }) { super(); this.base = client.baseUrl; }`) });
    assert.equal(defaulted.server.exact, true);
    assert.deepEqual(defaulted.server.legacy, { completions: {}, resources: {}, tools: {} });
  });

  it("an app the analysis cannot read makes resources and completions unknown", () => {
    const r = analyse({ "/w/src/index.ts": START, "/w/src/tools/ChartTool.ts": tool("app = makeApp();").replace("export default", "declare function makeApp(): object;\nexport default") });
    assert.deepEqual(r.server.legacy, { tools: {} });
    assert.deepEqual(r.unknown, ["completions", "resources"]);
  });

  it("content read from a file at run time (tsc does not copy the HTML beside the compiled tool): whether start-up throws is not known (trial 121 m04, m15, m20)", () => {
    const fs = 'import { readFileSync } from "node:fs";\nimport { readFile } from "node:fs/promises";\n';
    for (const content of ['() => readFileSync(new URL("../ui/chart.html", import.meta.url), "utf-8")', 'async () => readFile(new URL("../ui/chart.html", import.meta.url), "utf8")', 'readFileSync(new URL("../ui/chart.html", import.meta.url), "utf-8")']) {
      const r = analyse({ "/w/src/index.ts": START, "/w/src/tools/ChartTool.ts": tool(`app = { resourceUri: "ui://chart/view", resourceName: "Chart", content: ${content} };`, `${fs}import { MCPTool } from "mcp-framework";\n`) });
      assert.equal(r.server.exact, false, content);
      assert.ok(r.server.unknown.some((u) => u.path.length === 0 && /content is read from a file at run time/.test(u.reason)), content);
    }
    // Content built in code, with no file read: exact as before.
    const built = analyse({ "/w/src/index.ts": START, "/w/src/tools/ChartTool.ts": tool('app = { resourceUri: "ui://c/v", resourceName: "C", content: () => `<html>${"x".repeat(3)}</html>` };') });
    assert.equal(built.server.exact, true);
  });

  it("an app validate() refuses, or without content: start() throws, so the whole start-up is unknown", () => {
    for (const app of ['app = { resourceUri: "http://x/y", resourceName: "C", content: "x" };', 'app = { resourceUri: "ui://x/y", resourceName: "C" };']) {
      const r = analyse({ "/w/src/index.ts": START, "/w/src/tools/ChartTool.ts": tool(app) });
      assert.equal(r.server.exact, false, app);
      assert.ok(r.server.unknown.some((u) => u.path.length === 0 && u.spread && /start\(\) throws|throws/.test(u.reason)), app);
    }
  });
});

describe("mcp-framework: the output layout when tsconfig sets no rootDir", () => {
  const project = (extra: Record<string, string> = {}, tsconfig: object = { compilerOptions: { outDir: "dist" } }) => analyse({ "/w/src/index.ts": START, "/w/src/tools/EchoTool.ts": ECHO, ...extra }, tsconfig);
  const typescript = (version: string) => ({ "/w/node_modules/typescript/package.json": JSON.stringify({ name: "typescript", version }) });

  it("TypeScript 5 mirrors the common folder of the inputs (src), so dist/tools holds the tool", () => {
    const r = project(typescript("5.9.3"));
    assert.deepEqual(r.server.legacy, { tools: {} });
    assert.equal(r.server.exact, true);
    // Also when only package.json's range tells the major.
    const declared = project({ "/w/package.json": JSON.stringify({ name: "w", type: "module", devDependencies: { typescript: "^5.4.0" } }) });
    assert.deepEqual(declared.server.legacy, { tools: {} });
  });

  it("TypeScript 6 mirrors the tsconfig's folder: dist/src/tools, and dist/tools is empty", () => {
    const r = project(typescript("6.0.3"));
    assert.equal(r.server.legacy, null);
    assert.deepEqual(r.codes, ["mcp-framework-no-tools"]);
  });

  it("a file outside src/ makes both lay out from the tsconfig's folder; excluding it brings back src with TypeScript 5", () => {
    assert.equal(project({ "/w/scripts/seed.ts": "export {};\n" }).server.legacy, null);
    const excluded = project({ "/w/scripts/seed.ts": "export {};\n", ...typescript("5.9.3") }, { compilerOptions: { outDir: "dist" }, exclude: ["scripts"] });
    assert.deepEqual(excluded.server.legacy, { tools: {} });
  });

  it("when which TypeScript builds it is not known and the two differ, tools is unknown with the reason", () => {
    const r = project();
    assert.equal(r.server.exact, false);
    assert.deepEqual(r.unknown, ["", "completions", "prompts", "resources", "tools"]);
    assert.match(r.server.unknown.find((u) => u.path[0] === "tools")!.reason, /TypeScript 5 writes the output from \/w\/src .*TypeScript 6 from \/w/);
  });

  it("reads outDir and rootDir through extends; a base it cannot find is said", () => {
    const base = { "/w/config/tsconfig.base.json": JSON.stringify({ compilerOptions: { outDir: "../dist", rootDir: "../src" } }) };
    const viaBase = analyse({ "/w/src/index.ts": START, "/w/src/tools/EchoTool.ts": ECHO, "/w/scripts/seed.ts": "export {};\n", ...base }, { extends: "./config/tsconfig.base.json" });
    assert.deepEqual(viaBase.server.legacy, { tools: {} });
    assert.equal(viaBase.server.exact, true);
    const pkg = { "/w/node_modules/@tsconfig/node20/tsconfig.json": JSON.stringify({ compilerOptions: { target: "es2023" } }) };
    const fromPackage = analyse({ "/w/src/index.ts": START, "/w/src/tools/EchoTool.ts": ECHO, "/w/scripts/seed.ts": "export {};\n", ...pkg }, { extends: "@tsconfig/node20/tsconfig.json", compilerOptions: { outDir: "dist" } });
    assert.equal(fromPackage.server.legacy, null, "the package base sets no rootDir: dist mirrors /w, and dist/tools is empty");
    const missing = analyse({ "/w/src/index.ts": START, "/w/src/tools/EchoTool.ts": ECHO }, { extends: "@tsconfig/node20/tsconfig.json", compilerOptions: { outDir: "dist" } });
    assert.equal(missing.server.exact, false);
    assert.match(missing.server.unknown.find((u) => u.path[0] === "tools")!.reason, /extends \(@tsconfig\/node20\/tsconfig\.json\) is not found/);
  });

  it("basePath: import.meta.dirname does not depend on rootDir", () => {
    const r = analyse({ "/w/src/index.ts": START.replace('version: "1.0.0"', 'version: "1.0.0", basePath: import.meta.dirname'), "/w/src/tools/EchoTool.ts": ECHO }, { compilerOptions: { outDir: "dist" } });
    assert.deepEqual(r.server.legacy, { tools: {} });
    assert.equal(r.server.exact, true);
  });
});
