// Spec §3: handler presence, member forms, arity and static members.
import { conduitDetails } from "../../../server/src/analysis/dialects/conduit/details";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../helpers/memoryWorkspace";
import { LEGACY_TRIO, MODERN_TRIO, assertAt, codesOf, none, notServer, one, params, server } from "./_util";

/** §3 table: handler → the most parameters the runtime passes. */
const HANDLERS: Record<string, number> = {
  handleListTools: 2,
  handleCallTool: 3,
  handleListResources: 2,
  handleListResourceTemplates: 1,
  handleReadResource: 2,
  handleSubscribeResource: 2,
  handleUnsubscribeResource: 2,
  handleListPrompts: 2,
  handleGetPrompt: 3,
  handleComplete: 3,
  handleSetLogLevel: 2,
};

/** Expected legacy era of a class whose only handler is `h` (default-trio base). */
function legacyWithOnly(h: string): object {
  if (h === "handleSubscribeResource") return { ...LEGACY_TRIO, resources: { listChanged: false, subscribe: true } };
  if (h === "handleSetLogLevel") return { ...LEGACY_TRIO, logging: {} };
  return LEGACY_TRIO;
}

describe("§3 each handler", () => {
  for (const [h, max] of Object.entries(HANDLERS)) {
    if (h === "handleComplete") continue;
    it(`${h} alone makes a server; its capability effect on the default trio`, () => {
      const r = analyze({ "s.ts": `export class S {\n  ${h}(${params(max)}) { return ctx; }\n}\n` });
      const s = server(r, "S");
      assert.deepEqual(s.legacy, legacyWithOnly(h));
      // The modern era does not depend on these handlers (only handleComplete).
      assert.deepEqual(s.modern, MODERN_TRIO);
      none(r, "handler-arity");
    });
  }

  it("handleComplete adds completions {} in both eras", () => {
    const r = analyze({ "s.ts": `export class S {\n  handleListTools(ctx: unknown) { return ctx; }\n  handleComplete(${params(3)}) { return ctx; }\n}\n` });
    const s = server(r, "S");
    assert.deepEqual(s.legacy, { ...LEGACY_TRIO, completions: {} });
    assert.deepEqual(s.modern, { ...MODERN_TRIO, completions: {} });
    none(r);
  });

  it("async handlers count", () => {
    const r = analyze({ "s.ts": `export class S {\n  async handleSetLogLevel(ctx: unknown, level: string) { return level; }\n}\n` });
    assert.deepEqual(server(r, "S").legacy, { ...LEGACY_TRIO, logging: {} });
  });
});

