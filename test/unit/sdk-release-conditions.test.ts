// Code written for both SDK majors tests the server: `typeof server.tool === "function"`,
// `server.tool?.(...) ?? server.registerTool(...)`, `server instanceof <a class of the other major>`.
// The release the server is built with decides such a test (v2's McpServer has no tool(); an object
// of one major's class is never an instance of the other's), so the branch it rules out never runs.
// Where the release does not decide it (a subclass, a class of the same major, a release not known),
// the test stays open.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V2 = `import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
`;
const factory = (body: string) => `${V2}serveStdio(() => {\n  const server = new McpServer({ name: "app", version: "1" });\n  ${body}\n  return server;\n});\n`;
const cb = "async () => ({ content: [] })";
const TOOLS = { tools: { listChanged: true } };

describe("SDK: tests of the server the release decides", () => {
  it("typeof server.tool on v2: the v1 branch never runs, registerTool does", () => {
    const r = analyze({ "src/index.ts": factory(`if (typeof server.tool === "function") server.tool("t", ${cb});\n  else server.registerTool("t", {}, ${cb});`) });
    const s = r.servers.get("app")!;
    assert.deepEqual([s.legacy, s.modern, s.exact], [TOOLS, TOOLS, true], JSON.stringify(s.unknown));
    assert.equal(r.codes("sdk-method-missing").length, 0);
  });

  it("typeof server.registerTool on v2: the branch that has it runs", () => {
    const r = analyze({ "src/index.ts": factory(`if (typeof server.registerTool === "function") server.registerTool("t", {}, ${cb});\n  else server.tool("t", ${cb});`) });
    const s = r.servers.get("app")!;
    assert.deepEqual([s.legacy, s.exact], [TOOLS, true], JSON.stringify(s.unknown));
    assert.equal(r.codes("sdk-method-missing").length, 0);
  });

  it("typeof server.registerTool on v1 with no release known: not decided (a 1.11.3 lacks it)", () => {
    const r = analyze({
      "src/index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "app", version: "1" });\nif (typeof server.registerTool === "function") server.registerTool("t", {}, ${cb});\nawait server.connect(new StdioServerTransport());\n`,
    });
    const s = r.servers.get("app")!;
    assert.equal(s.exact, false, "whether tools are registered is open");
  });

  it("the test in a helper given the server, read through a negation", () => {
    const r = analyze({
      "src/compat.ts": `export function add(s: any) {\n  if (!(typeof s.tool !== "function")) s.tool("t", ${cb});\n  else s.registerTool("t", {}, ${cb});\n}\n`,
      "src/index.ts": `${V2}import { add } from "./compat.js";\nserveStdio(() => { const server = new McpServer({ name: "app", version: "1" }); add(server); return server; });\n`,
    });
    const s = r.servers.get("app")!;
    assert.deepEqual([s.legacy, s.exact], [TOOLS, true], JSON.stringify(s.unknown));
  });

  it("server.tool?.(...) ?? server.registerTool(...) on v2: nothing called, then registerTool", () => {
    const r = analyze({ "src/index.ts": factory(`server.tool?.("t", ${cb}) ?? server.registerTool("t", {}, ${cb});`) });
    const s = r.servers.get("app")!;
    assert.deepEqual([s.legacy, s.modern, s.exact], [TOOLS, TOOLS, true], JSON.stringify(s.unknown));
    assert.equal(r.codes("sdk-method-missing").length, 0);
  });

  it("a condition the release does not decide (a flag): tools either way, but tool() on v2 only may stop the server", () => {
    const r = analyze({ "src/index.ts": factory(`if (process.env.OLD) server.tool("t", ${cb});\n  else server.registerTool("t", {}, ${cb});`) });
    const s = r.servers.get("app")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /may not start/.test(u.reason)), JSON.stringify(s.unknown));
  });

  it("a subclass may have a tool() of its own: the test stays open", () => {
    const r = analyze({
      "src/index.ts": `${V2}class AppServer extends McpServer {\n  tool(name: string, fn: any) { return this.registerTool(name, {}, fn); }\n}\nserveStdio(() => {\n  const server = new AppServer({ name: "app", version: "1" });\n  if (typeof server.tool === "function") server.tool("t", ${cb});\n  return server;\n});\n`,
    });
    assert.equal(r.codes("sdk-guard-always-throws").length, 0);
    assert.equal(r.servers.get("app")?.legacy === null, false);
  });

  it("instanceof v1's McpServer on a v2 server: never; a guard that throws then always throws", () => {
    const r = analyze({
      "src/guard.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport function add(s: unknown) {\n  if (!(s instanceof McpServer)) throw new TypeError("not a server");\n  s.registerTool("t", {}, ${cb});\n}\n`,
      "src/index.ts": `${V2}import { add } from "./guard.js";\nserveStdio(() => { const server = new McpServer({ name: "app", version: "1" }); add(server); return server; });\n`,
    });
    const [d] = r.codes("sdk-guard-always-throws");
    assert.ok(d, "the guard's throw is reported");
    assert.equal(d.severity, "error");
    assert.match(d.message, /an SDK v2 McpServer is never an instance of SDK v1's McpServer/);
    // serveStdio runs the factory when a request comes: the process runs, and every request fails (trial 155 c044).
    assert.match(d.message, /It runs whenever the code gets here, and it throws there: every request fails: serveStdio builds the server when the connection's first request comes/);
    assert.doesNotMatch(d.message, /does not start|stops the program/);
    const s = r.servers.get("app")!;
    assert.deepEqual([s.legacy, s.modern, s.exact], [null, null, true]);
  });

  it("the same guard exiting in a factory given to serveStdio: the process ends at the first request, said so", () => {
    const r = analyze({
      "src/guard.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport function add(s: unknown) {\n  if (!(s instanceof McpServer)) process.exit(1);\n  (s as McpServer).registerTool("t", {}, ${cb});\n}\n`,
      "src/index.ts": `${V2}import { add } from "./guard.js";\nserveStdio(() => { const server = new McpServer({ name: "app", version: "1" }); add(server); return server; });\n`,
    });
    const [d] = r.codes("sdk-guard-always-throws");
    assert.ok(d, "the guard's exit is reported");
    assert.match(d.message, /the program exits there when serveStdio builds the server for the first request, which gets no answer, nor does any after\.$/);
    assert.doesNotMatch(d.message, /does not start|every request fails/);
  });

  it("instanceof the same major's class is not claimed (another copy of the package would fail it)", () => {
    const r = analyze({
      "src/index.ts": factory(`if (!(server instanceof McpServer)) throw new TypeError("not a server");\n  server.registerTool("t", {}, ${cb});`),
    });
    assert.equal(r.codes("sdk-guard-always-throws").length, 0);
    const s = r.servers.get("app")!;
    assert.deepEqual(s.legacy, TOOLS);
  });

  it("a guard the release decides, under a condition of the configuration: a guard as any other, not reported", () => {
    const r = analyze({
      "src/index.ts": `import { McpServer as V1 } from "@modelcontextprotocol/sdk/server/mcp.js";\n${factory(`if (process.env.STRICT) {\n    if (!(server instanceof V1)) throw new TypeError("not v1");\n  }\n  server.registerTool("t", {}, ${cb});`)}`,
    });
    assert.equal(r.codes("sdk-guard-always-throws").length, 0);
    assert.deepEqual(r.servers.get("app")!.legacy, TOOLS);
  });
});

