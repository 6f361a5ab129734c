// A start-up call the SDK rejects (a notification before connect(), a second connect()) stops the
// program when nothing takes the rejection on its way out: awaited at the module's top level, passed
// out of the functions that ran it by `await` and `return`, or dropped with no handler (Node ends the
// process on an unhandled rejection). Then the prediction is exact: the server does not start, with
// the error sdk-startup-rejected. Anything that may take it keeps "may not start" (trial 147 c50,
// c51, c101: "may not start" before, while the real servers exited with code 1).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "s", version: "1.0.0" }, { capabilities: { logging: {} } });
server.registerTool("t", { description: "t" }, async () => ({ content: [] }));
`;
const LOG = `server.sendLoggingMessage({ level: "info", data: "booting" })`;

function verdict(files: Record<string, string>) {
  const r = analyze(files);
  const s = r.servers.get("s");
  assert.ok(s, "the server is found");
  return { exact: s.exact, stops: s.legacy === null && r.codes("sdk-startup-rejected").length > 0, reasons: s.unknown.map((u) => u.reason).join("\n") };
}

describe("sdk-startup-rejected: the rejection surely ends the program", () => {
  const certain: Record<string, string> = {
    "awaited at the top level": `${HEAD}await ${LOG};\nawait server.connect(new StdioServerTransport());\n`,
    "dropped with no handler": `${HEAD}${LOG};\nawait server.connect(new StdioServerTransport());\n`,
    "void of it": `${HEAD}void ${LOG};\nawait server.connect(new StdioServerTransport());\n`,
    "awaited in a function awaited at the top level": `${HEAD}async function boot() {\n  await ${LOG};\n  await server.connect(new StdioServerTransport());\n}\nawait boot();\n`,
    "returned by a helper awaited in a function awaited at the top level": `${HEAD}function log(data: string) {\n  return server.sendLoggingMessage({ level: "info", data });\n}\nasync function boot() {\n  await log("booting");\n  await server.connect(new StdioServerTransport());\n}\nawait boot();\n`,
  };
  for (const [name, text] of Object.entries(certain)) {
    it(`${name}: exact, the server does not start`, () => {
      const v = verdict({ "s.ts": text });
      assert.equal(v.exact, true, v.reasons);
      assert.ok(v.stops, "legacy null with sdk-startup-rejected");
    });
  }

  it("connect() twice through start(), each awaited at the top level: exact, the server stops", () => {
    const text = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
class App {
  server = new McpServer({ name: "s", version: "1.0.0" });
  async start() {
    await this.server.connect(new StdioServerTransport());
  }
}
const app = new App();
await app.start();
await app.start();
`;
    const v = verdict({ "s.ts": text, "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) });
    assert.equal(v.exact, true, v.reasons);
    assert.ok(v.stops);
  });
});

describe("sdk-startup-rejected on SDK v2", () => {
  it("connect() twice at the top level: exact, in the words SDK v2 refuses it with (trial 129 c89)", () => {
    const r = analyze({
      "node_modules/@modelcontextprotocol/server/package.json": JSON.stringify({ name: "@modelcontextprotocol/server", version: "2.4.0" }),
      "s.ts": `import { McpServer } from "@modelcontextprotocol/server";\nimport { StdioServerTransport } from "@modelcontextprotocol/server/stdio";\nconst s = new McpServer({ name: "s", version: "1.0.0" });\nawait s.connect(new StdioServerTransport());\nawait s.connect(new StdioServerTransport());\n`,
    });
    const s = r.servers.get("s")!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.equal(s.legacy, null);
    assert.match(r.codes("sdk-startup-rejected")[0]?.message ?? "", /"this instance is already connected to a transport"/);
  });
});

describe("a rejection something may take: may not start, not claimed", () => {
  const open: Record<string, string> = {
    "awaited in a try whose catch goes on": `${HEAD}try {\n  await ${LOG};\n} catch (e) {\n  console.error(e);\n}\nawait server.connect(new StdioServerTransport());\n`,
    "a handler the analysis does not read": `${HEAD}${LOG}.catch(report);\nfunction report(e: unknown) { console.error(e); }\nawait server.connect(new StdioServerTransport());\n`,
    "a process listener that goes on": `${HEAD}process.on("unhandledRejection", (e) => console.error(e));\n${LOG};\nawait server.connect(new StdioServerTransport());\n`,
    "kept in a variable": `${HEAD}const pending = ${LOG};\nawait server.connect(new StdioServerTransport());\npending.then(() => {}, () => {});\n`,
    "in an exported function whose callers are not known": `${HEAD}export async function boot() {\n  await ${LOG};\n  await server.connect(new StdioServerTransport());\n}\n`,
    "in a function whose caller handles its promise": `${HEAD}async function boot() {\n  await ${LOG};\n  await server.connect(new StdioServerTransport());\n}\nboot().catch((e) => console.error(e));\n`,
  };
  for (const [name, text] of Object.entries(open)) {
    it(name, () => {
      const v = verdict({ "s.ts": text });
      assert.equal(v.stops, false, "not said to stop for certain");
    });
  }
});
