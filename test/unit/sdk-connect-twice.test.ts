// connect() on a server already connected: SDK v1 from 1.26.0 (read in the 1.25.3 and 1.26.0 builds)
// and v2 refuse it ("Already connected to a transport"), and the process dies at start-up (trial 90
// p93, q42, probed on 1.24.3, 1.29.0, 1.32.2 and 2.4.0). Before 1.26.0 it is accepted; a close()
// between, or connects in two arms of an `if`, are the ordinary ways to do it. Awaited at the module's
// top level with nothing taking the rejection, the program surely stops: sdk-startup-rejected, exact.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("t", {}, async () => ({ content: [] }));\n';

function only(body: string, version?: string) {
  return withCodes(body, version).server;
}

function withCodes(body: string, version?: string) {
  const files: Record<string, string> = { "index.ts": V1 + body };
  if (version) files["package.json"] = JSON.stringify({ name: "app", dependencies: { "@modelcontextprotocol/sdk": version } });
  const r = analyze(files);
  const servers = [...r.servers.values()];
  assert.equal(servers.length, 1);
  return { server: servers[0]!, stops: r.codes("sdk-startup-rejected").length > 0 };
}

const TWICE = "await server.connect(new StdioServerTransport());\nawait server.connect(new StdioServerTransport());\n";

describe("SDK: connect() twice", () => {
  it("on 1.32.2, awaited at the top level: the program stops, exact", () => {
    const { server, stops } = withCodes(TWICE, "1.32.2");
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.equal(server.legacy, null);
    assert.ok(stops);
  });

  it("on a range that reaches releases before 1.26.0: the server may not start, said", () => {
    const { server, stops } = withCodes(TWICE, "^1.20.0");
    assert.equal(stops, false);
    assert.equal(server.exact, false);
    assert.match(server.unknown.map((u) => u.reason).join("\n"), /already connected \(line 5\)/);
  });

  it("in a try whose catch goes on: the first connection serves, exact", () => {
    const { server, stops } = withCodes(`try {\n${TWICE}} catch (e) {\n  console.error(e);\n}\n`, "1.32.2");
    assert.equal(stops, false);
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
  });

  it("on 1.24.3: accepted, exact", () => {
    assert.deepEqual(only(TWICE, "1.24.3").unknown, []);
  });

  it("with close() between: exact", () => {
    assert.deepEqual(only("await server.connect(new StdioServerTransport());\nawait server.close();\nawait new Promise((r) => setTimeout(r, 10));\nawait server.connect(new StdioServerTransport());\n", "1.32.2").unknown.filter((u) => /already connected/.test(u.reason)), []);
  });

  it("in two arms of an if: exact", () => {
    assert.deepEqual(only('if (process.env.A) await server.connect(new StdioServerTransport());\nelse await server.connect(new StdioServerTransport());\n', "1.32.2").unknown, []);
  });

  it("a method of the class holding the server that connects, called twice by the program: the second run connects again (trial 141 c69)", () => {
    const files = {
      "package.json": JSON.stringify({ name: "app", dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } }),
      "index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
class App {
  server = new McpServer({ name: "s", version: "1" });
  async start() { await this.server.connect(new StdioServerTransport()); }
}
const app = new App();
await app.start();
await app.start();
`,
    };
    const r = analyze(files);
    const s = [...r.servers.values()][0]!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.match(r.codes("sdk-startup-rejected")[0]?.message ?? "", /connect\(\) at line 5 runs again through line 9 on a server already connected by its run through line 8/);
  });
});
