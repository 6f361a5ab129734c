// The human report's lines for a served server with no capability row: "(advertises no capabilities)"
// is a claim, so it is only printed when the analysis knows everything; a server whose capabilities
// come from code the analysis cannot read says that nothing is known for certain instead, and an era
// that is null because nothing of it is known reads "not known", not "not served".
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";
import { tempProject } from "../helpers/tempProject";

const SDK = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };

describe("a served server with no capability row", () => {
  it("exact and empty: advertises no capabilities", () => {
    const dir = tempProject({
      ...SDK,
      "server.ts": `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new Server({ name: "bare", version: "1.0.0" });
await server.connect(new StdioServerTransport());
`,
    });
    const r = mcpCapsInProcess(dir, ["--no-color", "."]);
    assert.match(r.stdout, /^ {2}\(advertises no capabilities\)$/m);
  });

  it("capabilities from an import the analysis cannot read: nothing known for certain, never 'no capabilities'", () => {
    const dir = tempProject({
      ...SDK,
      "server.ts": `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadCapabilities } from "some-config-package";
const server = new Server({ name: "configured", version: "1.0.0" }, { capabilities: loadCapabilities() });
await server.connect(new StdioServerTransport());
`,
    });
    const r = mcpCapsInProcess(dir, ["--no-color", "."]);
    assert.match(r.stdout, /≈ approximate/);
    assert.doesNotMatch(r.stdout, /advertises no capabilities/);
    assert.match(r.stdout, /^ {2}\(no capability known for certain\)$/m);
  });

  it("an era null because nothing of it is known reads 'not known', never 'not served'", () => {
    // An SDK server in a file that does not parse: Node refuses it, so what it would send is not known.
    const dir = tempProject({
      "index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "notes", version: "1.0.0" });
server.registerTool("add", { description: "Add" }, async () => ({ content: [] }));
const broken = ;
`,
    });
    const r = mcpCapsInProcess(dir, ["--no-color", "."]);
    assert.match(r.stdout, /^ {2}both eras: not known \(the file does not parse/m);
    assert.doesNotMatch(r.stdout, /legacy: not served/);
  });

  it("a Conduit server whose whole base is dynamic: both eras 'not known', never 'not served'", () => {
    const dir = tempProject({
      "b.ts": `declare function load(): any;
export class W {
  static __capabilities__() { return load(); }
}
`,
    });
    const r = mcpCapsInProcess(dir, ["--no-color", "."]);
    // One reason for both eras: said once.
    assert.match(r.stdout, /^ {2}both eras: not known \(load\(\) cannot be known/m, r.stdout);
    assert.doesNotMatch(r.stdout, /not served/);
  });

  it("an unknown part of one era only says which era, so 'everything' does not read as both columns", () => {
    const dir = tempProject({
      "node_modules/@modelcontextprotocol/server/package.json": JSON.stringify({ name: "@modelcontextprotocol/server", version: "2.4.0" }),
      "host.js": "export function host(f) { return f; }\n",
      "server.ts": `import { McpServer } from "@modelcontextprotocol/server";
import { host } from "./host.js";
function createServer() {
  const server = new McpServer({ name: "hosted", version: "1.0.0" });
  server.registerTool("add", { description: "Add" }, async () => ({ content: [] }));
  return server;
}
host(createServer);
`,
    });
    const r = mcpCapsInProcess(dir, ["--no-color", "."]);
    assert.match(r.stdout, /^ {2}≈ unknown: everything \(modern era\) — whether the server answers server\/discover is not known/m);
    assert.match(r.stdout, /^ {2}≈ unknown: more keys — the server may be given more capabilities/m, "an entry of both eras has no era tag");
  });

  it("a fastmcp not installed in the analysed folder: the newest rules, approximate, and where to run from", () => {
    const dir = tempProject({
      "index.ts": `import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "notes", version: "1.0.0" });
server.addTool({ name: "add", execute: async () => "ok" });
server.start({ transportType: "stdio" });
`,
    });
    const r = mcpCapsInProcess(dir, ["--no-color", "."]);
    assert.match(r.stdout, /≈ approximate/);
    assert.match(r.stdout, /fastmcp is not installed where this file would load it/);
    assert.match(r.stdout, /open that folder \(or run mcp-caps from it\)/);
  });
});
