// A whole-workspace analysis leaves out the flow summary of a file that would have one only because
// a class of it extends an imported class, when nothing its imports reach can import what a flow
// dialect reads; so does the editor's load of such a file, keystroke after keystroke. What either
// reports must be what a fresh analysis reports, also when a server is followed into such a file, and
// after an edit that makes the file's imports reach the SDK (or stop reaching it).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { combinedFlow } from "../../server/src/analysis/core/dialect";
import { mayImportForFlow } from "../../server/src/analysis/core/project/flowReach";

const MCP = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const STDIO = 'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const TOOL = (on: string, name: string) => `${on}.registerTool("${name}", { description: "d" }, async () => ({ content: [] }));`;
const CONDUIT_BASE = "export class Base { static __capabilities__() { return { tools: {} }; } handleListTools() { return []; } }\n";

function workspaceOf(files: Record<string, string>): Workspace {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(name, text);
  return new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
}

const show = (s: { name: string; legacy: unknown; exact: boolean; unknown: readonly unknown[] }) => `${s.name} ${JSON.stringify(s.legacy)} exact=${s.exact} ${JSON.stringify(s.unknown)}`;
const label = (d: { code: string; loc: { file: string; span: { start: number } } }) => `${d.code} ${d.loc.file}:${d.loc.span.start}`;

/** The whole-workspace report, checked against the file-by-file one of a fresh workspace. */
function analyse(files: Record<string, string>): { workspace: Workspace; servers: string[] } {
  const names = Object.keys(files).filter((f) => f.endsWith(".ts"));
  const workspace = workspaceOf(files);
  const analysis = workspace.analyzeFiles(names, { tasksExtension: false });
  const servers = analysis.servers.map(show);
  const single = workspaceOf(files);
  const one = names.map((f) => single.analyzeFile(f, { tasksExtension: false }));
  assert.deepEqual(one.flatMap((r) => r.servers.map(show)).sort(), [...servers].sort());
  assert.deepEqual([...new Set(one.flatMap((r) => r.diagnostics.map(label)))].sort(), analysis.diagnostics.map(label).sort());
  return { workspace, servers };
}

/** Whether the batch summarised the file without its flow (the summary as the batch left it). */
const leftOut = (w: Workspace, file: string) => w.files.summaryAsIs(file)?.flowDeferred === true;

