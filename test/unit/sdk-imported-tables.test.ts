// A const table declared in one module and changed by another before the loop that reads it: the
// declaration is not what the loop goes over (trial 90 q33: the probe saw a prompt pushed by the
// entry, the prediction said `{}`, exact). Each must stay approximate.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const LOOP = 'const server = new McpServer({ name: "x", version: "1" });\nfor (const p of PROMPTS) server.registerPrompt(p, {}, () => ({ messages: [] }));\nawait server.connect(new StdioServerTransport());\n';

function only(files: Record<string, string>) {
  const servers = [...analyze({ "package.json": '{ "name": "app", "type": "module" }', ...files }).servers.values()];
  assert.equal(servers.length, 1);
  return servers[0]!;
}

describe("SDK v1: an imported table changed before it is read", () => {
  it("pushed to by the importing module: approximate", () => {
    const s = only({ "registry.ts": 'export const PROMPTS: string[] = ["a"];\n', "index.ts": `${HEAD}import { PROMPTS } from "./registry.js";\nPROMPTS.push("review");\n${LOOP}` });
    assert.equal(s.exact, false);
  });

  it("spliced empty by the importing module: approximate, prompts not claimed", () => {
    const s = only({ "registry.ts": 'export const PROMPTS: string[] = ["review"];\n', "index.ts": `${HEAD}import { PROMPTS } from "./registry.js";\nPROMPTS.splice(0);\n${LOOP}` });
    assert.equal(s.exact, false);
    assert.equal(s.legacy?.prompts, undefined);
  });

  it("an exported empty registry filled by a side-effect module: approximate", () => {
    const s = only({
      "registry.ts": "export const PROMPTS: string[] = [];\n",
      "review.ts": 'import { PROMPTS } from "./registry.js";\nPROMPTS.push("review");\n',
      "index.ts": `${HEAD}import "./review.js";\nimport { PROMPTS } from "./registry.js";\n${LOOP}`,
    });
    assert.equal(s.exact, false);
  });

  it("an object table given a key by the importing module, read with Object.entries: approximate", () => {
    const s = only({
      "registry.ts": "export const TOOLS: Record<string, string> = {};\n",
      "index.ts": `${HEAD}import { TOOLS } from "./registry.js";\nTOOLS["echo"] = "Echo";\nconst server = new McpServer({ name: "x", version: "1" });\nfor (const [name, d] of Object.entries(TOOLS)) server.registerTool(name, { description: d }, async () => ({ content: [] }));\nawait server.connect(new StdioServerTransport());\n`,
    });
    assert.equal(s.exact, false);
  });
});
