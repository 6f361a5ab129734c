// Spec §5 (tasks extension switch) and §6 (the legacy and modern algorithm).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../helpers/memoryWorkspace";
import { LEGACY_TRIO, MODERN_TRIO, TASKS_EXT, assertAt, capsClass, codesOf, none, one, server } from "./_util";

const SUB = "  handleSubscribeResource(ctx: unknown, uri: string) { return uri; }\n";
const COMPLETE = "  handleComplete(ctx: unknown) { return ctx; }\n";
const LOGLEVEL = "  handleSetLogLevel(ctx: unknown, level: string) { return level; }\n";
const LIST_TOOLS = "  handleListTools(ctx: unknown) { return ctx; }\n";

function run(expr: string, members = "", tasks = false) {
  const src = capsClass(expr, members);
  const r = analyze({ "s.ts": src }, { tasks });
  return { r, s: server(r, "S"), src };
}

describe("§5 tasks extension switch", () => {
  it("off (default): no extensions key in either era", () => {
    const r = analyze({ "s.ts": `export class S {\n${LIST_TOOLS}}\n` });
    const s = server(r, "S");
    assert.deepEqual(s.modern, MODERN_TRIO);
    assert.equal(s.tasksExtension, false);
  });

  it("on: modern gets extensions[io.modelcontextprotocol/tasks] = {}, legacy never does", () => {
    const r = analyze({ "s.ts": `export class S {\n${LIST_TOOLS}}\n` }, { tasks: true });
    const s = server(r, "S");
    assert.deepEqual(s.legacy, LEGACY_TRIO);
    assert.deepEqual(s.modern, { ...MODERN_TRIO, extensions: { [TASKS_EXT]: {} } });
    assert.equal(s.tasksExtension, true);
    none(r);
  });

  it("on: one value for every server of the report", () => {
    const r = analyze(
      { "a.ts": `export class A {\n${LIST_TOOLS}}\n`, "b.ts": capsClass("{}", "", "B") },
      { tasks: true },
    );
    assert.deepEqual(server(r, "A").modern?.extensions, { [TASKS_EXT]: {} });
    assert.deepEqual(server(r, "B").modern, { logging: {}, extensions: { [TASKS_EXT]: {} } });
  });

  it("on: merges into an existing extensions object", () => {
    const { s } = run(`{ extensions: { "com.example/ext": { a: 1 } } }`, "", true);
    assert.deepEqual(s.legacy, { extensions: { "com.example/ext": { a: 1 } } });
    assert.deepEqual(s.modern, { extensions: { "com.example/ext": { a: 1 }, [TASKS_EXT]: {} }, logging: {} });
  });

  it("on: an existing tasks-extension entry keeps its keys (never delete a key)", () => {
    // Ambiguity note: §6 says merge(extensions, {tasks: {}}) and "never delete a key".
    const { s } = run(`{ extensions: { "io.modelcontextprotocol/tasks": { list: {} } } }`, "", true);
    assert.deepEqual(s.modern, { extensions: { [TASKS_EXT]: { list: {} } }, logging: {} });
  });

  it("off: an extensions key passes through unchanged in both eras", () => {
    const { s, r } = run(`{ extensions: { "com.example/ext": {} } }`);
    assert.deepEqual(s.legacy, { extensions: { "com.example/ext": {} } });
    assert.deepEqual(s.modern, { extensions: { "com.example/ext": {} }, logging: {} });
    none(r);
  });

  it("on: a non-object extensions fails modern only (capability-not-object)", () => {
    const { s, r, src } = run("{ extensions: true, tools: {} }", "", true);
    assert.deepEqual(s.legacy, { extensions: true, tools: {} });
    assert.equal(s.modern, null);
    const d = one(r, "capability-not-object");
    assert.equal(d.severity, "error");
    assertAt(d, "s.ts", src, "extensions");
  });

  it("off: a non-object extensions is left alone", () => {
    const { s, r } = run("{ extensions: null }");
    assert.deepEqual(s.modern, { extensions: null, logging: {} });
    none(r, "capability-not-object");
  });

  it("on: a dynamic extensions value is left alone", () => {
    const { s, r } = run("{ extensions: loadExt() }", "", true);
    assert.deepEqual(s.modern, { logging: {} });
    assert.deepEqual(s.unknown.map((u) => [u.path, u.source]), [[["extensions"], "loadExt()"]]);
    none(r, "capability-not-object");
  });

  it("on: with the whole base dynamic, both eras stay null", () => {
    const { s } = run("loadCaps()", "", true);
    assert.equal(s.legacy, null);
    assert.equal(s.modern, null);
  });
});