describe("flow summaries of files that extend an imported class", () => {
  it("are left out when the imports reach nothing a flow dialect reads, and the Conduit server there is still found", () => {
    const { workspace, servers } = analyse({
      "/w/base.ts": CONDUIT_BASE,
      "/w/weather.ts": 'import { Base } from "./base";\nexport class Weather extends Base { handleListTools() { return []; } }\n',
      "/w/sdk.ts": `${MCP}${STDIO}export const server = new McpServer({ name: "s", version: "1" });\n${TOOL("server", "t")}\nawait server.connect(new StdioServerTransport());\n`,
    });
    assert.equal(leftOut(workspace, "/w/weather.ts"), true);
    assert.ok(servers.some((s) => s.startsWith("Weather ")), JSON.stringify(servers));
    assert.ok(servers.some((s) => s.startsWith("s ")), JSON.stringify(servers));
  });

  it("are left out when the imports reach only a package.json that names the SDK, or a comment saying Server", () => {
    const { workspace, servers } = analyse({
      "/w/package.json": JSON.stringify({ name: "app", dependencies: { "@modelcontextprotocol/sdk": "1.17.0" } }),
      "/w/base.ts": `// Server-side base of every endpoint.\n${CONDUIT_BASE}`,
      "/w/version.ts": 'import pkg from "./package.json";\nexport const version = pkg.name;\n',
      "/w/weather.ts": 'import { Base } from "./base";\nimport { version } from "./version";\nexport class Weather extends Base { v = version; handleListTools() { return []; } }\n',
      "/w/sdk.ts": `${MCP}${STDIO}export const server = new McpServer({ name: "s", version: "1" });\n${TOOL("server", "t")}\nawait server.connect(new StdioServerTransport());\n`,
    });
    assert.equal(leftOut(workspace, "/w/weather.ts"), true);
    assert.equal(workspace.files.stats.parsesByFile.get("/w/weather.ts"), 1, "nothing asked for its flow");
    assert.ok(servers.some((s) => s.startsWith("Weather ")), JSON.stringify(servers));
  });

  it("are kept when a base reached through the imports is the SDK's server (a subclass constructed there)", () => {
    const { workspace, servers } = analyse({
      "/w/root.ts": `${MCP}export class Root extends McpServer { constructor() { super({ name: "r", version: "1" }); ${TOOL("this", "t")} } }\n`,
      "/w/middle.ts": 'import { Root } from "./root";\nexport class Middle extends Root {}\n',
      "/w/leaf.ts": `${STDIO}import { Middle } from "./middle";\nexport class Leaf extends Middle {}\nconst server = new Leaf();\nawait server.connect(new StdioServerTransport());\n`,
      "/w/plain.ts": 'import { Middle } from "./middle";\nexport class Other extends Middle {}\nexport const made = new Other();\n',
    });
    assert.equal(leftOut(workspace, "/w/plain.ts"), false);
    assert.ok(servers.some((s) => s.includes('"tools"')), JSON.stringify(servers));
  });

  it("are made for the replay when a server's holder class inherits its methods from such a file", () => {
    const hooks = 'import { Plain } from "./plain";\nexport class Hooks extends Plain {\n  constructor(protected server: any) { super(); }\n  register(): void { ' + TOOL("this.server", "a") + " }\n}\n";
    const main = `${MCP}${STDIO}import { Hooks } from "./hooks";\nclass R extends Hooks {}\nexport const server = new McpServer({ name: "s", version: "1" });\nfunction setup(srv: McpServer) {\n  const reg = new R(srv);\n  reg.register();\n}\nsetup(server);\nawait server.connect(new StdioServerTransport());\n`;
    const { workspace, servers } = analyse({ "/w/plain.ts": "export class Plain { tag = 1; }\n", "/w/hooks.ts": hooks, "/w/s.ts": main });
    assert.equal(leftOut(workspace, "/w/hooks.ts"), true);
    // The replay went into the file (its flow was made from the same text: a second parse), and
    // reports what the file-by-file analysis reports (a holder typed `any` stays approximate).
    assert.equal(workspace.files.stats.parsesByFile.get("/w/hooks.ts"), 2);
    assert.equal(servers.filter((s) => s.startsWith("s ")).length, 1);
  });

  it("are made for the replay when the server is handed to a function of such a file", () => {
    const helper = 'import { Plain } from "./plain";\nexport class Kept extends Plain {}\nexport function register(server: any): void { ' + TOOL("server", "a") + " }\n";
    const main = `${MCP}${STDIO}import { register } from "./helper";\nconst server = new McpServer({ name: "s", version: "1" });\nregister(server);\nawait server.connect(new StdioServerTransport());\n`;
    const { workspace, servers } = analyse({ "/w/plain.ts": "export class Plain { tag = 1; }\n", "/w/helper.ts": helper, "/w/s.ts": main });
    assert.equal(leftOut(workspace, "/w/helper.ts"), true);
    assert.ok(servers.some((s) => s.startsWith('s {"tools"')), JSON.stringify(servers));
  });

  it("after the analysis, an edit that makes the imports reach the SDK gives what a fresh workspace gives", () => {
    const files = {
      "/w/base.ts": "export class Base { tag = 1; }\n",
      "/w/leaf.ts": `${STDIO}import { Base } from "./base";\nexport class Leaf extends Base { constructor() { super(); ${TOOL("this", "t")} } }\nconst server = new Leaf();\nawait server.connect(new StdioServerTransport());\n`,
    };
    const { workspace, servers } = analyse(files);
    assert.deepEqual(servers, []);
    const edited = `${MCP}export class Base extends McpServer { constructor() { super({ name: "b", version: "1" }); } }\n`;
    workspace.setOverlay("/w/base.ts", edited);
    const fresh = workspaceOf({ ...files, "/w/base.ts": edited });
    const now = workspace.analyzeFile("/w/leaf.ts", { tasksExtension: false }).servers.map(show);
    assert.deepEqual(now, fresh.analyzeFile("/w/leaf.ts", { tasksExtension: false }).servers.map(show));
    assert.ok(now.some((s) => s.includes('"tools"')), JSON.stringify(now));
    workspace.closeOverlay("/w/base.ts");
    assert.deepEqual(workspace.analyzeFile("/w/leaf.ts", { tasksExtension: false }).servers.map(show), []);
  });
});

