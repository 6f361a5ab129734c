// Spec §7: every diagnostic code, its severity and location (the member or key concerned), messages
// that say how to fix it, and the handler-misspelled / unknown-capability-key subtleties.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../helpers/memoryWorkspace";
import { assertAt, capsClass, codesOf, none, one, server } from "./_util";

const LIST_TOOLS = "  handleListTools(ctx: unknown) { return ctx; }\n";

function cls(body: string, name = "S"): string {
  return `export class ${name} {\n${body}}\n`;
}

describe("§7 one test per code", () => {
  it("subscribe-without-resources: warning at handleSubscribeResource", () => {
    const src = capsClass("{ tools: {} }", "  handleSubscribeResource(ctx: unknown, uri: string) { return uri; }\n");
    const r = analyze({ "s.ts": src });
    const d = one(r, "subscribe-without-resources");
    assert.equal(d.severity, "warning");
    assert.equal(d.line, 5);
    assertAt(d, "s.ts", src, "handleSubscribeResource");
    assert.match(d.message, /resources/);
  });

  it("subscribe-without-resources: not when the base has resources", () => {
    const r = analyze({ "s.ts": capsClass("{ resources: {} }", "  handleSubscribeResource(ctx: unknown, uri: string) { return uri; }\n") });
    none(r);
  });

  it("unsubscribe-without-subscribe: warning at handleUnsubscribeResource", () => {
    const src = cls(`${LIST_TOOLS}  handleUnsubscribeResource(ctx: unknown, uri: string) { return uri; }\n`);
    const r = analyze({ "s.ts": src });
    const d = one(r, "unsubscribe-without-subscribe");
    assert.equal(d.severity, "warning");
    assert.equal(d.line, 3);
    assertAt(d, "s.ts", src, "handleUnsubscribeResource");
    assert.match(d.message, /handleSubscribeResource/);
  });

  it("unsubscribe-without-subscribe: not when handleSubscribeResource is present (even inherited)", () => {
    const r = analyze({
      "s.ts": `class Base {\n  handleSubscribeResource(ctx: unknown, uri: string) { return uri; }\n}\n${cls("  handleUnsubscribeResource(ctx: unknown, uri: string) { return uri; }\n").replace("class S", "class S extends Base")}`,
    });
    none(r, "unsubscribe-without-subscribe");
  });

  it("capability-not-object: error at the key", () => {
    const src = capsClass("{ tools: {}, resources: null }");
    const r = analyze({ "s.ts": src });
    const d = one(r, "capability-not-object");
    assert.equal(d.severity, "error");
    assertAt(d, "s.ts", src, "resources");
    assert.match(d.message, /object/);
  });

  it("handler-arity: warning at the handler name, message names the handler", () => {
    const src = cls("  handleGetPrompt(ctx: unknown, name: string, args: unknown, extra: unknown) { return extra; }\n");
    const r = analyze({ "s.ts": src });
    const d = one(r, "handler-arity");
    assert.equal(d.severity, "warning");
    assertAt(d, "s.ts", src, "handleGetPrompt");
    assert.match(d.message, /handleGetPrompt/);
  });

  it("handler-static: warning at the member name", () => {
    const src = cls(`${LIST_TOOLS}  static handleGetPrompt(ctx: unknown) { return ctx; }\n`);
    const r = analyze({ "s.ts": src });
    const d = one(r, "handler-static");
    assert.equal(d.severity, "warning");
    assert.equal(d.line, 3);
    assertAt(d, "s.ts", src, "handleGetPrompt");
    assert.match(d.message, /static/);
  });

  it("handler-misspelled: warning at the member name, message names the handler, offers a rename", () => {
    const src = cls(`${LIST_TOOLS}  handleCompletion(ctx: unknown, ref: unknown, argument: unknown) { return ref; }\n`);
    const r = analyze({ "s.ts": src });
    const d = one(r, "handler-misspelled");
    assert.equal(d.severity, "warning");
    assertAt(d, "s.ts", src, "handleCompletion");
    assert.match(d.message, /handleComplete\b/);
    const renames = (d.raw.fixes ?? []).flatMap((f) => f.edits.map((e) => e.newText));
    assert.ok(renames.includes("handleComplete"), `rename fix offered: ${JSON.stringify(renames)}`);
  });

  it("capabilities-not-static: warning at the member name", () => {
    const src = cls(`${LIST_TOOLS}  __capabilities__() { return {}; }\n`);
    const r = analyze({ "s.ts": src });
    const d = one(r, "capabilities-not-static");
    assert.equal(d.severity, "warning");
    assertAt(d, "s.ts", src, "__capabilities__");
    assert.match(d.message, /static/);
  });

  it("capabilities-not-callable: error at the member name", () => {
    const src = cls("  static __capabilities__ = { tools: {} };\n");
    const r = analyze({ "s.ts": src });
    const d = one(r, "capabilities-not-callable");
    assert.equal(d.severity, "error");
    assertAt(d, "s.ts", src, "__capabilities__");
  });

  it("capabilities-dynamic: information at the expression", () => {
    const src = capsClass("{ prompts: buildPrompts() }");
    const r = analyze({ "s.ts": src });
    const d = one(r, "capabilities-dynamic");
    assert.equal(d.severity, "information");
    assertAt(d, "s.ts", src, "buildPrompts()");
  });

  it("unknown-capability-key: warning at the key, suggests the nearest key", () => {
    const src = capsClass("{ tool: {} }");
    const r = analyze({ "s.ts": src });
    const d = one(r, "unknown-capability-key");
    assert.equal(d.severity, "warning");
    assertAt(d, "s.ts", src, "tool");
    assert.match(d.message, /"?tools"?/);
    assert.match(d.message, /\btools\b/);
  });

  it("endpoint-capabilities-override: warning at __capabilities__", () => {
    const src = `import { Endpoint, Tool } from "@conduit/mcp";\n@Tool({})\nclass T {}\n@Endpoint({ name: "e", components: [T] })\nexport class E {\n  static __capabilities__() { return { tools: {} }; }\n}\n`;
    const r = analyze({ "e.ts": src });
    const d = one(r, "endpoint-capabilities-override");
    assert.equal(d.severity, "warning");
    assert.equal(d.line, 6);
    assertAt(d, "e.ts", src, "__capabilities__");
  });

  it("component-unresolved: information at the component", () => {
    const src = `import { Endpoint } from "@conduit/mcp";\nclass Unknown {}\n@Endpoint({ name: "e", components: [Unknown] })\nexport class E {}\n`;
    const r = analyze({ "e.ts": src });
    const d = one(r, "component-unresolved");
    assert.equal(d.severity, "information");
    assert.equal(server(r, "E").exact, false);
    assertAt(d, "e.ts", src, "Unknown", "components");
  });

  it("inheritance-cycle: error at every class name of the cycle", { timeout: 20_000 }, () => {
    const src = `export class A extends B {}\nexport class B extends A {}\n`;
    const r = analyze({ "s.ts": src });
    const ds = r.codes("inheritance-cycle");
    assert.deepEqual(ds.map((d) => [d.severity, d.line, d.text]).sort(), [["error", 1, "A"], ["error", 2, "B"]]);
  });

  it("base-unresolved: information at the class name, message names the target", () => {
    const src = `import { Gone } from "./gone";\nexport class S extends Gone {\n${LIST_TOOLS}}\n`;
    const r = analyze({ "s.ts": src });
    const d = one(r, "base-unresolved");
    assert.equal(d.severity, "information");
    assertAt(d, "s.ts", src, "S", "class ");
    assert.match(d.message, /Gone/);
  });

  it("logging-deprecated: hint at handleSetLogLevel", () => {
    const src = cls("  handleSetLogLevel(ctx: unknown, level: string) { return level; }\n");
    const r = analyze({ "s.ts": src });
    const d = one(r, "logging-deprecated");
    assert.equal(d.severity, "hint");
    assertAt(d, "s.ts", src, "handleSetLogLevel");
    assert.deepEqual(codesOf(r), ["logging-deprecated"]);
  });

  it("tasks-legacy-shape: warning at the tasks key, message mentions the extension", () => {
    const src = capsClass("{ tools: {}, tasks: { list: {} } }");
    const r = analyze({ "s.ts": src });
    const d = one(r, "tasks-legacy-shape");
    assert.equal(d.severity, "warning");
    assertAt(d, "s.ts", src, "tasks");
    assert.match(d.message, /extension/i);
    none(r, "unknown-capability-key");
  });

  it("diagnostics in another file carry that file", () => {
    const r = analyze({
      "a/base.ts": `export class Base {\n  handleListTools(ctx: unknown, cursor: unknown, extra: unknown) { return extra; }\n}\n`,
      "b/server.ts": `export class Other {\n  handle_get_prompt(ctx: unknown) { return ctx; }\n  handleListTools(ctx: unknown) { return ctx; }\n}\n`,
    });
    assert.equal(one(r, "handler-arity").file, "a/base.ts");
    const d = one(r, "handler-misspelled");
    assert.equal(d.file, "b/server.ts");
    assert.equal(d.line, 2);
  });
});

