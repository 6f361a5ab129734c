// Smithery's TypeScript runtime (`runtime: typescript` in smithery.yaml) bundles the package.json
// `module` file with a bootstrap of its own that calls the module's default export with the session's
// config and connects what it returns (its stdio bootstrap: `mcpServer = entry.default({ sessionId,
// config, logger }); await mcpServer.connect(new StdioServerTransport())`; over HTTP, @smithery/sdk's
// createStatefulServer does the same per session). That caller adds nothing, so a server the default
// export returns is not left open to "code outside the workspace" there; anywhere else it still is.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const MANIFEST = (module: string) => JSON.stringify({ name: "smithery-demo", version: "1.0.0", type: "module", module, dependencies: { "@modelcontextprotocol/sdk": "1.32.2" } });
const INSTALLED = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };
const FACTORY = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export default function createServer({ config }: { config: { apiKey: string } }) {
  const server = new McpServer({ name: "smithery-demo", version: "1.0.0" });
  server.registerTool("q", { description: config.apiKey }, async () => ({ content: [] }));
  return server;
}
`;
const OPEN = /exported from the package's entry point/;

describe("SDK: a default export that Smithery's TypeScript runtime calls", () => {
  it("is exact: the runtime connects what it returns and adds nothing", () => {
    const s = analyze({ "package.json": MANIFEST("./src/index.ts"), "smithery.yaml": "runtime: typescript\n", "src/index.ts": FACTORY, ...INSTALLED }).servers.get("smithery-demo")!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("also when the module returns a server made in another file, connected there by a stdio entry too", () => {
    const s = analyze({
      "package.json": MANIFEST("./src/smithery.ts"),
      "smithery.yaml": "name: Demo\nruntime: 'typescript'\n",
      "src/mcp.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "smithery-demo", version: "1.0.0" });\nserver.registerTool("q", {}, async () => ({ content: [] }));\n`,
      "src/smithery.ts": `import { server } from "./mcp.js";\nexport default function createServer() {\n  return server;\n}\n`,
      "src/stdio.ts": `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nimport { server } from "./mcp.js";\nawait server.connect(new StdioServerTransport());\n`,
      ...INSTALLED,
    }).servers.get("smithery-demo")!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });

  it("stays open without smithery.yaml's TypeScript runtime, or when the file is not the module entry", () => {
    const variants: Record<string, string>[] = [
      { "package.json": MANIFEST("./src/index.ts"), "src/index.ts": FACTORY },
      { "package.json": MANIFEST("./src/index.ts"), "smithery.yaml": "startCommand:\n  type: stdio\n", "src/index.ts": FACTORY },
      { "package.json": JSON.stringify({ name: "smithery-demo", main: "./src/index.ts", module: "./src/other.ts" }), "smithery.yaml": "runtime: typescript\n", "src/index.ts": FACTORY },
    ];
    for (const files of variants) {
      const s = analyze({ ...files, ...INSTALLED }).servers.get("smithery-demo")!;
      assert.equal(s.exact, false, Object.keys(files).join(", "));
      assert.ok(s.unknown.some((u) => OPEN.test(u.reason)), JSON.stringify(s.unknown));
    }
  });
});