describe("an editor's loads, after a whole-workspace analysis, of a file that extends an imported class", () => {
  const big = (body: string) => `import { Base } from "./base";\nexport class Big extends Base {\n${body}\n  handleListTools() { return []; }\n}\n`;
  const fresh = (files: Record<string, string>) => workspaceOf(files).analyzeFiles(Object.keys(files), { tasksExtension: false }).servers.filter((x) => x.name === "Big").map(show);
  /** A workspace that has analysed all its files once, as the language server's server list does. */
  const warm = (files: Record<string, string>) => {
    const workspace = workspaceOf(files);
    workspace.analyzeFiles(Object.keys(files), { tasksExtension: false });
    return workspace;
  };

  it("leave the flow out while nothing the imports reach is a flow dialect's, and report what a fresh workspace does", () => {
    const files = { "/w/base.ts": CONDUIT_BASE, "/w/big.ts": big("  helper(x: number): number { return x; }") };
    const workspace = warm(files);
    const edited = files["/w/big.ts"].replace("helper(", "helper2(");
    workspace.setOverlay("/w/big.ts", edited);
    const now = workspace.analyzeFile("/w/big.ts", { tasksExtension: false }).servers.map(show);
    assert.equal(workspace.files.summaryAsIs("/w/big.ts")?.flowDeferred, true);
    assert.deepEqual(now, fresh({ ...files, "/w/big.ts": edited }));
    assert.ok(now.some((x) => x.startsWith("Big ")), JSON.stringify(now));
  });

  it("keystroke after keystroke: the flow comes back when an edit makes the imports reach the SDK, and goes when it stops", () => {
    const files = {
      "/w/base.ts": CONDUIT_BASE,
      "/w/sdk.ts": `${MCP}export const make = () => new McpServer({ name: "m", version: "1" });\n`,
      "/w/big.ts": big("  helper(x: number): number { return x; }"),
    };
    const workspace = warm(files);
    const texts = [
      big("  helper(x: number): number { return x + 1; }"),
      `import "./sdk";\n${big("  helper(x: number): number { return x + 1; }")}`,
      `import "./sdk";\n${big("  helper(x: number): number { return x + 2; }")}`,
      big("  helper(x: number): number { return x + 3; }"),
      big("  helper(x: number): number { return x + 4; }"),
    ];
    const deferred: boolean[] = [];
    for (const text of texts) {
      workspace.setOverlay("/w/big.ts", text);
      const now = workspace.analyzeFile("/w/big.ts", { tasksExtension: false }).servers.map(show);
      deferred.push(workspace.files.summaryAsIs("/w/big.ts")?.flowDeferred === true);
      assert.deepEqual(now, fresh({ ...files, "/w/big.ts": text }));
    }
    assert.deepEqual(deferred, [true, false, false, true, true]);
  });

  it("an edit elsewhere that makes a base reach the SDK brings the flow back to the file extending it", () => {
    const files = { "/w/base.ts": CONDUIT_BASE, "/w/big.ts": big("  helper(x: number): number { return x; }") };
    const workspace = warm(files);
    workspace.setOverlay("/w/big.ts", big("  helper(x: number): number { return x + 1; }"));
    workspace.analyzeFile("/w/big.ts", { tasksExtension: false });
    assert.equal(workspace.files.summaryAsIs("/w/big.ts")?.flowDeferred, true);
    workspace.setOverlay("/w/base.ts", `${MCP}${CONDUIT_BASE}`);
    workspace.setOverlay("/w/big.ts", big("  helper(x: number): number { return x + 2; }"));
    workspace.analyzeFile("/w/big.ts", { tasksExtension: false });
    assert.equal(workspace.files.summaryAsIs("/w/big.ts")?.flowDeferred, undefined);
  });

  it("in a cold workspace, make the flow of an ordinary file instead of reading the import graph (a large file still asks)", () => {
    const padding = Array.from({ length: 1500 }, (_, i) => `  helper${i}(x: number): number { return x + ${i}; }`).join("\n");
    const files = { "/w/base.ts": CONDUIT_BASE, "/w/small.ts": big("  helper(x: number): number { return x; }"), "/w/large.ts": big(padding) };
    const workspace = workspaceOf(files);
    for (const file of ["/w/small.ts", "/w/large.ts"]) workspace.setOverlay(file, `${files[file as keyof typeof files]}// edited\n`);
    workspace.analyzeFile("/w/small.ts", { tasksExtension: false });
    assert.equal(workspace.files.summaryAsIs("/w/small.ts")?.flowDeferred, undefined);
    const now = workspace.analyzeFile("/w/large.ts", { tasksExtension: false }).servers.map(show);
    assert.equal(workspace.files.summaryAsIs("/w/large.ts")?.flowDeferred, true);
    const edited = { ...files, "/w/large.ts": `${files["/w/large.ts"]}// edited\n` };
    const whole = workspaceOf(edited).analyzeFiles(Object.keys(edited), { tasksExtension: false });
    assert.deepEqual(now, whole.servers.filter((x) => x.loc.file === "/w/large.ts").map(show));
  });

  it("make the flow when a server is handed to a function of the file, and report the tool it registers", () => {
    const helper = `import { Plain } from "./plain";\nexport class Kept extends Plain {\n  helper(x: number): number { return x; }\n}\nexport function register(server: any): void { ${TOOL("server", "a")} }\n`;
    const main = `${MCP}${STDIO}import { register } from "./helper";\nconst server = new McpServer({ name: "s", version: "1" });\nregister(server);\nawait server.connect(new StdioServerTransport());\n`;
    const workspace = warm({ "/w/plain.ts": "export class Plain { tag = 1; }\n", "/w/helper.ts": helper, "/w/s.ts": main });
    workspace.setOverlay("/w/helper.ts", `${helper}// edited\n`);
    assert.equal(workspace.analyzeFile("/w/helper.ts", { tasksExtension: false }).servers.length, 0);
    assert.equal(workspace.files.summaryAsIs("/w/helper.ts")?.flowDeferred, true);
    const servers = workspace.analyzeFile("/w/s.ts", { tasksExtension: false }).servers.map(show);
    assert.ok(servers.some((x) => x.startsWith('s {"tools"')), JSON.stringify(servers));
  });
});

