// Spec §4.1: the __capabilities__ base and its static evaluation.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../helpers/memoryWorkspace";
import { LEGACY_TRIO, MODERN_TRIO, assertAt, capsClass, codesOf, none, one, server } from "./_util";
import type { ServerReport } from "../../../server/src/analysis/core/model/serverReport";

/** Evaluates `expr` as the whole base of a server S (optionally with code before the class). */
function base(expr: string, prelude = "", members = "") {
  const src = `${prelude}${capsClass(expr, members)}`;
  const r = analyze({ "s.ts": src });
  return { r, s: server(r, "S"), src };
}

describe("§4.1 forms of __capabilities__", () => {
  it("static method returning an object", () => {
    const { s } = base("{ tools: {} }");
    assert.deepEqual(s.legacy, { tools: {} });
    assert.deepEqual(s.modern, { tools: { listChanged: true }, logging: {} });
    assert.equal(s.exact, true);
  });

  it("static property initialised with an expression-bodied arrow", () => {
    const r = analyze({ "s.ts": `export class S {\n  static __capabilities__ = () => ({ prompts: {} });\n}\n` });
    assert.deepEqual(server(r, "S").legacy, { prompts: {} });
  });

  it("static property initialised with a function expression", () => {
    const r = analyze({ "s.ts": `export class S {\n  static __capabilities__ = function () {\n    return { prompts: {} };\n  };\n}\n` });
    assert.deepEqual(server(r, "S").legacy, { prompts: {} });
  });

  it("static property initialised with a block-bodied arrow with a single return", () => {
    const r = analyze({ "s.ts": `export class S {\n  static __capabilities__ = () => {\n    return { prompts: {} };\n  };\n}\n` });
    assert.deepEqual(server(r, "S").legacy, { prompts: {} });
  });

  it("{} is used as is: no primitive at all", () => {
    const { s, r } = base("{}");
    assert.deepEqual(s.legacy, {});
    assert.deepEqual(s.modern, { logging: {} });
    none(r);
  });

  it("{} with handlers gets only what the handlers add", () => {
    const { s } = base("{}", "", "  handleListTools(ctx: unknown) { return ctx; }\n  handleComplete(ctx: unknown) { return ctx; }\n");
    assert.deepEqual(s.legacy, { completions: {} });
    assert.deepEqual(s.modern, { completions: {}, logging: {} });
  });

  it("an inherited static __capabilities__ is the subclass's base", () => {
    const r = analyze({
      "s.ts": `export class Base {\n  static __capabilities__() { return { tools: {} }; }\n}\nexport class S extends Base {\n  handleComplete(ctx: unknown) { return ctx; }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, { tools: {}, completions: {} });
  });

  it("a subclass's own static __capabilities__ wins over the inherited one", () => {
    const r = analyze({
      "s.ts": `export class Base {\n  static __capabilities__() { return { tools: {} }; }\n}\nexport class S extends Base {\n  static override __capabilities__() { return { prompts: {} }; }\n}\n`,
    });
    assert.deepEqual(server(r, "Base").legacy, { tools: {} });
    assert.deepEqual(server(r, "S").legacy, { prompts: {} });
  });
});

describe("§4.1 instance and non-callable __capabilities__", () => {
  it("an instance __capabilities__ is ignored (default trio) with capabilities-not-static", () => {
    const src = `export class S {\n  __capabilities__() { return { tools: {} }; }\n  handleListTools(ctx: unknown) { return ctx; }\n}\n`;
    const r = analyze({ "s.ts": src });
    const s = server(r, "S");
    assert.deepEqual(s.legacy, LEGACY_TRIO);
    assert.deepEqual(s.modern, MODERN_TRIO);
    const d = one(r, "capabilities-not-static");
    assert.equal(d.severity, "warning");
    assertAt(d, "s.ts", src, "__capabilities__");
  });

  it("an instance arrow-property __capabilities__ is ignored too", () => {
    const r = analyze({ "s.ts": `export class S {\n  __capabilities__ = () => ({});\n  handleListTools(ctx: unknown) { return ctx; }\n}\n` });
    assert.deepEqual(server(r, "S").legacy, LEGACY_TRIO);
    one(r, "capabilities-not-static");
  });

  it("an instance __capabilities__ does not hide an inherited static one", () => {
    const r = analyze({
      "s.ts": `class Base {\n  static __capabilities__() { return { tools: {} }; }\n}\nexport class S extends Base {\n  __capabilities__() { return {}; }\n}\n`,
    });
    // Computed as if absent: the base's static __capabilities__ applies.
    assert.deepEqual(server(r, "S").legacy, { tools: {} });
    one(r, "capabilities-not-static");
  });

  it("a non-callable static __capabilities__: server, both eras null, capabilities-not-callable", () => {
    const src = `export class S {\n  static __capabilities__ = { tools: {} };\n  handleComplete(ctx: unknown) { return ctx; }\n}\n`;
    const r = analyze({ "s.ts": src });
    const s = server(r, "S");
    assert.equal(s.legacy, null);
    assert.equal(s.modern, null);
    const d = one(r, "capabilities-not-callable");
    assert.equal(d.severity, "error");
    assertAt(d, "s.ts", src, "__capabilities__");
  });

  it("a static __capabilities__ bound to a const object is not callable either", () => {
    const r = analyze({ "s.ts": `const CAPS = { tools: {} };\nexport class S {\n  static __capabilities__ = CAPS;\n}\n` });
    const s = server(r, "S");
    assert.equal(s.legacy, null);
    assert.equal(s.modern, null);
    one(r, "capabilities-not-callable");
  });

  it("a static __capabilities__ number is not callable", () => {
    const r = analyze({ "s.ts": `export class S {\n  static __capabilities__ = 42;\n}\n` });
    assert.equal(server(r, "S").legacy, null);
    one(r, "capabilities-not-callable");
  });
});

describe("§4.1 supported expressions", () => {
  it("string, number, boolean, null literals and arrays pass through", () => {
    const { s, r } = base(`{ experimental: { "com.example/x": { s: "text", n: 2.5, t: true, f: false, z: null, list: [1, "a", { k: 0 }] } } }`);
    const want = { experimental: { "com.example/x": { s: "text", n: 2.5, t: true, f: false, z: null, list: [1, "a", { k: 0 }] } } };
    assert.deepEqual(s.legacy, want);
    assert.equal(s.exact, true);
    none(r);
  });

  it("substitution-free template literals", () => {
    const { s } = base("{ experimental: { note: `plain text` } }");
    assert.deepEqual(s.legacy, { experimental: { note: "plain text" } });
    assert.equal(s.exact, true);
  });

  it("a template literal with a substitution is dynamic", () => {
    const { s, r } = base("{ experimental: { note: `v${VERSION}` } }", `const VERSION = "1";\n`);
    assert.deepEqual(s.legacy, { experimental: {} });
    assert.deepEqual(unknownOf(s), [{ path: ["experimental", "note"], source: "`v${VERSION}`" }]);
    assert.equal(s.exact, false);
    one(r, "capabilities-dynamic");
  });

  it("as const", () => {
    assert.deepEqual(base("{ tools: { listChanged: true } } as const").s.legacy, { tools: { listChanged: true } });
  });

  it("as (including double casts)", () => {
    assert.deepEqual(base("{ tools: {} } as unknown as Record<string, object>").s.legacy, { tools: {} });
  });

  it("satisfies", () => {
    const { s } = base("{ tools: {} } satisfies Record<string, object>");
    assert.deepEqual(s.legacy, { tools: {} });
    assert.equal(s.exact, true);
  });

  it("non-null assertion and parentheses", () => {
    const { s } = base("((CAPS!))", `const CAPS: { tools: object } | undefined = { tools: {} };\n`);
    assert.deepEqual(s.legacy, { tools: {} });
    assert.equal(s.exact, true);
  });

  it("casts nested inside the object", () => {
    const { s } = base("{ tools: ({ listChanged: true } as const), prompts: {} satisfies object }");
    assert.deepEqual(s.legacy, { tools: { listChanged: true }, prompts: {} });
  });

  it("a const identifier in the same file", () => {
    const { s } = base("CAPS", `const CAPS = { tools: { listChanged: true }, prompts: {} };\n`);
    assert.deepEqual(s.legacy, { tools: { listChanged: true }, prompts: {} });
    assert.equal(s.exact, true);
  });

  it("const identifiers used as values inside the object", () => {
    const { s } = base("{ tools: TOOLS, experimental: { level: LEVEL } }", `const TOOLS = { listChanged: false };\nconst LEVEL = 3;\n`);
    assert.deepEqual(s.legacy, { tools: { listChanged: false }, experimental: { level: 3 } });
  });

  it("a const imported from another file", () => {
    const r = analyze({
      "caps.ts": `export const CAPS = { prompts: { listChanged: false } };\n`,
      "s.ts": `import { CAPS } from "./caps";\n${capsClass("CAPS")}`,
    });
    const s = server(r, "S");
    assert.deepEqual(s.legacy, { prompts: { listChanged: false } });
    assert.equal(s.exact, true);
  });

  it("a const imported under an alias through a named re-export", () => {
    const r = analyze({
      "caps.ts": `export const CAPS = { prompts: {} };\n`,
      "index.ts": `export { CAPS as SHARED } from "./caps";\n`,
      "s.ts": `import { SHARED } from "./index";\n${capsClass("SHARED")}`,
    });
    assert.deepEqual(server(r, "S").legacy, { prompts: {} });
  });

  it("a const imported through export *", () => {
    const r = analyze({
      "lib/caps.ts": `export const TOOLS = { listChanged: true };\n`,
      "lib/index.ts": `export * from "./caps";\n`,
      "s.ts": `import { TOOLS } from "./lib";\n${capsClass("{ tools: TOOLS }")}`,
    });
    const s = server(r, "S");
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.equal(s.exact, true);
  });

  it("spread of an evaluable object (later keys win)", () => {
    const { s } = base("{ ...BASE, prompts: {}, tools: { x: 1 } }", `const BASE = { tools: {}, resources: {} };\n`);
    assert.deepEqual(s.legacy, { tools: { x: 1 }, resources: {}, prompts: {} });
    assert.equal(s.exact, true);
  });

  it("spread of an imported const", () => {
    const r = analyze({
      "caps.ts": `export const BASE = { tools: {} };\n`,
      "s.ts": `import { BASE } from "./caps";\n${capsClass("{ ...BASE, experimental: {} }")}`,
    });
    assert.deepEqual(server(r, "S").legacy, { tools: {}, experimental: {} });
  });

  it("computed keys that evaluate to strings", () => {
    const { s } = base(`{ [KEY]: {}, ["prompts"]: {} }`, `const KEY = "tools";\n`);
    assert.deepEqual(s.legacy, { tools: {}, prompts: {} });
    assert.equal(s.exact, true);
  });

  it("a computed key from an imported const's property", () => {
    const r = analyze({
      "keys.ts": `export const KEYS = { tools: "tools", prompts: "prompts" } as const;\n`,
      "s.ts": `import { KEYS } from "./keys";\n${capsClass("{ [KEYS.tools]: {}, [KEYS.prompts]: { listChanged: false } }")}`,
    });
    const s = server(r, "S");
    assert.deepEqual(s.legacy, { tools: {}, prompts: { listChanged: false } });
    assert.equal(s.exact, true);
  });

  it("string enum members as keys and values", () => {
    const { s } = base(
      "{ [Cap.Tools]: {}, experimental: { mode: Mode.Fast } }",
      `enum Cap {\n  Tools = "tools",\n  Prompts = "prompts",\n}\nenum Mode {\n  Fast = "fast",\n}\n`,
    );
    assert.deepEqual(s.legacy, { tools: {}, experimental: { mode: "fast" } });
    assert.equal(s.exact, true);
  });

  it("property access on evaluable objects", () => {
    const { s } = base("CONFIG.mcp.caps", `const CONFIG = { mcp: { caps: { tools: {} }, other: 1 } };\n`);
    assert.deepEqual(s.legacy, { tools: {} });
    assert.equal(s.exact, true);
  });

  it("property access used as a value", () => {
    const { s } = base("{ tools: SETTINGS.tools, experimental: { v: SETTINGS.version } }", `const SETTINGS = { tools: { listChanged: true }, version: "2" };\n`);
    assert.deepEqual(s.legacy, { tools: { listChanged: true }, experimental: { v: "2" } });
  });

  it("Object.freeze(x)", () => {
    const { s } = base("Object.freeze({ tools: {}, experimental: Object.freeze({ a: 1 }) })");
    assert.deepEqual(s.legacy, { tools: {}, experimental: { a: 1 } });
    assert.equal(s.exact, true);
  });

  it("a frozen const", () => {
    const { s } = base("CAPS", `const CAPS = Object.freeze({ prompts: {} } as const);\n`);
    assert.deepEqual(s.legacy, { prompts: {} });
    assert.equal(s.exact, true);
  });
});

/** The `unknown` entries of a server, as the spec's JSON states them (no reasons or places). */
function unknownOf(s: ServerReport): { path: readonly string[]; source?: string; spread?: true }[] {
  return s.unknown.map((u) => ({ path: u.path, ...(u.source !== undefined ? { source: u.source } : {}), ...(u.spread ? { spread: u.spread } : {}) }));
}

describe("§4.1 dynamic values", () => {
  it("a call as a value: left out of both eras, listed in unknown with its source, exact false, capabilities-dynamic at the expression", () => {
    const { s, r, src } = base("{ tools: loadTools(), prompts: {} }", `declare function loadTools(): object;\n`);
    assert.deepEqual(s.legacy, { prompts: {} });
    // §4.1: era rules neither merge into an unknown value nor report it.
    assert.deepEqual(s.modern, { prompts: { listChanged: true }, logging: {} });
    assert.deepEqual(unknownOf(s), [{ path: ["tools"], source: "loadTools()" }]);
    assert.match(s.unknown[0]!.reason, /loadTools\(\) cannot be known without running the server/);
    assert.equal(s.exact, false);
    const d = one(r, "capabilities-dynamic");
    assert.equal(d.severity, "information");
    assertAt(d, "s.ts", src, "loadTools()", "return");
    none(r, "capability-not-object");
  });

  it("a nested dynamic value (process.env)", () => {
    const { s } = base("{ experimental: { flag: process.env.FLAG } }");
    assert.deepEqual(s.legacy, { experimental: {} });
    assert.deepEqual(unknownOf(s), [{ path: ["experimental", "flag"], source: "process.env.FLAG" }]);
    assert.equal(s.exact, false);
  });

  it("the whole base dynamic: both eras null, exact false", () => {
    const { s, r, src } = base("loadCaps()", `declare function loadCaps(): object;\n`, "  handleComplete(ctx: unknown) { return ctx; }\n");
    assert.equal(s.legacy, null);
    assert.equal(s.modern, null);
    assert.equal(s.exact, false);
    assert.deepEqual(unknownOf(s), [{ path: [], source: "loadCaps()" }]);
    assertAt(one(r, "capabilities-dynamic"), "s.ts", src, "loadCaps()", "return");
  });

  it("a let binding is dynamic (only const bindings are evaluated)", () => {
    const { s } = base("caps", `let caps = { tools: {} };\ncaps = { tools: {} };\n`);
    assert.equal(s.legacy, null);
    assert.equal(s.modern, null);
    assert.equal(s.exact, false);
  });

  it("a const whose initialiser is not evaluable is dynamic", () => {
    const { s, r } = base("CAPS", `declare function load(): object;\nconst CAPS = load();\n`);
    assert.equal(s.legacy, null);
    assert.equal(s.modern, null);
    assert.equal(s.exact, false);
    assert.ok(r.codes("capabilities-dynamic").length >= 1);
  });

  it("a dynamic spread keeps the object's known keys and adds a spread entry at its path", () => {
    const { s, r } = base("{ tools: {}, ...extra() }", `declare function extra(): object;\n`);
    assert.deepEqual(s.legacy, { tools: {} });
    assert.deepEqual(s.modern, { tools: { listChanged: true }, logging: {} });
    assert.deepEqual(unknownOf(s), [{ path: [], source: "...extra()", spread: true }]);
    assert.equal(s.exact, false);
    assert.match(one(r, "capabilities-dynamic").text, /extra\(\)/);
  });

  it("a dynamic computed key adds a spread entry at the enclosing object's path", () => {
    const { s, r } = base("{ [keyName()]: { a: 1 }, prompts: {} }", `declare function keyName(): string;\n`);
    assert.deepEqual(s.legacy, { prompts: {} });
    assert.equal(s.unknown.length, 1);
    assert.deepEqual(s.unknown[0]!.path, []);
    assert.equal(s.unknown[0]!.spread, true);
    assert.match(s.unknown[0]!.source!, /keyName\(\)/);
    assert.equal(s.exact, false);
    assert.ok(r.codes("capabilities-dynamic").length >= 1);
  });

  it("several dynamic spreads and keys in one object: an entry and a diagnostic for each, at its own place", () => {
    const expr = "{ ...load(), tools: {}, [key()]: {}, ...b(), ...a() }";
    const { s, r } = base(expr, `declare function load(): object;\ndeclare function key(): string;\ndeclare function a(): object;\ndeclare function b(): object;\n`);
    assert.deepEqual(s.legacy, { tools: {} });
    assert.deepEqual(unknownOf(s), [
      { path: [], source: "...a()", spread: true },
      { path: [], source: "...b()", spread: true },
      { path: [], source: "...load()", spread: true },
      { path: [], source: "[key()]", spread: true },
    ]);
    const found = r.codes("capabilities-dynamic").map((d) => d.text);
    assert.deepEqual(found.sort(), ["...a()", "...b()", "...load()", "[key()]"]);
  });

  it("a base known statically that is not an object (null, an array, a number): capability-not-object, both eras null, nothing unknown", () => {
    for (const expr of ["null", "[{ tools: {} }]", "5"]) {
      const { s, r } = base(expr);
      assert.equal(s.legacy, null, expr);
      assert.equal(s.modern, null, expr);
      assert.deepEqual(s.unknown, [], expr);
      assert.equal(s.exact, true, expr);
      assert.ok(r.codes("capability-not-object").length >= 1, expr);
    }
  });

  it("an array with an item not known is left out, with an unknown entry at its key (never a null placeholder)", () => {
    const { s } = base(`{ tools: {}, experimental: { "com.example/regions": { list: ["eu", region()] } } }`, `declare function region(): string;\n`);
    assert.deepEqual(s.legacy, { tools: {}, experimental: { "com.example/regions": {} } });
    assert.deepEqual(unknownOf(s), [{ path: ["experimental", "com.example/regions", "list"], source: "region()" }]);
  });

  it("a function as a value is named by the expression written, and the diagnostic points there", () => {
    const { s, r } = base(`{ tools: {}, experimental: { "com.example/render": renderPreview } }`, `function renderPreview() { return 1; }\n`);
    assert.deepEqual(unknownOf(s), [{ path: ["experimental", "com.example/render"], source: "renderPreview" }]);
    assert.deepEqual(r.codes("capabilities-dynamic").map((d) => d.text), ["renderPreview"]);
  });

  it("a dynamic spread nested in a capability object", () => {
    const { s } = base("{ tools: { ...toolFlags(), x: 1 } }", `declare function toolFlags(): object;\n`);
    assert.deepEqual(s.legacy, { tools: { x: 1 } });
    assert.deepEqual(unknownOf(s), [{ path: ["tools"], source: "...toolFlags()", spread: true }]);
    assert.equal(s.exact, false);
  });

  it("era rules leave a dynamic resources value alone (no subscribe merge, no capability-not-object)", () => {
    const { s, r } = base(
      "{ resources: getResources() }",
      `declare function getResources(): object;\n`,
      "  handleSubscribeResource(ctx: unknown, uri: string) { return uri; }\n",
    );
    assert.deepEqual(s.legacy, {});
    assert.deepEqual(s.modern, { logging: {} });
    assert.deepEqual(unknownOf(s), [{ path: ["resources"], source: "getResources()" }]);
    none(r, "capability-not-object");
    // "resources" is in the base: the subscribe handler is not ignored for lack of it.
    none(r, "subscribe-without-resources");
  });

  it("an object written in the source whose only entry is a dynamic spread is still an object: the era rules merge into it", () => {
    const { s } = base(
      "{ resources: { ...extra() }, tools: { [keyName()]: true } }",
      `declare function extra(): object;\ndeclare function keyName(): string;\n`,
      "  handleSubscribeResource(ctx: unknown, uri: string) { return uri; }\n",
    );
    assert.deepEqual(s.legacy, { resources: { subscribe: true }, tools: {} });
    assert.deepEqual(s.modern, {
      logging: {},
      resources: { listChanged: true, subscribe: true },
      tools: { listChanged: true },
    });
    assert.deepEqual(unknownOf(s), [
      { path: ["resources"], source: "...extra()", spread: true },
      { path: ["tools"], source: "[keyName()]", spread: true },
    ]);
    assert.equal(s.exact, false);
  });

  it("an unknown entry quotes the expression's source text, arguments included", () => {
    const { s } = base("{ tools: load({ a: 1 }), prompts: load([1, 2], () => 3) }", `declare function load(...a: unknown[]): object;\n`);
    assert.deepEqual(s.legacy, {});
    assert.deepEqual(unknownOf(s), [{ path: ["prompts"], source: "load([1, 2], () => 3)" }, { path: ["tools"], source: "load({ a: 1 })" }]);
  });

  it("dynamic parts do not produce other diagnostics", () => {
    const { r } = base("{ tools: loadTools() }", `declare function loadTools(): object;\n`);
    assert.deepEqual(codesOf(r), ["capabilities-dynamic"]);
  });
});