describe("§3 member forms", () => {
  it("a computed member name from a const string of the file counts as that name", () => {
    const r = analyze({
      "s.ts": `const SUB = "handleSubscribeResource";\nexport class S {\n  static __capabilities__() { return { resources: {} }; }\n  [SUB](ctx: unknown, uri: string) { return uri; }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, { resources: { subscribe: true } });
  });

  it("a property initialised with an arrow function counts", () => {
    const r = analyze({
      "s.ts": `export class S {\n  handleListTools = (ctx: unknown) => ctx;\n  handleComplete = (ctx: unknown, ref: unknown) => ref;\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, { ...LEGACY_TRIO, completions: {} });
  });

  it("a property initialised with a function expression counts", () => {
    const r = analyze({ "s.ts": `export class S {\n  handleSetLogLevel = function (ctx: unknown, level: string) { return level; };\n}\n` });
    assert.deepEqual(server(r, "S").legacy, { ...LEGACY_TRIO, logging: {} });
  });

  it("a function-typed property assigned in the constructor counts", () => {
    const r = analyze({
      "s.ts": `export class S {\n  handleComplete: (ctx: unknown) => unknown;\n  handleListTools: (ctx: unknown) => unknown;\n  constructor() {\n    this.handleComplete = (ctx) => ctx;\n    this.handleListTools = (ctx) => ctx;\n  }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, { ...LEGACY_TRIO, completions: {} });
  });

  it("a function-typed property never assigned in the constructor does not count", () => {
    const r = analyze({
      "s.ts": `export class S {\n  handleComplete!: (ctx: unknown) => unknown;\n  handleListTools(ctx: unknown) { return ctx; }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, LEGACY_TRIO);
  });

  it("an abstract member does not count", () => {
    const r = analyze({
      "s.ts": `abstract class Base {\n  abstract handleComplete(ctx: unknown): unknown;\n  abstract handleSetLogLevel(ctx: unknown, level: string): unknown;\n}\nexport class S extends Base {\n  handleListTools(ctx: unknown) { return ctx; }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, LEGACY_TRIO);
  });

  it("a class with only abstract handlers (inherited) is not a server", () => {
    const r = analyze({ "s.ts": `abstract class Base {\n  abstract handleListTools(ctx: unknown): unknown;\n}\nexport class S extends Base {}\n` });
    notServer(r, "S");
  });

  it("interface members do not count (implements)", () => {
    const r = analyze({
      "s.ts": `interface Completer {\n  handleComplete(ctx: unknown): unknown;\n}\nexport class S implements Completer {\n  handleListTools(ctx: unknown) { return ctx; }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, LEGACY_TRIO);
  });

  it("interface members do not count (declaration merging)", () => {
    const r = analyze({
      "s.ts": `export interface S {\n  handleComplete(ctx: unknown): unknown;\n  handleSetLogLevel(ctx: unknown, level: string): unknown;\n}\nexport class S {\n  handleListTools(ctx: unknown) { return ctx; }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, LEGACY_TRIO);
  });

  it("an interface alone never makes a server", () => {
    const r = analyze({ "s.ts": `export interface S {\n  handleListTools(ctx: unknown): unknown;\n}\nexport class S {}\n` });
    notServer(r, "S");
  });

  it("overloads count once", () => {
    const r = analyze({
      "s.ts": `export class S {\n  handleCallTool(ctx: unknown, name: string): unknown;\n  handleCallTool(ctx: unknown, name: string, args: unknown): unknown;\n  handleCallTool(ctx: unknown, name: string, args?: unknown) { return args; }\n}\n`,
    });
    const s = server(r, "S");
    assert.deepEqual(s.legacy, LEGACY_TRIO);
    assert.equal(conduitDetails(s.details)!.handlers.filter((h) => h.handler === "handleCallTool").length, 1);
    none(r);
  });

  it("overloads of a lone handleComplete still do not make a server", () => {
    const r = analyze({
      "s.ts": `export class Picker {\n  handleComplete(ctx: unknown): unknown;\n  handleComplete(ctx: unknown, ref: unknown): unknown;\n  handleComplete(ctx: unknown, ref?: unknown) { return ref; }\n}\n`,
    });
    notServer(r, "Picker");
  });

  it("an own handler overriding an inherited one is still present", () => {
    const r = analyze({
      "s.ts": `class Base {\n  handleComplete(ctx: unknown) { return ctx; }\n}\nexport class S extends Base {\n  override handleComplete(ctx: unknown) { return ctx; }\n  handleListTools(ctx: unknown) { return ctx; }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, { ...LEGACY_TRIO, completions: {} });
  });
});

describe("§3 arity", () => {
  for (const [h, max] of Object.entries(HANDLERS)) {
    it(`${h} with ${max + 1} parameters still counts and gets handler-arity`, () => {
      const extra = h === "handleComplete" ? "  handleListTools(ctx: unknown) { return ctx; }\n" : "";
      const src = `export class S {\n${extra}  ${h}(${params(max + 1)}) { return ctx; }\n}\n`;
      const r = analyze({ "s.ts": src });
      const s = server(r, "S");
      // The name decides: the handler's capability effect still applies.
      assert.deepEqual(s.legacy, h === "handleComplete" ? { ...LEGACY_TRIO, completions: {} } : legacyWithOnly(h));
      const d = one(r, "handler-arity");
      assert.equal(d.severity, "warning");
      assertAt(d, "s.ts", src, h);
    });
  }

  it("fewer parameters than allowed are fine", () => {
    const r = analyze({ "s.ts": `export class S {\n  handleCallTool() { return 1; }\n  handleGetPrompt(ctx: unknown) { return ctx; }\n}\n` });
    server(r, "S");
    none(r);
  });

  it("rest parameters are fine", () => {
    const r = analyze({
      "s.ts": `export class S {\n  handleListResourceTemplates(...args: unknown[]) { return args; }\n  handleListTools(ctx: unknown, cursor: unknown, ...more: unknown[]) { return more; }\n}\n`,
    });
    server(r, "S");
    none(r, "handler-arity");
  });

  it("a TypeScript this parameter is not counted", () => {
    const r = analyze({ "s.ts": `export class S {\n  handleListResourceTemplates(this: S, ctx: unknown) { return ctx; }\n}\n` });
    server(r, "S");
    none(r, "handler-arity");
  });

  it("a this parameter plus too many real parameters still gets handler-arity", () => {
    const src = `export class S {\n  handleListResourceTemplates(this: S, ctx: unknown, extra: unknown) { return extra; }\n}\n`;
    const r = analyze({ "s.ts": src });
    assertAt(one(r, "handler-arity"), "s.ts", src, "handleListResourceTemplates");
  });

  it("an arrow-function property with too many parameters gets handler-arity", () => {
    const src = `export class S {\n  handleReadResource = (ctx: unknown, uri: string, extra: unknown) => extra;\n}\n`;
    const r = analyze({ "s.ts": src });
    server(r, "S");
    assertAt(one(r, "handler-arity"), "s.ts", src, "handleReadResource");
  });
});

describe("§3 static members", () => {
  it("a static handler does not count and gets handler-static only", () => {
    const src = `export class S {\n  handleListTools(ctx: unknown) { return ctx; }\n  static handleComplete(ctx: unknown) { return ctx; }\n}\n`;
    const r = analyze({ "s.ts": src });
    assert.deepEqual(server(r, "S").legacy, LEGACY_TRIO);
    const d = one(r, "handler-static");
    assert.equal(d.severity, "warning");
    assertAt(d, "s.ts", src, "handleComplete");
    assert.deepEqual(codesOf(r), ["handler-static"]);
  });

  it("a static handler with too many parameters gets no handler-arity", () => {
    const r = analyze({
      "s.ts": `export class S {\n  handleListTools(ctx: unknown) { return ctx; }\n  static handleCallTool(a: 1, b: 2, c: 3, d: 4, e: 5) { return a; }\n}\n`,
    });
    assert.deepEqual(codesOf(r), ["handler-static"]);
  });

  it("a static arrow property with a handler's name gets handler-static", () => {
    const src = `export class S {\n  handleListTools(ctx: unknown) { return ctx; }\n  static handleSetLogLevel = (ctx: unknown) => ctx;\n}\n`;
    const r = analyze({ "s.ts": src });
    assert.deepEqual(server(r, "S").legacy, LEGACY_TRIO);
    assertAt(one(r, "handler-static"), "s.ts", src, "handleSetLogLevel");
    assert.deepEqual(codesOf(r), ["handler-static"]);
  });

  it("a static handleSubscribeResource does not set legacy subscribe", () => {
    const r = analyze({
      "s.ts": `export class S {\n  handleListResources(ctx: unknown) { return ctx; }\n  static handleSubscribeResource(ctx: unknown, uri: string) { return uri; }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, LEGACY_TRIO);
    assert.deepEqual(codesOf(r), ["handler-static"]);
  });
});
