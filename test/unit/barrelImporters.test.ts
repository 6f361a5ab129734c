// A server exported from a folder's index module and re-exported by a barrel (`export * from
// "./server/index.js"`): a module importing it through the barrel registers on the same server.
// Before, that importer was not found at all, and what it added was silently left out.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

describe("importers of an exported server through a barrel", () => {
  it("fastmcp: a tool added by a module importing the server through `./index.js` is not dropped", () => {
    const result = analyze({
      "package.json": '{"name":"x","type":"module","dependencies":{"fastmcp":"3.20.0"}}',
      "src/server/index.ts": 'import { FastMCP } from "fastmcp";\nexport const server = new FastMCP({ name: "s", version: "1.0.0" });\n',
      "src/index.ts": 'export * from "./server/index.js";\n',
      "src/tools.ts": 'import { server } from "./index.js";\nserver.addTool({ name: "t", description: "d", execute: async () => "x" });\n',
      "src/main.ts": 'import { server } from "./server/index.js";\nimport "./tools.js";\nawait server.start({ transportType: "stdio" });\n',
    });
    const server = result.servers.get("s")!;
    const seen = server.legacy?.tools !== undefined || server.unknown.some((u) => u.path[0] === "tools" || /addTool/.test(u.reason));
    assert.ok(seen, `the tool of src/tools.ts is counted or said unknown: ${JSON.stringify({ legacy: server.legacy, unknown: server.unknown.map((u) => u.reason) })}`);
  });
});