describe("§7 handler-misspelled subtleties", () => {
  function misspelled(member: string, others = LIST_TOOLS) {
    const src = cls(`${others}  ${member}(ctx: unknown) { return ctx; }\n`);
    return { r: analyze({ "s.ts": src }), src };
  }

  it("equal ignoring case and underscores: handle_complete → handleComplete", () => {
    const { r, src } = misspelled("handle_complete");
    const d = one(r, "handler-misspelled");
    assertAt(d, "s.ts", src, "handle_complete");
    assert.match(d.message, /handleComplete\b/);
  });

  it("equal ignoring case and underscores: handle_list_tools → handleListTools (when lacking it)", () => {
    const { r } = misspelled("handle_list_tools", "  handleCallTool(ctx: unknown) { return ctx; }\n");
    assert.match(one(r, "handler-misspelled").message, /handleListTools\b/);
  });

  it("all lower case: handlesetloglevel → handleSetLogLevel", () => {
    const { r } = misspelled("handlesetloglevel");
    assert.match(one(r, "handler-misspelled").message, /handleSetLogLevel\b/);
  });

  it("distance 1: handleSetLoglevel → handleSetLogLevel", () => {
    const { r } = misspelled("handleSetLoglevel");
    assert.match(one(r, "handler-misspelled").message, /handleSetLogLevel\b/);
  });

  it("distance 1: handleReadResources → handleReadResource", () => {
    const { r } = misspelled("handleReadResources");
    assert.match(one(r, "handler-misspelled").message, /handleReadResource\b/);
  });

  it("distance 3: handleCompletion → handleComplete", () => {
    const { r } = misspelled("handleCompletion");
    assert.match(one(r, "handler-misspelled").message, /handleComplete\b/);
  });

  it("distance 4 is not reported: handleCompletions", () => {
    const { r } = misspelled("handleCompletions");
    none(r, "handler-misspelled");
  });

  it("Damerau (transpositions count 1): ahndleCmopleet is 3, though Levenshtein 6", () => {
    const { r } = misspelled("ahndleCmopleet");
    assert.match(one(r, "handler-misspelled").message, /handleComplete\b/);
  });

  it("unrestricted Damerau: a transposed pair with an edit between counts 2 (handleCompeXlteZ is 3; restricted OSA says 4)", () => {
    const { r } = misspelled("handleCompeXlteZ");
    assert.match(one(r, "handler-misspelled").message, /handleComplete\b/);
  });

  it("distance is case-sensitive: HANDLECOMPLETEX is far from handleComplete", () => {
    const { r } = misspelled("HANDLECOMPLETEX");
    none(r, "handler-misspelled");
  });

  it("never when the resembled handler is present: handleCallTools beside handleCallTool", () => {
    const { r } = misspelled("handleCallTools", "  handleCallTool(ctx: unknown) { return ctx; }\n");
    none(r);
  });

  it("never when the resembled handler is inherited", () => {
    const r = analyze({
      "s.ts": `class Base {\n  handleComplete(ctx: unknown) { return ctx; }\n}\nexport class S extends Base {\n${LIST_TOOLS}  handleCompletion(ctx: unknown) { return ctx; }\n}\n`,
    });
    none(r, "handler-misspelled");
  });

  it("never for a member the class calls as this.<name>", () => {
    const r = analyze({
      "s.ts": cls(`  handleListTools(ctx: unknown) { return this.handleCompletion(ctx); }\n  handleCompletion(ctx: unknown) { return ctx; }\n`),
    });
    none(r, "handler-misspelled");
  });

  it("never on a static member", () => {
    const { r } = misspelled("static handleCompletion");
    none(r, "handler-misspelled");
  });

  it("an arrow-function property is a member too", () => {
    const src = cls(`${LIST_TOOLS}  handle_set_log_level = (ctx: unknown) => ctx;\n`);
    const r = analyze({ "s.ts": src });
    assertAt(one(r, "handler-misspelled"), "s.ts", src, "handle_set_log_level");
  });

  it("only in server classes: a class whose only handler-like member is misspelled is not a server", () => {
    const r = analyze({ "s.ts": cls("  handleCompletion(ctx: unknown) { return ctx; }\n  handle_call_tool() { return 1; }\n") });
    assert.equal(r.servers.size, 0);
    none(r);
  });

  it("reported in an @mcpServer class too", () => {
    const src = `/** @mcpServer */\nexport class S {\n  handleSetLogLevl(ctx: unknown) { return ctx; }\n}\n`;
    const r = analyze({ "s.ts": src });
    const d = one(r, "handler-misspelled");
    assertAt(d, "s.ts", src, "handleSetLogLevl");
    assert.match(d.message, /handleSetLogLevel\b/);
  });

  it("the misspelled member does not count as the handler", () => {
    const { r } = misspelled("handleCompletion");
    assert.equal(server(r, "S").legacy?.completions, undefined);
  });

  it("two misspellings, two warnings", () => {
    const src = cls(`${LIST_TOOLS}  handleCompletion(ctx: unknown) { return ctx; }\n  handle_set_log_level(ctx: unknown) { return ctx; }\n`);
    const r = analyze({ "s.ts": src });
    assert.deepEqual(r.codes("handler-misspelled").map((d) => d.line).sort(), [3, 4]);
  });

  it("unrelated helpers are not reported", () => {
    const r = analyze({ "s.ts": cls(`${LIST_TOOLS}  helper() { return 1; }\n  handleClick() { return 2; }\n  format(x: unknown) { return x; }\n`) });
    none(r);
  });
});

