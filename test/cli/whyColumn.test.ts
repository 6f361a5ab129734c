// The human report in each framework's own words: the `why` column says the rule (as the JSON's
// detail does), a flag inherits the cause of its key when it has none of its own, and an era left
// out for one reason in both eras is said once.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mcpCaps } from "../helpers/builtCliInProcess";
import { tempProject } from "../helpers/tempProject";

const NEST = (capabilities: string) => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, StdioTransport, Tool } from "@rekog/mcp-nest";

@McpController()
class DocsController {
  @Tool({ name: "search", description: "Search" })
  search() { return "[]"; }
}

@Module({ controllers: [DocsController] })
class DocsModule {}

const strategy = new McpStrategy({ name: "docs", version: "1.0.0", capabilities: ${capabilities}, transports: [new StdioTransport()] });
await NestFactory.createMicroservice(DocsModule, { strategy });
`;

const FASTMCP = `import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "notes", version: "1.0.0" });
server.addTool({ name: "add", description: "Add", execute: async () => "ok" });
await server.start({ transportType: "stdio" });
`;

/** The table row of `label` (two spaces of indent, the label, then its cells), or undefined. */
const rowOf = (stdout: string, label: string) => stdout.split("\n").find((l) => l.startsWith(`  ${label} `));

describe("the why column", () => {
  it("a flag written in MCP-Nest's capabilities option has the option as its cause, like its key", () => {
    const r = mcpCaps(tempProject({ "app.ts": NEST(`{ prompts: { listChanged: false }, experimental: { "acme/search": {} } }`) }));
    assert.equal(r.status, 0, r.stderr);
    assert.match(rowOf(r.stdout, "prompts.listChanged") ?? "", /false\s+false\s+capabilities option app\.ts:14$/, r.stdout);
    assert.match(rowOf(r.stdout, "experimental.acme/search") ?? "", /\{\}\s+\{\}\s+capabilities option app\.ts:14$/, r.stdout);
  });

  it("fastmcp's rules say what the rule is, as the JSON's detail does", () => {
    const r = mcpCaps(tempProject({ "server.ts": FASTMCP }));
    assert.equal(r.status, 0, r.stderr);
    assert.match(rowOf(r.stdout, "logging") ?? "", /fastmcp \S+ always advertises logging server\.ts:2$/, r.stdout);
    assert.match(rowOf(r.stdout, "tools") ?? "", /addTool\(\) server\.ts:3$/, r.stdout);
  });
});

describe("an era line", () => {
  it("both eras not served for one reason: one line, not the same sentence twice", () => {
    const r = mcpCaps(tempProject({ "app.ts": NEST("{ tools: false }") }));
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^ {2}both eras: not served \(every request fails: capabilities\.tools is false/m, r.stdout);
    assert.doesNotMatch(r.stdout, /^ {2}(legacy|modern): not served/m);
    // The server's problems are named under it, not only in the Diagnostics section at the end.
    assert.match(r.stdout, /^ {2}⚠ 1 problem: mcp-nest-capability-disabled \(see Diagnostics below\)$/m);
  });
});

describe("an unknown part about whether the server starts, or keeps running", () => {
  it("says so, not 'more keys'", () => {
    const early = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const config = JSON.parse(process.env.SERVER_CONFIG!);
const server = new McpServer({ name: "early", version: "1.0.0" }, config);
await server.connect(new StdioServerTransport());
`;
    const r = mcpCaps(tempProject({ "server.ts": early }));
    assert.match(r.stdout, /^ {2}≈ unknown: whether it starts — /m, r.stdout);
    assert.doesNotMatch(r.stdout, /more keys — the server may not start/);
  });

  it("a throw right after an awaited start(): whether it keeps running, since it does start (trial 155 c089)", () => {
    const late = `import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "late", version: "1.0.0" });
await server.start({ transportType: "stdio" });
server.addTool({ name: "add", description: "Add", execute: async () => "ok" });
`;
    const r = mcpCaps(tempProject({ "server.ts": late }));
    assert.match(r.stdout, /^ {2}≈ unknown: whether it keeps running — addTool\(\) runs after the awaited start\(\), .* a client may get an answer to initialize before that, and none after/m, r.stdout);
    assert.doesNotMatch(r.stdout, /may not start|whether it starts/);
  });
});

describe("the header's tasks-extension switch", () => {
  it("is named only where a server follows it, or when --tasks asks for it", () => {
    const dir = tempProject({ "server.ts": FASTMCP });
    const header = (...args: string[]) => mcpCaps(dir, ...args).stdout.split("\n")[0]!;
    assert.match(header(), /^mcp-caps \S+ · 1 server in 1 file$/);
    assert.match(header("--tasks", "on"), / · tasks extension on \(--tasks: no server here follows it\)$/);
    const conduit = tempProject({ "s.ts": "export class S {\n  static __capabilities__() {\n    return { tools: {} };\n  }\n}\n" });
    assert.match(mcpCaps(conduit).stdout.split("\n")[0]!, / · tasks extension off \(default\)$/);
  });
});