describe("SDK: handler setters McpServer does not have, and v2's notification names", () => {
  const V2_LOW = `import { McpServer } from "@modelcontextprotocol/server";\nimport { StdioServerTransport } from "@modelcontextprotocol/server/stdio";\n`;
  const body = (line: string) => `${V2_LOW}const server = new McpServer({ name: "app", version: "1" });\nserver.registerTool("t", {}, ${cb});\n${line}\nawait server.connect(new StdioServerTransport());\n`;

  it("setNotificationHandler by the notification's name on the inner Server: nothing wrong, exact", () => {
    const r = analyze({ "src/index.ts": body(`server.server.setNotificationHandler("notifications/roots/list_changed", () => {});`) });
    const s = r.servers.get("app")!;
    assert.deepEqual([s.legacy, s.exact], [TOOLS, true], JSON.stringify(s.unknown));
    assert.equal(r.diagnostics.filter((d) => d.severity === "error").length, 0);
  });

  it("setNotificationHandler given a schema on v2: refused, the server does not start", () => {
    const r = analyze({ "src/index.ts": `import { CancelledNotificationSchema } from "@modelcontextprotocol/core";\n${body(`server.server.setNotificationHandler(CancelledNotificationSchema as any, () => {});`)}` });
    const [d] = r.codes("sdk-set-handler-refused");
    assert.match(d?.message ?? "", /setNotificationHandler takes the notification's name/);
    assert.equal(r.servers.get("app")!.legacy, null);
  });

  it("setNotificationHandler on McpServer itself: a missing method", () => {
    const r = analyze({ "src/index.ts": body(`(server as any).setNotificationHandler("notifications/roots/list_changed", () => {});`) });
    assert.match(r.codes("sdk-method-missing")[0]?.message ?? "", /McpServer has no setNotificationHandler\(\)/);
  });
});

describe("SDK: the inner Server by another name is not McpServer", () => {
  it("const protocol = server.server: protocol.setRequestHandler(...) is the low-level Server's method, and a typeof test of it is not decided as McpServer's", () => {
    const r = analyze({
      "src/index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nimport { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\nconst server = new McpServer({ name: "app", version: "1" }, { capabilities: { tools: {} } });\nconst protocol = server.server;\nprotocol.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));\nif (typeof protocol.setRequestHandler !== "function") throw new Error("no handlers");\nawait server.connect(new StdioServerTransport());\n`,
    });
    assert.equal(r.codes("sdk-method-missing").length, 0);
    assert.equal(r.codes("sdk-guard-always-throws").length, 0);
    assert.ok(r.servers.get("app")!.legacy?.tools, "served, with tools");
  });
});
