// Names a file binds from modules loaded at run time, read from its text: `const { A } = await
// import("m")` and the array form `const [{ A }, { B: C }] = await Promise.all([import("m"), import("n")])`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { dynamicImportsIn } from "../../server/src/analysis/core/summarize/dynamicImports";

const names = (text: string) => dynamicImportsIn(text).map((d) => `${d.local}=${d.specifier}#${d.imported}`);

describe("names bound from modules loaded at run time", () => {
  it("reads a destructured await import, with renames", () => {
    assert.deepEqual(names('const { McpServer, ResourceTemplate: RT } = await import("@modelcontextprotocol/sdk/server/mcp.js");'), [
      "McpServer=@modelcontextprotocol/sdk/server/mcp.js#McpServer",
      "RT=@modelcontextprotocol/sdk/server/mcp.js#ResourceTemplate",
    ]);
  });

  it("pairs each pattern of a destructured Promise.all with the import at its place", () => {
    const text = `const [
  { McpServer },
  sdkTypes,
  { Logger: Log },
] = await Promise.all([
  import("@modelcontextprotocol/sdk/server/mcp.js"),
  import("@modelcontextprotocol/sdk/types.js"),
  import("./logger.js"),
]);`;
    assert.deepEqual(names(text), ["McpServer=@modelcontextprotocol/sdk/server/mcp.js#McpServer", "Log=./logger.js#Logger"]);
  });

  it("reads nothing from other Promise.all arrays or texts without import()", () => {
    assert.deepEqual(names("const [a, b] = await Promise.all([load(), fetchIt()]);"), []);
    assert.deepEqual(names('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";'), []);
  });
});
