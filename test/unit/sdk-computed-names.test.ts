// Names computed by pure string methods and `.map` callbacks over a list the source writes are read
// as Node computes them: two that come out equal are a duplicate (fixture 509 proves it with the real
// SDK); names that stay apart, or that a method the analysis does not compute makes, are not. And an
// options const handed to an SDK v2 entry point is still read (the entry point does not change it).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1 = (body: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "names", version: "1.0.0" });
${body}
await server.connect(new StdioServerTransport());
`;
const cb = "async () => ({ content: [] })";
const duplicates = (body: string) => analyze({ "src/index.ts": V1(body) }).codes("sdk-duplicate-registration").map((d) => `${d.severity} line ${d.line}`);

describe("SDK: names computed by string methods", () => {
  it("equal once computed: an error at the second", () => {
    for (const [body, line] of [
      [`server.registerTool("x".trim(), {}, ${cb});\nserver.registerTool("x ".trim(), {}, ${cb});`, 5],
      [`const NAMES = ["Echo", "echo"];\nfor (const n of NAMES) server.registerTool(n.toLowerCase(), {}, ${cb});`, 5],
      [`["list", "LIST"].map((n) => n.toUpperCase()).forEach((n) => server.registerPrompt(n, {}, () => ({ messages: [] })));`, 4],
      [`const RAW = ["get-item", "get_item"];\nfor (const n of RAW.map((r, i) => r.replaceAll("-", "_"))) server.registerTool(n, {}, ${cb});`, 5],
    ] as const) {
      assert.deepEqual(duplicates(body), [`error line ${line}`], body);
    }
  });

  it("a list holding a spread of unknown length is not mapped item by item: its registrations are not certain", () => {
    const r = analyze({ "src/index.ts": V1(`declare const EXTRA: string[];\nconst NAMES = [...EXTRA];\nfor (const t of NAMES.map((n) => ({ name: n }))) server.registerTool(t.name, {}, ${cb});`) });
    assert.equal(r.servers.get("names")!.exact, false);
  });

  it("apart once computed, or computed by what the analysis does not run: nothing is said", () => {
    for (const body of [
      `const NAMES = ["Echo", "Search"];\nfor (const n of NAMES) server.registerTool(n.toLowerCase(), {}, ${cb});`,
      `const RAW = ["get-item", "get_item"];\nfor (const n of RAW) server.registerTool(n.replace(/-/g, "_"), {}, ${cb});`,
      `const RAW = ["a", "b"];\nRAW.map((n) => n.padEnd(3, process.env.PAD ?? "!")).forEach((n) => server.registerTool(n, {}, ${cb}));`,
      `server.registerTool("x".replace("x", "$&"), {}, ${cb});\nserver.registerTool("x", {}, ${cb});`,
    ]) {
      assert.deepEqual(duplicates(body), [], body);
    }
  });
});

describe("SDK v2: options handed to the entry point", () => {
  it("a const of the file given to createMcpHandler is still read: legacy: 'reject' answers server/discover only", () => {
    const r = analyze({
      "src/index.ts": `import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
const OPTS = { legacy: "reject" } as const;
function buildServer() {
  const server = new McpServer({ name: "modern-only", version: "1.0.0" });
  server.registerTool("hello", {}, async () => ({ content: [] }));
  return server;
}
export const handler = createMcpHandler(buildServer, OPTS);
`,
    });
    const s = r.servers.get("modern-only")!;
    assert.equal(s.exact, true);
    assert.equal(s.legacy, null);
    assert.deepEqual(s.modern, { tools: { listChanged: true } });
  });
});

describe("SDK v2: a server served by code the analysis does not follow", () => {
  it("says an entry point may refuse initialize, not that one does", () => {
    const s = analyze({
      "src/server.ts": `import { McpServer } from "@modelcontextprotocol/server";
export function buildServer() {
  const server = new McpServer({ name: "handed-out", version: "1.0.0" });
  server.registerTool("hello", {}, async () => ({ content: [] }));
  return server;
}
`,
    }).servers.get("handed-out")!;
    const legacy = s.unknown.find((u) => u.era === "legacy" && u.path.length === 0);
    assert.match(legacy?.reason ?? "", /an SDK v2 entry point may be given legacy: "reject", which answers server\/discover only/);
  });
});

describe("SDK: capabilities merged with Object.assign into a fresh object", () => {
  const caps = (expr: string) =>
    analyze({
      "src/index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
declare function load(): object;
const BASE = { logging: {} };
const EXTRA = { experimental: { audit: {} }, logging: { level: "info" } };
const server = new McpServer({ name: "merged", version: "1.0.0" }, { capabilities: ${expr} });
await server.connect(new StdioServerTransport());
`,
    }).servers.get("merged")!;

  it("reads the sources in order, a later key replacing an earlier one", () => {
    const s = caps("Object.assign({}, BASE, EXTRA, undefined)");
    assert.equal(s.exact, true);
    assert.deepEqual(s.legacy, { experimental: { audit: {} }, logging: { level: "info" } });
    // A key copied with no value is dropped as JSON drops it.
    assert.deepEqual(caps("Object.assign({}, EXTRA, { experimental: undefined })").legacy, { logging: { level: "info" } });
  });

  it("a source only known at run time, or a target that is not a fresh literal, is not read", () => {
    for (const expr of ["Object.assign({}, BASE, load())", "Object.assign(BASE, EXTRA)"]) assert.equal(caps(expr).exact, false, expr);
  });
});

describe("SDK: a template's URI joined from known strings", () => {
  it("is read as the string it makes: its completions are known", () => {
    for (const uri of ["'github://' + 'repos/{repo}'", "`${SCHEME}://repos/{repo}`"]) {
      const s = analyze({
        "src/index.ts": `import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const SCHEME = "github";
const server = new McpServer({ name: "joined", version: "1.0.0" });
server.registerResource("repo", new ResourceTemplate(${uri}, { list: undefined, complete: { repo: (v: string) => ["sdk"].filter((r) => r.startsWith(v)) } }), {}, async () => ({ contents: [] }));
await server.connect(new StdioServerTransport());
`,
      }).servers.get("joined")!;
      assert.equal(s.exact, true, `${uri}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(s.legacy, { completions: {}, resources: { listChanged: true } }, uri);
    }
  });
});
