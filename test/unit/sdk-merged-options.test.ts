// A function's local const built from its parameters (`const o = { ...DEFAULTS, ...overrides }`) is
// read with the call's arguments when the replay decides the conditions it registers under. Fixture
// 528 proves it with the real SDK (trial 142 c46). Arguments not known leave the conditions open.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const run = (sig: string, body: string, call: string) =>
  analyze({
    "s.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst DEFAULTS = { tools: true, prompts: false };\nfunction createServer(${sig}) {\n  ${body}\n  const s = new McpServer({ name: "f", version: "1" });\n  if (o.tools) s.tool("t", async () => ({ content: [] }));\n  if (o.prompts) s.prompt("p", async () => ({ messages: [] }));\n  return s;\n}\nconst server = createServer(${call});\nawait server.connect(new StdioServerTransport());\n`,
  }).servers.get("f")!;

describe("SDK: a local const built from the parameters, read with the call's arguments", () => {
  it("merged over defaults, or taken from the options: the branches the arguments choose", () => {
    for (const [sig, body, call, legacy] of [
      ["overrides: any = {}", "const o = { ...DEFAULTS, ...overrides };", "{ prompts: true }", { prompts: { listChanged: true }, tools: { listChanged: true } }],
      ["overrides: any", "const o = { ...DEFAULTS, ...overrides };", "{ tools: false }", {}],
      ["options: any", "const o = options.features;", "{ features: { tools: true, prompts: false } }", { tools: { listChanged: true } }],
    ] as const) {
      const s = run(sig, body, call);
      assert.equal(s.exact, true, `${body} ${call}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(s.legacy, legacy, `${body} ${call}`);
    }
  });

  it("arguments the source does not give leave the conditions open", () => {
    const s = run("overrides: any", "const o = { ...DEFAULTS, ...overrides };", "JSON.parse(process.env.FEATURES!)");
    assert.equal(s.exact, false);
  });
});
