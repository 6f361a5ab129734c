// The flow summary is made once for every dialect, so a call whose method name some dialect reads on
// its server objects (fastmcp's `addTools`, `start`; the SDK's `registerTool`, `connect`) is recorded
// as that dialect's method call whatever its receiver. For the other dialects, on an object of the
// program's own, or on a module namespace (`import * as helpers`, `import helpers = require(...)`),
// it is a call of that object's function, followed like any call. Before, the server handed to it was
// dropped and the prediction stayed exact without what the function adds (trial 148 c94, c05:
// `helpers.addPrompts(s)`).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };
const FASTMCP = { "node_modules/fastmcp/package.json": JSON.stringify({ name: "fastmcp", version: "4.20.16" }) };
const SDK_HEAD = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
`;
const PROMPT = `s.registerPrompt("greet", { description: "greet" }, () => ({ messages: [] }));`;

describe("SDK: a helper whose name another dialect reads", () => {
  for (const name of ["addPrompts", "addTools", "start"]) {
    for (const [how, imp] of [
      ["import * as helpers", `import * as helpers from "./helpers.js";\n`],
      ["import helpers = require()", `import helpers = require("./helpers.js");\n`],
    ] as const) {
      it(`${how}, helpers.${name}(s): followed, its prompt stated`, () => {
        const r = analyze({
          ...SDK,
          "src/helpers.ts": `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport function ${name}(s: McpServer) {\n  ${PROMPT}\n}\n`,
          "src/index.ts": `${SDK_HEAD}${imp}const s = new McpServer({ name: "app", version: "1.0.0" });\nhelpers.${name}(s);\nawait s.connect(new StdioServerTransport());\n`,
        });
        const s = r.servers.get("app")!;
        assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
        assert.equal(s.exact, true, JSON.stringify(s.unknown));
      });
    }
  }

  it("a method of an object of the program's own named like fastmcp's (registry.addTool(s)): followed", () => {
    const r = analyze({ ...SDK, "index.ts": `${SDK_HEAD}const registry = { addTool(s: McpServer) { ${PROMPT} } };\nconst s = new McpServer({ name: "app", version: "1.0.0" });\nregistry.addTool(s);\nawait s.connect(new StdioServerTransport());\n` });
    assert.deepEqual(r.servers.get("app")!.legacy, { prompts: { listChanged: true } });
  });
});

describe("fastmcp: a helper whose name the SDK reads", () => {
  for (const name of ["registerTool", "tool", "registerPrompt"]) {
    it(`registry.${name}(server) on an object of the program's own: not dropped (said not followed)`, () => {
      const r = analyze({
        ...FASTMCP,
        "index.ts": `import { FastMCP } from "fastmcp";\nconst registry = { ${name}(s: FastMCP) { s.addPrompt({ name: "greet", load: async () => "hi" }); } };\nconst server = new FastMCP({ name: "fm", version: "1.0.0" });\nregistry.${name}(server);\nserver.start({ transportType: "stdio" });\n`,
      });
      const s = [...r.servers.values()][0]!;
      assert.equal(s.exact, false);
      assert.ok(s.unknown.some((u) => u.path.join(".") === "prompts" && new RegExp(`registry\\.${name}`).test(u.reason)), JSON.stringify(s.unknown));
    });
  }
});

describe("SDK: a default export is not passed on by export *", () => {
  it("a default import through a barrel of `export *` is no function of the module behind it (trial 148 c81)", () => {
    const r = analyze({
      ...SDK,
      "src/tools/search.ts": `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport default function (s: McpServer) {\n  ${PROMPT}\n}\n`,
      "src/tools/index.ts": `export * from "./search.js";\n`,
      "src/index.ts": `${SDK_HEAD}// @ts-ignore\nimport search from "./tools/index.js";\nconst s = new McpServer({ name: "app", version: "1.0.0" });\nsearch(s);\nawait s.connect(new StdioServerTransport());\n`,
    });
    const s = r.servers.get("app")!;
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, {});
  });
});
