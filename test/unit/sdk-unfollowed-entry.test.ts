// A v2 server handed to code the analysis does not follow (a factory returning `{ server, cleanup }`,
// taken apart in the callback given to serveStdio) may be served in either era, or not: both eras are
// treated alike, stated as they are answered if they are, each with an unknown entry saying whether it
// is answered is not known. Never `null` ("not served") for one era and a value for the other.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const BUILD = `import { McpServer } from "@modelcontextprotocol/server";
export function createServer() {
  const server = new McpServer({ name: "everything", version: "2.0.0" });
  server.registerTool("echo", { description: "Echo" }, async () => ({ content: [] }));
  return { server, cleanup: async () => {} };
}
`;

describe("a v2 server served by code the analysis does not follow", () => {
  it("states both eras alike, each with whether it is answered left unknown", () => {
    const result = analyze({
      "build.ts": BUILD,
      "main.ts": `import { serveStdio } from "@modelcontextprotocol/server/stdio";\nimport { createServer } from "./build.js";\nserveStdio(() => { const { server } = createServer(); return server; });\n`,
    });
    const server = result.servers.get("everything")!;
    assert.equal(server.exact, false);
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
    assert.deepEqual(server.modern, { tools: { listChanged: true } });
    const modern = server.unknown.filter((u) => u.era === "modern");
    assert.equal(modern.length, 1, JSON.stringify(server.unknown));
    assert.match(modern[0]!.reason, /whether the server answers server\/discover is not known/);
    const legacy = server.unknown.filter((u) => u.era === "legacy");
    assert.equal(legacy.length, 1, JSON.stringify(server.unknown));
    assert.match(legacy[0]!.reason, /whether the server answers initialize is not known/);
    // The notes say so for both, in the same words: not known, rather than served.
    assert.ok(server.eraNotes?.legacy?.text.startsWith("not known: "), JSON.stringify(server.eraNotes));
    assert.equal(server.eraNotes?.legacy?.text, server.eraNotes?.modern?.text);
  });

  it("a factory that reads its era is open in both eras alike", () => {
    const result = analyze({
      "main.ts": `import { McpServer, serveStdio } from "@modelcontextprotocol/server";
import { other } from "./other.js";
serveStdio((ctx) => {
  if (ctx.era === "modern") return other();
  const server = new McpServer({ name: "chooser", version: "1" });
  server.registerTool("t", {}, async () => ({ content: [] }));
  return server;
});
`,
      "other.ts": `import { McpServer } from "@modelcontextprotocol/server";
export function other() { return new McpServer({ name: "other", version: "1" }); }
`,
    });
    const server = result.servers.get("chooser")!;
    assert.equal(server.exact, false);
    assert.notEqual(server.legacy, null);
    assert.notEqual(server.modern, null, "modern stated as answered, whether it is left unknown");
    assert.ok(server.unknown.some((u) => u.era === "modern" && /^whether this server answers server\/discover is not known/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("a v2 server nothing outside its own file uses is still 'not served here', with nothing unknown about the era", () => {
    const result = analyze({ "build.ts": `import { McpServer } from "@modelcontextprotocol/server";\nconst server = new McpServer({ name: "alone", version: "1" });\nserver.registerTool("t", {}, async () => ({ content: [] }));\n` });
    const server = result.servers.get("alone")!;
    assert.deepEqual(server.unknown.filter((u) => u.era === "modern"), []);
  });
});

describe("an initialize handler the program sets itself", () => {
  const LOW = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nimport { InitializeRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n`;

  it("gives the legacy era what its returns say, when they agree", () => {
    const result = analyze({
      "s.ts": `${LOW}const server = new Server({ name: "p", version: "1" }, { capabilities: { tools: {}, resources: {} } });\nconst base = { capabilities: { tools: { listChanged: false } } };\nserver.setRequestHandler(InitializeRequestSchema, async () => {\n  console.error("init");\n  return { protocolVersion: "2025-11-25", ...base, serverInfo: { name: "p", version: "1" } };\n});\n`,
    });
    const server = result.servers.get("p")!;
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.deepEqual(server.legacy, { tools: { listChanged: false } });
  });

  it("states nothing of the era when what it returns is computed", () => {
    const result = analyze({
      "s.ts": `${LOW}declare function capsFor(name: string): object;\nconst server = new Server({ name: "p", version: "1" }, { capabilities: { tools: {} } });\nserver.setRequestHandler(InitializeRequestSchema, async (request) => ({ protocolVersion: "2025-11-25", capabilities: capsFor(request.params.clientInfo.name), serverInfo: { name: "p", version: "1" } }));\n`,
    });
    const server = result.servers.get("p")!;
    assert.equal(server.exact, false);
    assert.deepEqual(server.legacy, {});
    assert.ok(server.unknown.some((u) => u.era === "legacy" && /handler set by hand answers initialize/.test(u.reason)), JSON.stringify(server.unknown));
  });
});