describe("the text look for an import a flow dialect reads (mayImportForFlow)", () => {
  const spec = combinedFlow(DIALECTS)!;
  it("finds a module specifier whatever quotes come before it", () => {
    assert.equal(mayImportForFlow(spec, `// don't\nimport { x } from "@modelcontextprotocol/sdk/server/mcp.js";\n`), true);
    assert.equal(mayImportForFlow(spec, `const s = "it's"; import { FastMCP } from 'fastmcp';\n`), true);
  });
  it("counts an escape in a string or a name as a possible import", () => {
    assert.equal(mayImportForFlow(spec, 'import { x } from "\\x40modelcontextprotocol/sdk";\n'), true);
    assert.equal(mayImportForFlow(spec, "import { Mcp\\u0053erver } from './vendor';\n"), true);
    assert.equal(mayImportForFlow(spec, "import { x } from '\\u{66}astmcp';\n"), true);
    assert.equal(mayImportForFlow(spec, 'import { x } from "@model\\\ncontextprotocol/sdk";\n'), true, "a line continuation is a doubt");
    assert.equal(mayImportForFlow(spec, 'import { x } from "\\100modelcontextprotocol/sdk";\n'), true, "a legacy octal escape is a doubt");
    assert.equal(mayImportForFlow(spec, 'const a = "plain";\nconst b = 1;\nimport { x } from "@model\\contextprotocol/sdk";\n'), true, "an identity escape on a later line");
    assert.equal(mayImportForFlow(spec, "const a = 'it\\'s';\nimport { x } from 'fast\\x6dcp';\n"), true, "two lines with escapes, the second spelling a module");
  });
  it("an escape that spells nothing a flow dialect reads is not a doubt (an application's \\u strings and patterns)", () => {
    assert.equal(mayImportForFlow(spec, 'export const OBJECT = "\\ufffc";\nexport const RTL = /[\\u0590-\\u08FF]/;\nconst q = "say \\"hi\\"";\n'), false);
    assert.equal(mayImportForFlow(spec, "const s = 'tab\\there';\nimport { Model } from './model';\n"), false);
  });
  it("finds the names relevant wherever they come from, as words only", () => {
    assert.equal(mayImportForFlow(spec, 'import { Server } from "./vendor";\n'), true);
    assert.equal(mayImportForFlow(spec, 'import { WeatherServer } from "./weather";\nclass A extends WeatherServer {}\n'), false);
    assert.equal(mayImportForFlow(spec, 'import { Model } from "./model";\nexport class User extends Model {}\n'), false);
  });
  it("a name in an import or export clause only: not in a comment, a message or JSX text", () => {
    assert.equal(mayImportForFlow(spec, '// Server plugin manager.\nimport { Model } from "./model";\nexport const m = t("Server connection lost");\nexport const v = <p>Server</p>;\n'), false);
    assert.equal(mayImportForFlow(spec, 'import type { McpServer as S } from "./vendor";\n'), true);
    assert.equal(mayImportForFlow(spec, 'export { Server } from "./vendor";\n'), true);
    assert.equal(mayImportForFlow(spec, 'import * as Server from "./vendor";\n'), true);
    assert.equal(mayImportForFlow(spec, 'declare module "x" {\n  import { Server } from "./vendor";\n}\n'), true);
    assert.equal(mayImportForFlow(spec, "const el = <div>{'a'}</div>;\nimport { Mcp\\u0053erver } from './vendor';\n"), true, "a TSX text, a name spelled with an escape");
  });
});
