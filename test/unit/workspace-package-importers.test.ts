// A server (or the function that builds it) exported by a package of a monorepo and imported by its
// name in another package (`import { server } from "@acme/core"`): the workspace links the package,
// Node loads the link by its real path, so the importer changes the one server the program runs.
// Before, only the server's own package was searched, and what the other package added was left out
// of an exact answer.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK = "@modelcontextprotocol/sdk";
const json = (v: unknown) => JSON.stringify(v);
const sdkInstalled = {
  [`node_modules/${SDK}/package.json`]: json({ name: SDK, version: "1.17.0" }),
};
const resource = 'server.registerResource("config", "mem://config", {}, async (uri) => ({ contents: [{ uri: uri.href, text: "config" }] }));\n';
const tool = (on: string) => `${on}.registerTool("restart", { description: "restart" }, async () => ({ content: [{ type: "text" as const, text: "restart" }] }));\n`;
const core = (exports: unknown) => ({
  "packages/core/package.json": json({ name: "@acme/core", version: "1.0.0", type: "module", exports }),
  "packages/core/src/index.ts": `import { McpServer } from "${SDK}/server/mcp.js";\nexport const server = new McpServer({ name: "core", version: "1.0.0" });\n${resource}`,
});
const root = json({ name: "app", private: true, type: "module", workspaces: ["packages/*"], dependencies: { [SDK]: "1.17.0" } });
const summary = (s: { exact: boolean; legacy: unknown; unknown: readonly { reason: string }[] }) => JSON.stringify({ exact: s.exact, legacy: s.legacy, unknown: s.unknown.map((u) => u.reason) });

describe("an exported server imported by its package's name from another package of the workspace", () => {
  it("the tool another package registers is on the server: one module by its name and by a relative path into the build", () => {
    const result = analyze({
      "package.json": root,
      ...sdkInstalled,
      ...core({ ".": { types: "./src/index.ts", import: "./dist/index.js" } }),
      "src/tools.ts": `import { server } from "@acme/core";\n${tool("server")}`,
      "src/index.ts": `import { StdioServerTransport } from "${SDK}/server/stdio.js";\nimport { server } from "../packages/core/dist/index.js";\nimport "./tools.js";\nawait server.connect(new StdioServerTransport());\n`,
    });
    const server = result.servers.get("core")!;
    assert.equal(server.exact, true, summary(server));
    assert.ok(server.legacy?.tools !== undefined && server.legacy.resources !== undefined, summary(server));
  });

  it("imported by its name only: the tool is on it", () => {
    const result = analyze({
      "package.json": root,
      ...sdkInstalled,
      ...core({ ".": { types: "./src/index.ts", import: "./dist/index.js" } }),
      "apps/cli/package.json": json({ name: "cli", type: "module" }),
      "apps/cli/src/main.ts": `import { StdioServerTransport } from "${SDK}/server/stdio.js";\nimport { server } from "@acme/core";\n${tool("server")}await server.connect(new StdioServerTransport());\n`,
    });
    const server = result.servers.get("core")!;
    assert.ok(server.legacy?.tools !== undefined || server.unknown.some((u) => /main\.ts|tools/.test(u.reason)), summary(server));
    assert.ok(server.legacy?.tools !== undefined || !server.exact, `never exact without the tool: ${summary(server)}`);
  });

  it("a dual package required by a CommonJS module of the app: another copy, said, never added to the served one", () => {
    const result = analyze({
      "package.json": root,
      ...sdkInstalled,
      ...core({ ".": { types: "./src/index.ts", import: "./dist/esm/index.js", require: "./dist/cjs/index.js" } }),
      "src/index.ts": `import { StdioServerTransport } from "${SDK}/server/stdio.js";\nimport { server } from "@acme/core";\nimport "./plugins/jira.cjs";\nawait server.connect(new StdioServerTransport());\n`,
      "src/plugins/jira.cts": `import core = require("@acme/core");\n${tool("core.server")}`,
    });
    const server = result.servers.get("core")!;
    assert.equal(server.exact, false, summary(server));
    assert.equal(server.legacy?.tools, undefined, summary(server));
    assert.ok(server.unknown.some((u) => /jira\.cts.*another copy of the server/.test(u.reason)), summary(server));
  });

  it("a real copy of the package in another package's node_modules is another module: what that package adds is not on the server", () => {
    const result = analyze({
      "package.json": root,
      ...sdkInstalled,
      ...core({ ".": { types: "./src/index.ts", import: "./dist/index.js" } }),
      "packages/tools/package.json": json({ name: "@acme/tools", type: "module", exports: { ".": { types: "./src/index.ts", import: "./dist/index.js" } } }),
      "packages/tools/node_modules/@acme/core/package.json": json({ name: "@acme/core", version: "0.9.0", type: "module", main: "./dist/index.js" }),
      "packages/tools/node_modules/@acme/core/dist/index.js": "export const server = {};\n",
      "packages/tools/src/index.ts": `import { server } from "@acme/core";\n${tool("server")}`,
      "src/index.ts": `import { StdioServerTransport } from "${SDK}/server/stdio.js";\nimport { server } from "../packages/core/src/index.js";\nimport "@acme/tools";\nawait server.connect(new StdioServerTransport());\n`,
    });
    const server = result.servers.get("core")!;
    assert.equal(server.legacy?.tools, undefined, summary(server));
  });

  it("a package nothing else names: its exported server is what its own files make it", () => {
    const result = analyze({
      "package.json": root,
      ...sdkInstalled,
      ...core({ ".": { types: "./src/index.ts", import: "./dist/index.js" } }),
      "src/other.ts": `import { server } from "./local.js";\n${tool("server")}`,
    });
    const server = result.servers.get("core")!;
    assert.equal(server.exact, true, summary(server));
    assert.ok(server.legacy?.tools === undefined && server.legacy?.resources !== undefined, summary(server));
  });
});

