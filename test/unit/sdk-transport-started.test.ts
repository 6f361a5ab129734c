// connect() starts the transport itself; a transport the program started by hand first refuses the
// second start ("StdioServerTransport already started!", "Transport already started": trial 125 family T,
// run with the real SDK 1.32.2 and 2.4.0), so connect() throws and the server is not served. Said as a
// server that may not start, not claimed served.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (body: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "double-start", version: "1.0.0" });
server.registerTool("q", {}, async () => ({ content: [] }));
async function main() {
  const transport = new StdioServerTransport();
${body}
}
main().catch((e) => { console.error(e); process.exit(1); });
`;

describe("SDK: a transport started by hand before connect()", () => {
  it("may not start: connect() starts it again, and the reason names both places", () => {
    const s = analyze({ "src/server.ts": SERVER("  await transport.start();\n  await server.connect(transport);") }).servers.get("double-start")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /starts transport itself, which the program already started/.test(u.reason)), JSON.stringify(s.unknown));
  });

  it("connect() alone, or start() after it, is not that", () => {
    const s = analyze({ "src/server.ts": SERVER("  await server.connect(transport);") }).servers.get("double-start")!;
    assert.equal(s.exact, true);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });
});

// Trial 125 family X, run with the real SDK 1.32.2: "the server exited with code 0 before answering initialize".
describe("SDK: a program that exits once the function that connects returns", () => {
  const EXITS = (tail: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
async function main() {
  const server = new McpServer({ name: "exits", version: "1.0.0" });
  server.registerTool("q", {}, async () => ({ content: [] }));
  await server.connect(new StdioServerTransport());
}
${tail}
`;
  it("main().then(() => process.exit(0)), or await main() then process.exit(): may not answer, with where it exits", () => {
    for (const tail of ["main().then(() => process.exit(0)).catch(() => process.exit(1));", "await main();\nprocess.exit(0);"]) {
      const s = analyze({ "src/server.ts": EXITS(tail) }).servers.get("exits")!;
      assert.equal(s.exact, false, tail);
      assert.ok(s.unknown.some((u) => /the program exits \(.*\) once the code that connects has run/.test(u.reason)), JSON.stringify(s.unknown));
    }
  });

  it("an exit only in the rejection handler is not that", () => {
    const s = analyze({ "src/server.ts": EXITS("main().catch(() => process.exit(1));") }).servers.get("exits")!;
    assert.equal(s.exact, true);
  });
});

// Trial 125 t45, run with the real SDK 2.4.0: "exited with code 0" before either answer.
describe("SDK v2: serveStdio in a function whose promise is followed by process.exit", () => {
  it("may not answer: serveStdio returns at once", () => {
    const text = `import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
function build() {
  const server = new McpServer({ name: "v2-exits", version: "1.0.0" });
  server.registerTool("q", { description: "q" }, async () => ({ content: [] }));
  return server;
}
async function main() {
  serveStdio(build);
}
main().then(() => process.exit(0), () => process.exit(1));
`;
    const s = analyze({ "src/server.ts": text }).servers.get("v2-exits")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /the program exits \(line 11\) once the code that calls serveStdio has run/.test(u.reason)), JSON.stringify(s.unknown));
  });
});

// Trial 125 t07, t23, t23b, t23d, run with the real SDK 2.4.0: RangeError at import ("key must be at
// least 32 bytes", "ttlSeconds must be a finite number").
describe("SDK v2: createRequestStateCodec's checks at the server module's top level", () => {
  const WITH = (options: string) => `import { McpServer, createRequestStateCodec } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
const codec = createRequestStateCodec(${options});
serveStdio(() => {
  const server = new McpServer({ name: "codec", version: "1.0.0" }, { requestState: { verify: codec.verify } });
  server.registerTool("q", { description: "q" }, async () => ({ content: [] }));
  return server;
});
`;
  it("a short key, a key or ttl known only at run time: may not start; a long enough literal key: exact", () => {
    for (const options of ['{ key: "too-short" }', "{ key: process.env.KEY! }", '{ key: "0123456789abcdef0123456789abcdef", ttlSeconds: Number(process.env.TTL) }']) {
      const s = analyze({ "src/server.ts": WITH(options) }).servers.get("codec")!;
      assert.equal(s.exact, false, options);
      assert.ok(s.unknown.some((u) => /createRequestStateCodec/.test(u.reason)), JSON.stringify(s.unknown));
    }
    const ok = analyze({ "src/server.ts": WITH('{ key: "0123456789abcdef0123456789abcdef", ttlSeconds: 600 }') }).servers.get("codec")!;
    assert.equal(ok.exact, true, JSON.stringify(ok.unknown));
  });
});