describe("§6 legacy era", () => {
  it("the default trio passes through unchanged", () => {
    const r = analyze({ "s.ts": `export class S {\n${LIST_TOOLS}}\n` });
    assert.deepEqual(server(r, "S").legacy, LEGACY_TRIO);
  });

  it("handleSubscribeResource merges subscribe: true into the resources object", () => {
    const { s } = run("{ resources: { listChanged: true, custom: 1 } }", SUB);
    assert.deepEqual(s.legacy, { resources: { listChanged: true, custom: 1, subscribe: true } });
  });

  it("handleSubscribeResource overrides subscribe: false from the base", () => {
    const { s } = run("{ resources: { subscribe: false } }", SUB);
    assert.deepEqual(s.legacy, { resources: { subscribe: true } });
  });

  it("without handleSubscribeResource, subscribe is not added (never set false)", () => {
    const { s } = run("{ resources: {} }", LIST_TOOLS);
    assert.deepEqual(s.legacy, { resources: {} });
  });

  it("handleSubscribeResource without resources in the base: legacy ignores it", () => {
    const { s } = run("{ tools: {} }", SUB);
    assert.deepEqual(s.legacy, { tools: {} });
    assert.deepEqual(s.modern, { tools: { listChanged: true }, logging: {} });
  });

  it("handleComplete sets completions = {} replacing any value", () => {
    const { s } = run("{ completions: { stale: true } }", COMPLETE);
    assert.deepEqual(s.legacy, { completions: {} });
    assert.deepEqual(s.modern, { completions: {}, logging: {} });
  });

  it("handleComplete replaces even a non-object completions, without capability-not-object", () => {
    const { s, r } = run(`{ completions: "yes" }`, COMPLETE);
    assert.deepEqual(s.legacy, { completions: {} });
    none(r, "capability-not-object");
  });

  it("without handleComplete, a base completions passes through (never delete a key)", () => {
    const { s } = run("{ completions: { x: 1 } }", LIST_TOOLS);
    assert.deepEqual(s.legacy, { completions: { x: 1 } });
    assert.deepEqual(s.modern, { completions: { x: 1 }, logging: {} });
  });

  it("handleSetLogLevel sets legacy logging = {} replacing any value", () => {
    const { s } = run(`{ logging: { level: "debug" } }`, LOGLEVEL);
    assert.deepEqual(s.legacy, { logging: {} });
  });

  it("without handleSetLogLevel, a base logging passes through in legacy", () => {
    const { s } = run(`{ logging: { level: "debug" } }`, LIST_TOOLS);
    assert.deepEqual(s.legacy, { logging: { level: "debug" } });
  });

  it("no handler-driven key appears as false when its handler is absent", () => {
    const { s } = run("{}", LIST_TOOLS);
    assert.deepEqual(s.legacy, {});
  });

  it("legacy does not merge into tools or prompts: non-objects there fail modern only", () => {
    const { s, r, src } = run("{ tools: true }", LIST_TOOLS);
    assert.deepEqual(s.legacy, { tools: true });
    assert.equal(s.modern, null);
    assertAt(one(r, "capability-not-object"), "s.ts", src, "tools");
  });

  it("resources: null with handleSubscribeResource fails legacy too", () => {
    const { s, r } = run("{ resources: null }", SUB);
    assert.equal(s.legacy, null);
    assert.equal(s.modern, null);
    const ds = r.codes("capability-not-object");
    assert.ok(ds.length >= 1);
    assert.ok(ds.every((d) => d.text === "resources" && d.severity === "error"));
  });

  it("resources: null without handleSubscribeResource passes legacy, fails modern", () => {
    const { s, r } = run("{ resources: null }", LIST_TOOLS);
    assert.deepEqual(s.legacy, { resources: null });
    assert.equal(s.modern, null);
    assert.ok(r.codes("capability-not-object").length >= 1);
  });

  it("all handlers together (order of the rules)", () => {
    const r = analyze({ "s.ts": `export class S {\n${LIST_TOOLS}${SUB}${COMPLETE}${LOGLEVEL}}\n` });
    assert.deepEqual(server(r, "S").legacy, {
      tools: { listChanged: false },
      resources: { listChanged: false, subscribe: true },
      prompts: { listChanged: false },
      completions: {},
      logging: {},
    });
  });
});

