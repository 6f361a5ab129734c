// A capabilities object built by statements (`caps.logging = {}`, also under an `if` whose arms only
// write its keys), at the top level or in a function that returns it. The exact cases are checked
// against the real SDK by the differential fixtures 662-666; these pin what is known of the partial
// ones, what must stay unknown (something else may read or change the object half-built), and that a
// conduit class, whose description is read from consts only, does not take a built object.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const LOW = 'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const lowServer = (before: string, caps = "caps") => `${LOW}${before}\nconst server = new Server({ name: "caps", version: "1.0.0" }, { capabilities: ${caps} });\nawait server.connect(new StdioServerTransport());\n`;

const report = (source: string) => analyze({ "src/index.ts": `declare function makeResources(): object;\n${source}` }).servers.get("caps")!;
const reasons = (s: { unknown: readonly { path: readonly string[]; reason: string }[] }) => s.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`).join("\n");

describe("SDK: capabilities built by statements at the top level", () => {
  it("a key under an if only a run decides: the other keys known, that key unknown with its condition", () => {
    const s = report(lowServer('const caps: Record<string, object> = { tools: {} };\ncaps.prompts = {};\nif (process.env.LOG === "1") caps.logging = {};'));
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { prompts: {}, tools: {} });
    assert.equal(s.unknown.length, 1, reasons(s));
    assert.match(s.unknown[0]!.reason, /^caps\.logging cannot be known without running the server \(written only if process\.env\.LOG === "1", which is only known at run time\)/);
  });

  it("an if/else on a const of the file: the arm taken, exact", () => {
    const s = report(lowServer('const MODE = "full";\nconst caps: Record<string, object> = {};\nif (MODE === "full") { caps.tools = {}; caps.prompts = {}; } else caps.logging = {};'));
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { prompts: {}, tools: {} });
  });

  it("an else-if chain on a const of the file: the arm taken, exact", () => {
    const s = report(lowServer('const MODE: string = "b";\nconst caps: Record<string, object> = {};\nif (MODE === "a") caps.logging = {};\nelse if (MODE === "b") caps.tools = {};\nelse caps.prompts = {};'));
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { tools: {} });
  });

  it("an else-if chain only a run decides: every key it may write unknown, the rest known", () => {
    const s = report(lowServer("const caps: Record<string, object> = { tools: {} };\nif (process.env.X) caps.logging = {};\nelse if (process.env.Y) caps.prompts = {};"));
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { tools: {} });
    assert.match(reasons(s), /caps\.logging, caps\.prompts cannot be known/);
  });

  for (const [label, before, caps] of [
    ["the object used above the statements that build it", "const caps: Record<string, object> = {};\nconst early = { ...caps };\ncaps.tools = {};\nif (process.env.X) caps.logging = {};", "early"],
    ["a write of a nested member", "const caps: Record<string, any> = { resources: {} };\nif (process.env.X) caps.resources.subscribe = true;", "caps"],
    ["an if whose arm also calls something", "const caps: Record<string, object> = {};\nif (process.env.X) { caps.logging = {}; console.log(caps); }", "caps"],
    ["a condition that reads the object", "const caps: Record<string, object> = {};\nif (!caps.tools) caps.logging = {};", "caps"],
    ["another name for the object, written", "const caps: Record<string, object> = {};\nconst same = caps;\nif (process.env.X) same.logging = {};", "caps"],
  ] as const) {
    it(`${label}: the object stays unknown`, () => {
      const s = report(lowServer(before, caps));
      assert.equal(s.exact, false);
      assert.deepEqual(s.legacy, {}, reasons(s));
    });
  }
});

describe("SDK: a function that builds the capabilities and returns them", () => {
  it("a key under a condition only a run decides: the keys written for certain known", () => {
    const s = report(lowServer("function build() {\n  const caps: Record<string, object> = { tools: {} };\n  caps.logging = {};\n  if (process.env.RES) caps.resources = {};\n  return caps;\n}", "build()"));
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { logging: {}, tools: {} });
    assert.match(reasons(s), /caps\.resources cannot be known without running the server \(written only if process\.env\.RES/);
  });

  it("conditions on the call's literal arguments: exact", () => {
    const s = report(lowServer("function build(o: { logging: boolean; prompts: boolean }) {\n  let caps: Record<string, object> = {};\n  if (o.logging) caps.logging = {};\n  if (o.prompts) caps.prompts = {};\n  return caps;\n}", "build({ logging: true, prompts: false })"));
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { logging: {} });
  });

  it("a member of a literal the body wrote, set under an if: read into that literal", () => {
    const s = report(lowServer("function build(o: { resources: boolean; subscribe: boolean }) {\n  const caps: Record<string, any> = {};\n  if (o.resources) {\n    caps.resources = { listChanged: false };\n    if (o.subscribe) caps.resources.subscribe = true;\n  }\n  return caps;\n}", "build({ resources: true, subscribe: true })"));
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { resources: { listChanged: false, subscribe: true } });
  });

  it("the same at the body's own level, the condition only a run decides: subscribe unknown, listChanged known", () => {
    const s = report(lowServer("function build() {\n  const caps: Record<string, any> = { tools: {} };\n  caps.resources = { listChanged: true };\n  if (process.env.SUB) caps.resources.subscribe = true;\n  return caps;\n}", "build()"));
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { resources: { listChanged: true }, tools: {} });
    assert.match(reasons(s), /caps\.resources\.subscribe cannot be known/);
  });

  for (const [label, fn] of [
    ["a member written of a key the body did not write a literal to", "function build() {\n  const caps: Record<string, any> = { tools: {} };\n  caps.resources = makeResources();\n  caps.resources.subscribe = true;\n  return caps;\n}"],
    ["a declaration that reads the object half-built", "function build() {\n  const caps: Record<string, object> = {};\n  const seen = Object.keys(caps);\n  caps.logging = {};\n  return caps;\n}"],
    ["a written value that reads the object", "function build() {\n  const caps: Record<string, object> = { tools: {} };\n  caps.logging = caps.tools;\n  return caps;\n}"],
    ["a statement that is neither a declaration nor a write", "function build() {\n  const caps: Record<string, object> = {};\n  caps.logging = {};\n  console.log(caps);\n  return caps;\n}"],
    ["a write in a loop", "function build() {\n  const caps: Record<string, object> = {};\n  for (const k of ['logging']) caps[k] = {};\n  return caps;\n}"],
    ["a let assigned again", "function build() {\n  let caps: Record<string, object> = {};\n  caps.logging = {};\n  caps = {};\n  return caps;\n}"],
  ] as const) {
    it(`${label}: the call stays unknown`, () => {
      const s = report(lowServer(fn, "build()"));
      assert.equal(s.exact, false);
      assert.deepEqual(s.legacy, {}, reasons(s));
    });
  }
});

describe("SDK: a function body that builds the capabilities before making its server", () => {
  const inMain = (body: string, caps = "caps") => `${LOW}async function main() {\n${body}\n  const server = new Server({ name: "caps", version: "1.0.0" }, { capabilities: ${caps} });\n  await server.connect(new StdioServerTransport());\n}\nmain();\n`;

  it("a key under a condition only a run decides: the keys written for certain known", () => {
    const s = report(inMain('  const caps: Record<string, object> = { tools: {} };\n  caps.prompts = {};\n  if (process.env.LOG) caps.logging = {};'));
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { prompts: {}, tools: {} });
    assert.match(reasons(s), /caps\.logging cannot be known without running the server \(written only if process\.env\.LOG/);
  });

  for (const [label, body, caps] of [
    ["handed to a call between its declaration and the server", "  const caps: Record<string, object> = { tools: {} };\n  tweak(caps);\n  caps.prompts = {};", "caps"],
    ["another name for it, written", "  const caps: Record<string, object> = { tools: {} };\n  const same = caps;\n  same.logging = {};\n  caps.prompts = {};", "caps"],
    ["a nested member written", "  const caps: Record<string, any> = { tools: {} };\n  caps.prompts = {};\n  caps.tools.listChanged = true;", "caps"],
    ["written in a callback as well", "  const caps: Record<string, object> = { tools: {} };\n  caps.prompts = {};\n  process.on('SIGHUP', () => { caps.logging = {}; });", "caps"],
    ["copied before it is built", "  const caps: Record<string, object> = { tools: {} };\n  const early = { ...caps };\n  caps.prompts = {};", "early"],
  ] as const) {
    it(`${label}: the object stays unknown`, () => {
      const s = report(`declare function tweak(o: object): void;\n${inMain(body, caps)}`);
      assert.equal(s.exact, false);
      assert.deepEqual(s.legacy, {}, reasons(s));
    });
  }
});

describe("conduit: __capabilities__ that builds an object by statements is dynamic (spec §4.1)", () => {
  it("is not evaluated", () => {
    const r = analyze({ "s.ts": "export class S {\n  static __capabilities__() {\n    const c: Record<string, object> = { tools: {} };\n    c.logging = {};\n    return c;\n  }\n  handleListTools(ctx: unknown) { return ctx; }\n}\n" });
    const s = r.servers.get("S")!;
    assert.equal(s.exact, false);
    assert.equal(s.legacy, null);
  });
});