describe("§7 unknown-capability-key", () => {
  it("completion suggests completions", () => {
    const src = capsClass("{ completion: {} }");
    const r = analyze({ "s.ts": src });
    const d = one(r, "unknown-capability-key");
    assertAt(d, "s.ts", src, "completion");
    assert.match(d.message, /\bcompletions\b/);
  });

  it("resource suggests resources", () => {
    const r = analyze({ "s.ts": capsClass("{ resource: {} }") });
    assert.match(one(r, "unknown-capability-key").message, /\bresources\b/);
  });

  it("prompt suggests prompts", () => {
    const r = analyze({ "s.ts": capsClass("{ prompt: {} }") });
    assert.match(one(r, "unknown-capability-key").message, /\bprompts\b/);
  });

  it("the eight known keys are never reported", () => {
    const r = analyze({
      "s.ts": capsClass("{ completions: {}, experimental: {}, extensions: {}, logging: {}, prompts: {}, resources: {}, tasks: {}, tools: {} }"),
    });
    none(r, "unknown-capability-key");
  });

  it("only top-level keys: unknown inner keys are not reported", () => {
    const r = analyze({ "s.ts": capsClass(`{ tools: { listChangd: true }, experimental: { whatever: {} } }`) });
    none(r, "unknown-capability-key");
  });

  it("an unknown key still passes through to both eras", () => {
    const r = analyze({ "s.ts": capsClass("{ tool: {} }") });
    const s = server(r, "S");
    assert.deepEqual(s.legacy, { tool: {} });
    assert.deepEqual(s.modern, { tool: {}, logging: {} });
  });

  it("never on the default trio", () => {
    const r = analyze({ "s.ts": cls(LIST_TOOLS) });
    none(r);
  });
});
