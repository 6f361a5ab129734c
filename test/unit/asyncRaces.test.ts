// An async function called without await runs up to its first await and returns; its caller goes on.
// When it connects after an await, a registration the caller makes next comes before connect() at
// run time: it must not be reported as a registration after connect (the SDK would not throw).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "s", version: "1" });\n';
const TOOL = 'server.registerTool("t", { description: "t" }, async () => ({ content: [] }));\n';

function analyse(text: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ type: "module", dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } }));
  fs.writeFileSync("/w/server.ts", text);
  const a = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] }).analyzeFile("/w/server.ts", { tasksExtension: false });
  return { server: a.servers[0]!, codes: a.diagnostics.map((d) => d.code) };
}

describe("an unawaited async function that connects", () => {
  it("after an await of its own: the caller's next registration may come first (approximate, no after-connect error)", () => {
    const { server, codes } = analyse(`${HEAD}async function start() {\n  await new Promise((r) => setTimeout(r, 5));\n  await server.connect(new StdioServerTransport());\n}\nstart();\n${TOOL}`);
    assert.equal(server.exact, false);
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
    assert.ok(!codes.includes("sdk-register-after-connect"), codes.join(", "));
    assert.ok(server.unknown.some((u) => /start\(\) is async and not awaited/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("before any await of its own (`await server.connect(...)` first): connect() comes first, and the registration throws", () => {
    const { server, codes } = analyse(`${HEAD}async function start() {\n  await server.connect(new StdioServerTransport());\n}\nstart();\n${TOOL}`);
    assert.equal(server.legacy, null);
    assert.ok(codes.includes("sdk-register-after-connect"), codes.join(", "));
  });

  it("called last, with a .catch: its own order stands (exact)", () => {
    const { server, codes } = analyse(`${HEAD}async function main() {\n  await new Promise((r) => setTimeout(r, 5));\n  ${TOOL}  await server.connect(new StdioServerTransport());\n}\nmain().catch(console.error);\n`);
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
    assert.deepEqual(codes.filter((c) => c.startsWith("sdk-register")), []);
  });
});

describe("an unawaited async function that registers after an await", () => {
  const HELPER = 'async function setup() {\n  await new Promise((r) => setTimeout(r, 5));\n  ' + TOOL + '}\n';

  it("then connect(): the registration may come after it, so tools are not claimed (approximate, the reason says why)", () => {
    const { server, codes } = analyse(`${HEAD}${HELPER}setup();\nawait server.connect(new StdioServerTransport());\n`);
    assert.equal(server.exact, false);
    assert.deepEqual(server.legacy, {});
    assert.ok(server.unknown.some((u) => /tools is registered after an await in setup\(\), which nothing waits for \(line \d+\)/.test(u.reason)), JSON.stringify(server.unknown));
    assert.deepEqual(codes.filter((c) => c.startsWith("sdk-register")), []);
  });

  it("the reason says what a late registration does: the server stops, unless a .catch on the call takes the error", () => {
    const bare = analyse(`${HEAD}${HELPER}setup();\nawait server.connect(new StdioServerTransport());\n`).server;
    assert.ok(bare.unknown.some((u) => u.reason.endsWith("where the SDK refuses a new capability and the server stops")), JSON.stringify(bare.unknown));
    const caught = analyse(`${HEAD}${HELPER}setup().catch((e) => console.error(e));\nawait server.connect(new StdioServerTransport());\n`).server;
    assert.equal(caught.exact, false);
    assert.ok(caught.unknown.some((u) => /the registration throws \(the handler on its promise takes the error, and the server goes on without it\)$/.test(u.reason)), JSON.stringify(caught.unknown));
  });

  it("awaited, directly or through Promise.all: its order stands (exact)", () => {
    for (const call of ["await setup();\nawait server.connect(new StdioServerTransport());\n", "await Promise.all([setup()]);\nawait server.connect(new StdioServerTransport());\n"]) {
      const { server } = analyse(`${HEAD}${HELPER}${call}`);
      assert.equal(server.exact, true, `${call}: ${JSON.stringify(server.unknown)}`);
      assert.deepEqual(server.legacy, { tools: { listChanged: true } });
    }
  });

  it("its promise kept in a name, or in a Promise.all nothing awaits: still before connect() only by chance (approximate)", () => {
    for (const call of ["const ready = setup();\nawait server.connect(new StdioServerTransport());\nawait ready;\n", "Promise.all([setup()]).catch(console.error);\nawait server.connect(new StdioServerTransport());\n"]) {
      const { server } = analyse(`${HEAD}${HELPER}${call}`);
      assert.equal(server.exact, false, call);
      assert.deepEqual(server.legacy, {}, call);
    }
  });

  it("connecting the server itself after its registrations, called from a function: its own order stands (exact)", () => {
    const { server } = analyse(`${HEAD}async function main() {\n  await new Promise((r) => setTimeout(r, 5));\n  ${TOOL}  await server.connect(new StdioServerTransport());\n}\nfunction boot() {\n  main();\n}\nboot();\n`);
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
  });

  it("registering before its first await: that part runs at once (exact)", () => {
    const { server } = analyse(`${HEAD}async function setup() {\n  ${TOOL}  await new Promise((r) => setTimeout(r, 5));\n}\nsetup();\nawait server.connect(new StdioServerTransport());\n`);
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
  });

  it("an await inside a loop: the loop's earlier items register again after it (approximate)", () => {
    const { server } = analyse(`${HEAD}async function setup() {\n  for (const n of ["a", "b"]) {\n    server.registerTool(n, { description: n }, async () => ({ content: [] }));\n    await new Promise((r) => setTimeout(r, 5));\n  }\n}\nsetup();\nawait server.connect(new StdioServerTransport());\n`);
    assert.equal(server.exact, false);
  });
});

