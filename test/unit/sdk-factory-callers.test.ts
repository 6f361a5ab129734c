// A server built by an exported function, or exported itself, is used by other files of the package:
// what they do with it is followed, and said when it cannot be. The exact cases here are checked
// against the real SDK by the differential fixtures 110-112; these pin the shapes of import (arrow
// const, barrel, dynamic import, default export) and each way of escaping the analysis.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze, memoryWorkspace, ROOT } from "../helpers/memoryWorkspace";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const STDIO = 'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const TOOL = 'server.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n';
const ARROW_FACTORY = `${V1}export const createServer = () => {\n  const server = new McpServer({ name: "s", version: "1" });\n  ${TOOL}  return server;\n};\n`;

function only(files: Record<string, string>) {
  const servers = [...analyze(files).servers.values()];
  assert.equal(servers.length, 1, JSON.stringify(servers.map((s) => s.name)));
  return servers[0]!;
}

describe("SDK: callers of a factory in other files, followed", () => {
  it("an exported arrow const with two callers that only connect, set callbacks and close", () => {
    const s = only({
      "factory.ts": ARROW_FACTORY,
      "main.ts": `${STDIO}import { createServer } from "./factory.js";\nexport async function stdio() {\n  const server = createServer();\n  await server.connect(new StdioServerTransport());\n}\nexport async function other() {\n  const s2 = createServer();\n  s2.server.onerror = (e) => console.error(e);\n  s2.server.oninitialized = () => console.error("ready");\n  await s2.connect(new StdioServerTransport());\n  await s2.close();\n}\n`,
    });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("through a barrel, and in a file that does not import the SDK", () => {
    const s = only({
      "src/factory.ts": ARROW_FACTORY,
      "src/index.ts": 'export * from "./factory.js";\n',
      "src/cli.ts": 'import { createServer } from "./index.js";\nimport { serve } from "./serve.js";\nconst server = createServer();\nserve(server);\n',
      "src/serve.ts": `${STDIO}export async function serve(server: { connect(t: unknown): Promise<void> }) {\n  await server.connect(new StdioServerTransport());\n}\n`,
    });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("a function bound by destructuring a dynamic import, and a helper bound the same way", () => {
    const s = only({
      "factory.ts": ARROW_FACTORY,
      "handlers.ts": `${V1}export function setup(server: McpServer) {\n  server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n}\n`,
      "sse.ts": 'export async function onConnection(transport: never) {\n  const { createServer } = await import("./factory.js");\n  const { setup } = await import("./handlers.js");\n  const server = createServer();\n  setup(server);\n  await server.connect(transport);\n}\n',
    });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("a caller that registers more before connecting adds it", () => {
    const s = only({
      "factory.ts": ARROW_FACTORY,
      "main.ts": 'import { createServer } from "./factory.js";\nconst server = createServer();\nserver.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n',
    });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("tests that call the factory are not callers of the published server", () => {
    const s = only({
      "src/factory.ts": ARROW_FACTORY,
      "src/main.ts": `${STDIO}import { createServer } from "./factory.js";\nconst server = createServer();\nawait server.connect(new StdioServerTransport());\n`,
      "src/factory.test.ts": 'import { createServer } from "./factory.js";\nimport { inspect } from "./inspect.js";\ninspect(createServer());\n',
      "test/e2e/run.ts": 'import { createServer } from "../../src/factory.js";\nimport { inspect } from "./inspect.js";\ninspect(createServer());\n',
    });
    assert.deepEqual(s.unknown, []);
  });

  it("v2: a factory declared inside main() and handed to serveStdio is named, and adds nothing", () => {
    const s = only({
      "server.ts": 'import { McpServer, serveStdio } from "@modelcontextprotocol/server";\nexport function main() {\n  const createServer = () => {\n    const server = new McpServer({ name: "s", version: "1" });\n    server.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n    return server;\n  };\n  serveStdio(createServer);\n}\n',
    });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });
});

const SOUNDNESS = join(__dirname, "..", "fixtures", "sdk-soundness");

/** Approximate, with these unknown entries: [path joined with ".", file, line]. */
const CROSS_FILE: Record<string, Array<[string, string, number]>> = {
  "caller-elsewhere-hands-server-to-missing-helper": [["", "main.ts", 4]],
  // Another importer of the server that nothing loads: it may add tools or not (never "throws after
  // connect()"); the serving module itself registers its prompt before connect(), for certain.
  "importer-registers-outside-serving-imports": [["tools", "tools.ts", 2]],
  "importer-without-sdk-import-hands-server-on": [["", "tools.ts", 3]],
  "caller-elsewhere-returns-server-again": [["", "build.ts", 4]],
  "factory-passed-as-value-elsewhere": [["", "main.ts", 3]],
  "factory-exported-from-entry-without-caller": [["", "src/index.ts", 1]],
  "default-exported-server-registered-by-importer": [["tools", "main.ts", 2]],
};

describe("SDK: what other files do that the analysis cannot follow is an unknown entry at its place", () => {
  for (const [name, expected] of Object.entries(CROSS_FILE)) {
    it(name, () => {
      const run = mcpCapsInProcess(join(SOUNDNESS, name), ["--json", "."]);
      assert.equal(run.status, 0, run.stderr);
      const servers = (JSON.parse(run.stdout) as { servers: { exact: boolean; legacy: Record<string, unknown>; unknown: { path: string[]; file?: string; line?: number }[] }[] }).servers;
      assert.equal(servers.length, 1);
      const server = servers[0]!;
      assert.equal(server.exact, false, `claimed exact: ${JSON.stringify(server.legacy)}`);
      const got = server.unknown.map((u) => [u.path.join("."), u.file ?? "", u.line ?? 0]).sort();
      assert.deepEqual(got, [...expected].sort(), JSON.stringify(server.unknown, null, 1));
      for (const [path] of expected) if (path) assert.ok(!(path in (server.legacy ?? {})), `${path} is both stated and unknown`);
    });
  }
});

describe("SDK: the one importer that serves an exported server", () => {
  // Its registrations before its connect() run whenever the server is served (no other module serves
  // it, and every module importing it is among the ones it imports): they are certain.
  it("importer-registers-on-exported-server", () => {
    const run = mcpCapsInProcess(join(SOUNDNESS, "importer-registers-on-exported-server"), ["--json", "."]);
    assert.equal(run.status, 0, run.stderr);
    const server = (JSON.parse(run.stdout) as { servers: { exact: boolean; legacy: Record<string, unknown> }[] }).servers[0]!;
    assert.equal(server.exact, true);
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
  });
});

describe("SDK: a private method that returns the server, called through this", () => {
  const LOW = 'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
  const CLASS = (extra: string) =>
    `${LOW}export class App {\n  private createServer(): Server {\n    return new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n  }\n  async run() {\n    const srv = this.createServer();\n    await srv.connect(new StdioServerTransport());\n  }\n${extra}}\n`;

  it("its callers in the class only connect: exact", () => {
    const s = only({ "app.ts": CLASS("") });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { tools: {} });
  });

  it("a caller that hands it to a helper not followed, or the method taken as a value: unknown at that place", () => {
    const s = only({ "app.ts": CLASS('  other(register: (s: Server) => void) {\n    register(this.createServer());\n    return this.createServer;\n  }\n') });
    assert.equal(s.exact, false);
    assert.ok(s.unknown.length > 0);
  });
});

describe("SDK: an edit in a caller's file changes the factory's answer", () => {
  it("the factory file, analysed again after its caller registers a prompt, says so", () => {
    const { workspace } = memoryWorkspace({
      "factory.ts": ARROW_FACTORY,
      "main.ts": 'import { createServer } from "./factory.js";\nconst server = createServer();\n',
    });
    const factory = `${ROOT}/factory.ts`;
    const first = workspace.analyzeFile(factory, { tasksExtension: false }).servers[0]!;
    assert.deepEqual(first.legacy, { tools: { listChanged: true } });
    assert.equal(first.exact, true);
    workspace.setOverlay(`${ROOT}/main.ts`, 'import { createServer } from "./factory.js";\nimport { plug } from "./missing.js";\nconst server = createServer();\nserver.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\nplug(server);\n');
    const second = workspace.analyzeFile(factory, { tasksExtension: false }).servers[0]!;
    assert.deepEqual(second.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    assert.equal(second.exact, false);
    assert.ok(second.unknown.some((u) => u.loc?.file === `${ROOT}/main.ts`));
  });

  it("a file that starts calling the factory is seen (its text was read, so its edit counts)", () => {
    const { workspace } = memoryWorkspace({
      "factory.ts": ARROW_FACTORY,
      "main.ts": 'import { createServer } from "./factory.js";\nconst server = createServer();\n',
      "other.ts": "export const nothing = 1;\n",
    });
    const factory = `${ROOT}/factory.ts`;
    assert.equal(workspace.analyzeFile(factory, { tasksExtension: false }).servers[0]!.exact, true);
    workspace.setOverlay(`${ROOT}/other.ts`, 'import { createServer } from "./factory.js";\nimport { plug } from "./missing.js";\nplug(createServer());\n');
    const after = workspace.analyzeFile(factory, { tasksExtension: false }).servers[0]!;
    assert.equal(after.exact, false);
    assert.ok(after.unknown.some((u) => u.loc?.file === `${ROOT}/other.ts`));
  });
});