describe("§6 modern era", () => {
  it("listChanged = true merges into each of tools, prompts, resources present", () => {
    const { s } = run("{ tools: { listChanged: false, extra: 1 }, prompts: { x: 2 }, resources: { listChanged: false } }");
    assert.deepEqual(s.modern, {
      tools: { listChanged: true, extra: 1 },
      prompts: { listChanged: true, x: 2 },
      resources: { listChanged: true, subscribe: true },
      logging: {},
    });
  });

  it("absent primitives are not added", () => {
    const { s } = run("{ prompts: {} }");
    assert.deepEqual(s.modern, { prompts: { listChanged: true }, logging: {} });
  });

  it("resources.subscribe = true whatever the handlers", () => {
    const { s } = run("{ resources: {} }", LIST_TOOLS);
    assert.deepEqual(s.modern, { resources: { listChanged: true, subscribe: true }, logging: {} });
  });

  it("resources.subscribe false in the base becomes true", () => {
    const { s } = run("{ resources: { subscribe: false, custom: 1 } }");
    assert.deepEqual(s.modern, { resources: { subscribe: true, custom: 1, listChanged: true }, logging: {} });
  });

  it("logging = {} always, replacing any base value, with or without handleSetLogLevel", () => {
    assert.deepEqual(run(`{ logging: { level: "debug" } }`).s.modern, { logging: {} });
    assert.deepEqual(run(`{ logging: { level: "debug" } }`, LOGLEVEL).s.modern, { logging: {} });
  });

  it("handleSetLogLevel adds nothing else to modern", () => {
    const r = analyze({ "s.ts": `export class S {\n${LOGLEVEL}}\n` });
    assert.deepEqual(server(r, "S").modern, MODERN_TRIO);
  });

  it("handleComplete absent: no completions in modern", () => {
    assert.deepEqual(run("{ tools: {} }", LIST_TOOLS).s.modern, { tools: { listChanged: true }, logging: {} });
  });

  it("experimental, custom keys and inner fields pass through untouched in both eras", () => {
    const { s } = run(`{ experimental: { "com.example/x": { on: true } }, custom: 3, tools: { note: "n" } }`);
    assert.deepEqual(s.legacy, { experimental: { "com.example/x": { on: true } }, custom: 3, tools: { note: "n" } });
    assert.deepEqual(s.modern, { experimental: { "com.example/x": { on: true } }, custom: 3, tools: { note: "n", listChanged: true }, logging: {} });
  });

  it("the 2025-11-25 tasks key passes through in both eras", () => {
    const { s } = run("{ tools: {}, tasks: { list: {} } }");
    assert.deepEqual(s.legacy, { tools: {}, tasks: { list: {} } });
    assert.deepEqual(s.modern, { tools: { listChanged: true }, tasks: { list: {} }, logging: {} });
  });

  it("arrays are not objects: prompts: [] fails modern", () => {
    const { s, r, src } = run("{ prompts: [] }");
    assert.deepEqual(s.legacy, { prompts: [] });
    assert.equal(s.modern, null);
    assertAt(one(r, "capability-not-object"), "s.ts", src, "prompts");
  });

  for (const [label, expr] of [["null", "null"], ["a number", "1"], ["a string", `"yes"`], ["false", "false"]] as const) {
    it(`tools: ${label} fails modern with capability-not-object`, () => {
      const { s, r } = run(`{ tools: ${expr} }`);
      assert.equal(s.modern, null);
      assert.notEqual(s.legacy, null);
      assert.equal(one(r, "capability-not-object").text, "tools");
    });
  }

  it("a non-object key fails modern even alongside valid ones", () => {
    const { s, r } = run("{ tools: {}, prompts: {}, resources: 5 }");
    assert.equal(s.modern, null);
    assert.deepEqual(s.legacy, { tools: {}, prompts: {}, resources: 5 });
    assert.deepEqual(codesOf(r), ["capability-not-object"]);
  });

  it("keys are sorted alphabetically at every level", () => {
    const { s } = run(`{ tools: { z: 1, listChanged: false, a: 2 }, experimental: { b: 1, a: 1 } }`, COMPLETE);
    assert.equal(JSON.stringify(s.legacy), `{"completions":{},"experimental":{"a":1,"b":1},"tools":{"a":2,"listChanged":false,"z":1}}`);
    assert.equal(
      JSON.stringify(s.modern),
      `{"completions":{},"experimental":{"a":1,"b":1},"logging":{},"tools":{"a":2,"listChanged":true,"z":1}}`,
    );
  });
});

describe("§6 provenance (cli.md)", () => {
  it("names the handler, the default trio, the era rule and the tasks extension", () => {
    const r = analyze({ "s.ts": `export class S {\n${LIST_TOOLS}${COMPLETE}}\n` }, { tasks: true });
    const p = server(r, "S").provenance;
    const find = (path: string[], era?: string) => p.find((e) => JSON.stringify(e.path) === JSON.stringify(path) && (era === undefined || e.era === era));
    assert.equal(find(["completions"])?.because, "handleComplete");
    assert.equal(find(["completions"])?.era, "both");
    assert.equal(find(["logging"], "modern")?.because, "era");
    assert.equal(find(["tools"])?.because, "default");
    assert.equal(find(["extensions"], "modern")?.because, "tasksExtension");
  });
});
