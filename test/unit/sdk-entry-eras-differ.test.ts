// One SDK v2 server served by entry points that answer different eras: the eras that differ are the
// ones left open, and only those. A v2 server handed to serveStdio (both eras) and, left over from a
// port, also connected by hand to a stdio transport (initialize only): both read the same stdin, and
// the client takes whichever answers first, so server/discover is open; initialize is answered by
// both, so it is certain (trial 147 c65: initialize was said open and server/discover certain, while
// the real server/discover failed with -32601).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V2 = { "node_modules/@modelcontextprotocol/server/package.json": JSON.stringify({ name: "@modelcontextprotocol/server", version: "2.4.0" }) };
const HEAD = `import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
const server = new McpServer({ name: "wired", version: "2.0.0" });
server.registerPrompt("p", { description: "p" }, () => ({ messages: [] }));
`;

describe("entry points that answer different eras", () => {
  it("serveStdio and a hand-wired connect(): server/discover open, initialize stated", () => {
    const s = analyze({ ...V2, "index.ts": `${HEAD}serveStdio(() => server);\nawait server.connect(new StdioServerTransport());\n` }).servers.get("wired")!;
    assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
    assert.deepEqual(s.unknown.map((u) => u.era), ["modern"]);
    assert.match(s.unknown[0]!.reason, /serveStdio at line 6 answers both eras, connect\(StdioServerTransport\) at line 7 answers initialize only/);
  });

  it("createMcpHandler with legacy: \"reject\" beside serveStdio: initialize open, server/discover stated", () => {
    const s = analyze({ ...V2, "index.ts": `${HEAD}import { createMcpHandler } from "@modelcontextprotocol/server";\nexport const handler = createMcpHandler(() => server, { legacy: "reject" });\nserveStdio(() => server);\n` }).servers.get("wired")!;
    assert.deepEqual(s.modern, { prompts: { listChanged: true } });
    assert.deepEqual(s.unknown.map((u) => u.era), ["legacy"]);
    assert.match(s.unknown[0]!.reason, /answers server\/discover only/);
  });
});
