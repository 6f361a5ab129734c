// A top-level const that only renames an import of the SDK (`const Srv = McpServer`, `const {
// McpServer } = sdk` of `import * as sdk`, `const Srv = sdk.McpServer`) is that import: the server
// built with it is found and followed. Before, none was found, and nothing said so (trial 116).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };
const serve = `const server = new Srv({ name: "aliased", version: "1.0.0" });
server.registerTool("t", { description: "T" }, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
`;
const STDIO = `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n`;

describe("the SDK's classes renamed by a const", () => {
  const shapes: Record<string, string> = {
    "const Srv = McpServer": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst Srv = McpServer;\n`,
    "const { McpServer: Srv } = sdk": `import * as sdk from "@modelcontextprotocol/sdk/server/mcp.js";\nconst { McpServer: Srv } = sdk;\n`,
    "const Srv = sdk.McpServer": `import * as sdk from "@modelcontextprotocol/sdk/server/mcp.js";\nconst Srv = sdk.McpServer;\n`,
  };
  for (const [name, head] of Object.entries(shapes)) {
    it(`${name}: found, and its registration followed`, () => {
      const r = analyze({ ...SDK, "server.ts": `${STDIO}${head}${serve}` });
      const s = r.servers.get("aliased");
      assert.ok(s, `no server (${[...r.servers.keys()].join(", ")})`);
      assert.deepEqual(s.legacy, { tools: { listChanged: true } });
      assert.equal(s.exact, true, JSON.stringify(s.unknown));
    });
  }
});

describe("the SDK's classes renamed in another module of the workspace", () => {
  const modules: Record<string, { sdk: string; importer: string }> = {
    "export const MCPServer = McpServer": {
      sdk: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const MCPServer = McpServer;\nexport type MCPServer = McpServer;\n`,
      importer: `import { MCPServer as Srv } from "./sdk.js";\n`,
    },
    "export default McpServer": {
      sdk: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport default McpServer;\n`,
      importer: `import Srv from "./sdk.js";\n`,
    },
  };
  for (const [name, { sdk, importer }] of Object.entries(modules)) {
    it(`${name}: the importer's server is found, and its registration followed`, () => {
      const r = analyze({ ...SDK, "sdk.ts": sdk, "server.ts": `${STDIO}${importer}${serve}` });
      const s = r.servers.get("aliased");
      assert.ok(s, `no server (${[...r.servers.keys()].join(", ")})`);
      assert.deepEqual(s.legacy, { tools: { listChanged: true } });
      assert.equal(s.exact, true, JSON.stringify(s.unknown));
    });
  }

  it("a module's own class as its default export is not the SDK's", () => {
    const r = analyze({ ...SDK, "sdk.ts": `export default class McpServer { constructor(_: unknown) {} registerTool() {} connect() {} }\n`, "server.ts": `${STDIO}import Srv from "./sdk.js";\n${serve}` });
    assert.equal(r.servers.get("aliased"), undefined);
  });
});

describe("an McpServer subclass made with `new this()` in its own static method", () => {
  it("is found, and what the caller of the static factory does is said not followed (trial 120 b04: not found before)", () => {
    const r = analyze({
      ...SDK,
      "server.ts": `${STDIO}import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
class WeatherServer extends McpServer {
  static create() {
    return new this({ name: "weather", version: "2.0.0" });
  }
}
const server = WeatherServer.create();
server.registerTool("forecast", { description: "F" }, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
`,
    });
    const s = r.servers.get("weather");
    assert.ok(s, `no server (${[...r.servers.keys()].join(", ")})`);
    assert.equal(s.exact, false);
  });
});

// Node maps a `#` specifier through the `imports` of the nearest package.json; a project swapping its
// SDK during a migration writes `"#sdk": "@modelcontextprotocol/sdk/server/mcp.js"` (trial 147 c100,
// c108: no server was found before).
describe("the SDK imported through a package.json `imports` alias", () => {
  const manifest = (imports: Record<string, unknown>) => JSON.stringify({ name: "app", type: "module", imports });

  it("SDK v1 through exact aliases: found, and its transport read", () => {
    const r = analyze({
      ...SDK,
      "package.json": manifest({ "#sdk": "@modelcontextprotocol/sdk/server/mcp.js", "#stdio": "@modelcontextprotocol/sdk/server/stdio.js" }),
      "src/index.ts": `import { McpServer as Srv } from "#sdk";\nimport { StdioServerTransport } from "#stdio";\n${serve}`,
    });
    const s = r.servers.get("aliased");
    assert.ok(s, `no server (${[...r.servers.keys()].join(", ")})`);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.equal(s.modern, null);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });

  it("SDK v2 through a pattern alias with conditions: found as v2, both eras served", () => {
    const r = analyze({
      "node_modules/@modelcontextprotocol/server/package.json": JSON.stringify({ name: "@modelcontextprotocol/server", version: "2.4.0" }),
      "package.json": manifest({ "#mcp/*": { types: "./types/*.d.ts", import: "@modelcontextprotocol/*", default: "./nothing.js" } }),
      "src/index.ts": `import { McpServer } from "#mcp/server";\nimport { serveStdio } from "#mcp/server/stdio";\nserveStdio(() => {\n  const s = new McpServer({ name: "v2-aliased", version: "2.0.0" });\n  s.registerTool("t", { description: "T" }, async () => ({ content: [] }));\n  return s;\n});\n`,
    });
    const s = r.servers.get("v2-aliased");
    assert.ok(s, `no server (${[...r.servers.keys()].join(", ")})`);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.deepEqual(s.modern, { tools: { listChanged: true } });
  });

  it("an alias of the project's own file, and one the nearest package.json does not map, are not the SDK", () => {
    const own = analyze({
      ...SDK,
      "package.json": manifest({ "#sdk": "./src/fake.js" }),
      "src/fake.ts": `export class McpServer { constructor(_: unknown) {} registerTool() {} connect() {} }\n`,
      "src/index.ts": `${STDIO}import { McpServer as Srv } from "#sdk";\n${serve}`,
    });
    assert.equal(own.servers.get("aliased"), undefined);
    const unmapped = analyze({
      ...SDK,
      "package.json": manifest({ "#sdk": "@modelcontextprotocol/sdk/server/mcp.js" }),
      // A nearer package.json is the package scope Node reads, and it maps nothing.
      "src/package.json": JSON.stringify({ name: "inner" }),
      "src/index.ts": `${STDIO}import { McpServer as Srv } from "#sdk";\n${serve}`,
    });
    assert.equal(unmapped.servers.get("aliased"), undefined);
  });
});

describe("the program's own module reached through a package.json `imports` alias", () => {
  it("a default-exported server imported as \"#server\" by the entry and a tools module: the tools module's registrations count (trial 148 c36)", () => {
    const r = analyze({
      ...SDK,
      "package.json": JSON.stringify({ name: "app", type: "module", imports: { "#server": "./src/server.js" } }),
      "src/server.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport default new McpServer({ name: "aliased", version: "1.0.0" }, { capabilities: { logging: {} } });\n`,
      "src/tools/files.ts": `import server from "#server";\nserver.registerTool("read_file", { description: "Read" }, async () => ({ content: [] }));\n`,
      "src/index.ts": `${STDIO}import server from "#server";\nimport "./tools/files.js";\nawait server.connect(new StdioServerTransport());\n`,
    });
    const s = r.servers.get("aliased");
    assert.ok(s, `no server (${[...r.servers.keys()].join(", ")})`);
    assert.deepEqual(s.legacy, { logging: {}, tools: { listChanged: true } });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });
});

