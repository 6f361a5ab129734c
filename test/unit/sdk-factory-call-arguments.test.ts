// A server's factory called once with known arguments: its constructor options and its body read
// them, plain parameters and the fields of a destructured one (with their defaults). The exact cases
// are checked against the real SDK by the differential fixtures 640-642; these pin what must stay
// approximate (an argument known only at run time, a spread, a parameter written in the body).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const BODY = `  const made = new McpServer({ name: "opts", version: "1.0.0" }, { capabilities: logging ? { logging: {} } : {} });
  made.registerTool("echo", {}, async () => ({ content: [] }));
  if (withPrompts) made.registerPrompt("greet", {}, () => ({ messages: [] }));
  return made;
}`;
const PLAIN = (calls: string, before = "") => `${V1}function createServer(logging: boolean, withPrompts = true) {\n${before}${BODY}\n${calls}\n`;
const PATTERN = (calls: string, head = "{ withPrompts = true, logging = false }: { withPrompts?: boolean; logging?: boolean } = {}", before = "") =>
  `${V1}function createServer(${head}) {\n${before}${BODY}\n${calls}\n`;
const MAIN = (call: string) => `async function main() { const server = ${call}; await server.connect(new StdioServerTransport()); }\nmain();`;

const report = (text: string) => analyze({ "src/index.ts": text }).servers.get("opts")!;
const reasons = (s: { unknown: readonly { path: readonly string[]; reason: string }[] }) => s.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`).join("\n");

describe("SDK: a factory's one call decides its constructor options", () => {
  it("createServer(true): logging declared, the prompt registered by the default, exact", () => {
    const s = report(PLAIN(MAIN("createServer(true)")));
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { logging: {}, prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  for (const [label, text] of [
    ["an argument read from the environment", PLAIN(MAIN('createServer(process.env.LOG === "1")'))],
    ["two calls", PLAIN(`${MAIN("createServer(true)")}\nexport const other = createServer(false);`)],
    ["the parameter written before the construction", PLAIN(MAIN("createServer(true)"), "  logging = !logging;\n")],
  ] as const) {
    it(`${label}: logging stays unknown`, () => {
      const s = report(text);
      assert.equal(s.exact, false);
      assert.equal("logging" in (s.legacy ?? {}), false);
      assert.match(reasons(s), /logging \? \{ logging: \{\} \} : \{\}/);
    });
  }

  it("a spread of the parameter after a key: the call's literal replaces that key, exact", () => {
    const text = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nfunction createServer(overrides: object) {\n  return new Server({ name: "opts", version: "1.0.0" }, { capabilities: { tools: {}, ...overrides } });\n}\n${MAIN("createServer({ tools: { listChanged: true } })")}\n`;
    const s = report(text);
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("an object argument the function hands on before the construction: not read", () => {
    const text = `${V1}declare function tweak(o: object): void;\nfunction createServer(caps: object) {\n  tweak(caps);\n  const made = new McpServer({ name: "opts", version: "1.0.0" }, { capabilities: caps });\n  return made;\n}\n${MAIN("createServer({ tools: {} })")}\n`;
    const s = report(text);
    assert.equal(s.exact, false);
  });
});

describe("SDK: a destructured options parameter with defaults", () => {
  it("createServer(): each field its default, exact", () => {
    const s = report(PATTERN(MAIN("createServer()")));
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("createServer({ logging: true }): the literal's key, and the default of the one it leaves out, exact", () => {
    const s = report(PATTERN(MAIN("createServer({ logging: true })")));
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { logging: {}, prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("the parameter's own default writing a key: that key's value, not the field's default", () => {
    const s = report(PATTERN(MAIN("createServer()"), "{ withPrompts = true, logging = false }: { withPrompts?: boolean; logging?: boolean } = { logging: true, withPrompts: false }"));
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { logging: {}, tools: { listChanged: true } });
  });

  for (const [label, text, unknown] of [
    ["a value read from the environment", PATTERN(MAIN('createServer({ logging: process.env.LOG === "1" })')), /logging \? /],
    ["a spread in the literal", PATTERN(`const base = { logging: true };\n${MAIN("createServer({ ...base, withPrompts: true })")}`), /logging \? /],
    ["an object held in a const", PATTERN(`const given = { logging: true };\n${MAIN("createServer(given)")}`), /logging \? /],
    ["a field written in the body", PATTERN(MAIN("createServer({ logging: true })"), undefined, "  logging = !logging;\n"), /logging \? /],
    ["a key given as undefined (the default takes over: not known from the literal)", PATTERN(MAIN("createServer({ withPrompts: undefined })")), /^prompts/m],
    ["a __proto__ in the literal", PATTERN(MAIN("createServer({ __proto__: { logging: true } } as never)")), /logging \? /],
  ] as const) {
    it(`${label}: approximate`, () => {
      const s = report(text);
      assert.equal(s.exact, false);
      assert.match(reasons(s), unknown);
    });
  }
});