describe("an exported factory called by its package's name from another package of the workspace", () => {
  it("what the caller registers on the server it gets is on that server", () => {
    const result = analyze({
      "package.json": root,
      ...sdkInstalled,
      "packages/core/package.json": json({ name: "@acme/core", version: "1.0.0", type: "module", exports: { ".": { types: "./src/index.ts", import: "./dist/index.js" } } }),
      "packages/core/src/index.ts": `import { McpServer } from "${SDK}/server/mcp.js";\nexport function createServer() {\n  const server = new McpServer({ name: "core", version: "1.0.0" });\n  ${resource}  return server;\n}\n`,
      "src/index.ts": `import { StdioServerTransport } from "${SDK}/server/stdio.js";\nimport { createServer } from "@acme/core";\nconst server = createServer();\n${tool("server")}await server.connect(new StdioServerTransport());\n`,
    });
    const server = result.servers.get("core")!;
    assert.equal(server.exact, true, summary(server));
    assert.ok(server.legacy?.tools !== undefined && server.legacy.resources !== undefined, summary(server));
  });
});

describe("the framework dialects: an exported server imported by its package's name from another package", () => {
  it("fastmcp: the tool another package adds is counted", () => {
    const result = analyze({
      "package.json": json({ name: "app", private: true, type: "module", workspaces: ["packages/*"], dependencies: { fastmcp: "3.20.0" } }),
      "packages/core/package.json": json({ name: "@acme/core", type: "module", exports: { ".": { types: "./src/index.ts", import: "./dist/index.js" } }, dependencies: { fastmcp: "3.20.0" } }),
      "packages/core/src/index.ts": 'import { FastMCP } from "fastmcp";\nexport const server = new FastMCP({ name: "s", version: "1.0.0" });\n',
      "src/tools.ts": 'import { server } from "@acme/core";\nserver.addTool({ name: "t", description: "d", execute: async () => "x" });\n',
      "src/main.ts": 'import { server } from "@acme/core";\nimport "./tools.js";\nawait server.start({ transportType: "stdio" });\n',
    });
    const server = result.servers.get("s")!;
    assert.ok(server.legacy?.tools !== undefined, summary(server));
  });
});
