// Conditions inside a workspace function the analysis follows for one call: the capabilities a
// function returns (`{ tools: {}, ...(opts.logging ? { logging: {} } : {}) }`) read that call's
// static arguments, and a helper handed a const object of the caller's file reads that object. The
// exact cases are checked against the real SDK by the differential fixtures 655-657; these pin what
// must stay approximate (something that may change what the condition reads) and the simpler forms.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const LOW = 'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const lowServer = (fn: string, call: string) => `${LOW}${fn}\nconst server = new Server({ name: "caps", version: "1.0.0" }, { capabilities: ${call} });\nawait server.connect(new StdioServerTransport());\n`;
const withHelper = (before: string, helperBody = "") =>
  `${V1}interface Config { prompts: boolean }\n${before}\nfunction register(target: McpServer, config: Config) {\n${helperBody}  target.registerTool("echo", {}, async () => ({ content: [] }));\n  if (config.prompts) target.registerPrompt("greet", {}, () => ({ messages: [] }));\n}\nconst server = new McpServer({ name: "caps", version: "1.0.0" });\nregister(server, config);\nawait server.connect(new StdioServerTransport());\n`;

const report = (files: Record<string, string>) => analyze(files).servers.get("caps")!;
const reasons = (s: { unknown: readonly { path: readonly string[]; reason: string }[] }) => s.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`).join("\n");

describe("SDK: the conditions of a function returning the capabilities read the call's arguments", () => {
  for (const [label, fn, call] of [
    ["a conditional spread on a boolean parameter", "function c(logging: boolean) { return { tools: {}, ...(logging ? { logging: {} } : {}) }; }", "c(true)"],
    ["a conditional choosing the whole object", "function d(logging: boolean) { return logging ? { tools: {}, logging: {} } : { tools: {} }; }", "d(true)"],
    ["an arrow function reading a member of its options", "const e = (opts: { logging: boolean }) => ({ tools: {}, logging: opts.logging ? {} : undefined });", "e({ logging: true })"],
    ["a destructured parameter, a key the literal lacks", "const logging = false;\nfunction f({ logging, prompts }: { logging?: boolean; prompts?: boolean }) { return { tools: {}, ...(logging ? { logging: {} } : {}), ...(prompts ? { prompts: {} } : {}) }; }", "f({ logging: true })"],
  ] as const) {
    it(`${label}: exact`, () => {
      const s = report({ "src/index.ts": lowServer(fn, call) });
      assert.equal(s.exact, true, reasons(s));
      assert.deepEqual(s.legacy, { logging: {}, tools: {} });
    });
  }

  for (const [label, fn, call] of [
    ["an argument read from the environment", "function c(opts: { logging: boolean }) { return { tools: {}, ...(opts.logging ? { logging: {} } : {}) }; }", 'c({ logging: process.env.LOG === "1" })'],
    ["an options object the function changes first", "function c(opts: { logging: boolean }) { const changed = Object.assign(opts, { logging: false }); return { tools: {}, ...(opts.logging ? { logging: {} } : {}) }; }", "c({ logging: true })"],
    ["an options object the function hands on first", "declare function tweak(o: object): boolean;\nfunction c(opts: { logging: boolean }) { const done = tweak(opts); return { tools: {}, ...(opts.logging ? { logging: {} } : {}) }; }", "c({ logging: true })"],
    ["a field with a default the literal leaves out", "function c({ logging = true }: { logging?: boolean }) { return { tools: {}, ...(logging ? { logging: {} } : {}) }; }", "c({})"],
    ["a condition in a function nested in the one called", "function c(logging: boolean) { const pick = (on: boolean) => (on ? { logging: {} } : {}); return { tools: {}, ...pick(logging) }; }", "c(true)"],
  ] as const) {
    it(`${label}: approximate`, () => {
      const s = report({ "src/index.ts": lowServer(fn, call) });
      assert.equal(s.exact, false);
      assert.equal("logging" in (s.legacy ?? {}), false);
    });
  }
});

describe("SDK: a helper given a const object of the caller's file reads it", () => {
  it("register(server, config) with a const the file leaves alone: exact", () => {
    const s = report({ "src/index.ts": withHelper("const config: Config = { prompts: false };") });
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  for (const [label, before, helperBody] of [
    ["the file writes the const", 'const config: Config = { prompts: false };\nconfig.prompts = process.env.P === "1";'],
    ["the file hands the const to another call", 'const config: Config = { prompts: false };\ndeclare function applyEnv(c: Config): void;\napplyEnv(config);'],
    ["another name for the const, written", 'const config: Config = { prompts: false };\nconst same = config;\nsame.prompts = process.env.P === "1";'],
    ["a value of the environment in the const", 'const config: Config = { prompts: process.env.P === "1" };'],
    ["the helper hands its parameter on", "const config: Config = { prompts: false };\ndeclare function applyEnv(c: Config): void;", "  applyEnv(config);\n"],
    ["a let", "let config: Config = { prompts: false };"],
  ] as const) {
    it(`${label}: prompts stay unknown`, () => {
      const s = report({ "src/index.ts": withHelper(before, helperBody) });
      assert.equal(s.exact, false);
      assert.match(reasons(s), /^prompts/m);
    });
  }
});
