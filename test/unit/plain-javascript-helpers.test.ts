// A TypeScript server's helpers written in plain JavaScript: followed where the file is what Node
// runs (allowJs compiles it into the output), with CommonJS exports read as Node reads them; left
// open wherever the source does not decide what runs or what the module exports.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };
const esmConfig = (allowJs: boolean) => JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", outDir: "dist", allowJs } });
const cjsConfig = JSON.stringify({ compilerOptions: { module: "commonjs", moduleResolution: "node10", outDir: "dist", allowJs: true } });

const esmEntry = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { addPrompts } from "./prompts.js";
const server = new McpServer({ name: "js-helper", version: "1.0.0" });
server.registerTool("t", { description: "T" }, async () => ({ content: [] }));
addPrompts(server);
await server.connect(new StdioServerTransport());
`;
const cjsEntry = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const { addPrompts } = require("./prompts");
const server = new McpServer({ name: "js-helper", version: "1.0.0" });
server.registerTool("t", { description: "T" }, async () => ({ content: [] }));
addPrompts(server);
server.connect(new StdioServerTransport());
`;
const register = `server.registerPrompt("p", { description: "P" }, () => ({ messages: [] }));`;
const BOTH = { prompts: { listChanged: true }, tools: { listChanged: true } };
const TOOLS = { tools: { listChanged: true } };

function serverOf(files: Record<string, string>) {
  const s = analyze({ ...SDK, ...files }).servers.get("js-helper");
  assert.ok(s, "the server is found");
  return s;
}

function assertOpen(files: Record<string, string>): void {
  const s = serverOf(files);
  assert.equal(s.exact, false);
  assert.deepEqual(s.legacy, TOOLS);
  assert.match(s.unknown.map((u) => u.reason).join("; "), /addPrompts/);
}

describe("a helper in plain JavaScript", () => {
  it("allowJs, an ES module: followed, exact", () => {
    const s = serverOf({ "package.json": `{"type":"module"}`, "tsconfig.json": esmConfig(true), "src/index.ts": esmEntry, "src/prompts.js": `export function addPrompts(server) { ${register} }\n` });
    assert.deepEqual(s.legacy, BOTH);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });

  it("without allowJs tsc does not emit it, and what the build puts there is not in the source: left open", () => {
    assertOpen({ "package.json": `{"type":"module"}`, "tsconfig.json": esmConfig(false), "src/index.ts": esmEntry, "src/prompts.js": `export function addPrompts(server) { ${register} }\n` });
  });

  const cjs = (helper: string) => ({ "package.json": "{}", "tsconfig.json": cjsConfig, "src/index.ts": cjsEntry, "src/prompts.js": helper });

  it("CommonJS: module.exports = { fn }, exports.fn = fn, exports.fn = function: followed, exact", () => {
    for (const helper of [
      `function addPrompts(server) { ${register} }\nmodule.exports = { addPrompts };\n`,
      `function add(server) { ${register} }\nmodule.exports = { other: add, addPrompts: add };\n`,
      `function addPrompts(server) { ${register} }\nexports.addPrompts = addPrompts;\n`,
      `module.exports.addPrompts = function (server) { ${register} };\n`,
      `exports.addPrompts = (server) => { ${register} };\n`,
    ]) {
      const s = serverOf(cjs(helper));
      assert.deepEqual(s.legacy, BOTH, helper);
      assert.equal(s.exact, true, `${helper}: ${JSON.stringify(s.unknown)}`);
    }
  });

  it("CommonJS whose exports depend on running it, or that throws: left open", () => {
    for (const helper of [
      // A const below the assignment is not initialised yet: reading it throws.
      `module.exports = { addPrompts };\nconst addPrompts = (server) => { ${register} };\n`,
      // `exports` still names the object Node no longer exports.
      `module.exports = {};\nexports.addPrompts = function (server) { ${register} };\n`,
      // Exported only under a condition.
      `function addPrompts(server) { ${register} }\nif (process.env.PROMPTS) module.exports = { addPrompts };\n`,
      // Exports changed by a function.
      `function addPrompts(server) { ${register} }\nfunction exportAll() { module.exports = { addPrompts }; }\nexportAll();\n`,
    ]) {
      assertOpen(cjs(helper));
    }
  });

  it("CommonJS in a .js file of an ES-module package: Node runs it as an ES module, where it throws: left open", () => {
    assertOpen({ "package.json": `{"type":"module"}`, "tsconfig.json": esmConfig(true), "src/index.ts": esmEntry, "src/prompts.js": `function addPrompts(server) { ${register} }\nmodule.exports = { addPrompts };\n` });
  });
});
