// A v2 server handed to code the analysis does not follow (a factory returning `{ server, cleanup }`,
// taken apart in the callback given to serveStdio) may be served in either era: the modern era is an
// unknown part with its reason, never stated as "not served" (null with nothing said).
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
  it("leaves the modern era unknown, with a reason", () => {
    const result = analyze({
      "build.ts": BUILD,
      "main.ts": `import { serveStdio } from "@modelcontextprotocol/server/stdio";\nimport { createServer } from "./build.js";\nserveStdio(() => { const { server } = createServer(); return server; });\n`,
    });
    const server = result.servers.get("everything")!;
    assert.equal(server.exact, false);
    assert.equal(server.modern, null);
    const modern = server.unknown.filter((u) => u.era === "modern");
    assert.equal(modern.length, 1, JSON.stringify(server.unknown));
    assert.match(modern[0]!.reason, /whether the server answers server\/discover is not known/);
  });

  it("a v2 server nothing outside its own file uses is still 'not served here', with nothing unknown about the era", () => {
    const result = analyze({ "build.ts": `import { McpServer } from "@modelcontextprotocol/server";\nconst server = new McpServer({ name: "alone", version: "1" });\nserver.registerTool("t", {}, async () => ({ content: [] }));\n` });
    const server = result.servers.get("alone")!;
    assert.deepEqual(server.unknown.filter((u) => u.era === "modern"), []);
  });
});
