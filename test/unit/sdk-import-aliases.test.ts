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
