// Spec §2: which classes are servers, and that non-servers never get diagnostics.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../helpers/memoryWorkspace";
import { LEGACY_TRIO, MODERN_TRIO, none, notServer, server, serverNames } from "./_util";

const LIST_TOOLS = "handleListTools(ctx: unknown) { return { tools: [] }; }";

describe("§2 class forms", () => {
  it("a class declaration with a handler is a server named after the class", () => {
    const r = analyze({ "s.ts": `export class EchoServer {\n  ${LIST_TOOLS}\n}\n` });
    const s = server(r, "EchoServer");
    assert.deepEqual(s.legacy, LEGACY_TRIO);
    assert.deepEqual(s.modern, MODERN_TRIO);
    assert.equal(s.exact, true);
    assert.deepEqual(serverNames(r), ["EchoServer"]);
  });

  it("a non-exported class declaration is a server too", () => {
    const r = analyze({ "s.ts": `class Hidden {\n  ${LIST_TOOLS}\n}\nexport {};\n` });
    server(r, "Hidden");
  });

  it("a class expression bound to a const takes the binding's name", () => {
    const r = analyze({ "s.ts": `export const ConstServer = class {\n  ${LIST_TOOLS}\n};\n` });
    assert.deepEqual(server(r, "ConstServer").legacy, LEGACY_TRIO);
  });

  it("a named class expression bound to a const takes the binding's name, not the class's", () => {
    const r = analyze({ "s.ts": `export const Outer = class Inner {\n  ${LIST_TOOLS}\n};\n` });
    server(r, "Outer");
    notServer(r, "Inner");
  });

  it("a class expression bound to a let takes the binding's name", () => {
    const r = analyze({ "s.ts": `export let LetServer = class {\n  ${LIST_TOOLS}\n};\n` });
    server(r, "LetServer");
  });

  it('an anonymous export default class is named "default"', () => {
    const r = analyze({ "s.ts": `export default class {\n  ${LIST_TOOLS}\n}\n` });
    assert.deepEqual(server(r, "default").modern, MODERN_TRIO);
  });

  it('an anonymous export default class extending a base is named "default" and inherits', () => {
    const r = analyze({
      "base.ts": `export class Base {\n  handleComplete(ctx: unknown) { return ctx; }\n  ${LIST_TOOLS}\n}\n`,
      "s.ts": `import { Base } from "./base";\nexport default class extends Base {}\n`,
    });
    assert.deepEqual(server(r, "default").legacy, { ...LEGACY_TRIO, completions: {} });
  });

  it("a named export default class keeps its name", () => {
    const r = analyze({ "s.ts": `export default class Named {\n  ${LIST_TOOLS}\n}\n` });
    server(r, "Named");
  });
});

describe("§2 abstract classes", () => {
  it("an abstract class with concrete handlers is never reported", () => {
    const r = analyze({ "s.ts": `export abstract class AbstractServer {\n  ${LIST_TOOLS}\n  handleComplete(ctx: unknown) { return ctx; }\n}\n` });
    notServer(r, "AbstractServer");
    none(r);
  });

  it("an abstract class with a static __capabilities__ is never reported", () => {
    const r = analyze({ "s.ts": `export abstract class A {\n  static __capabilities__() { return { tools: {} }; }\n}\n` });
    notServer(r, "A");
  });

  it("an abstract class tagged @mcpServer is still not reported", () => {
    const r = analyze({ "s.ts": `/** @mcpServer */\nexport abstract class A {}\n` });
    notServer(r, "A");
  });

  it("what an abstract class implements concretely is inherited by its concrete subclass", () => {
    const r = analyze({
      "s.ts": `abstract class Base {\n  ${LIST_TOOLS}\n  handleComplete(ctx: unknown) { return ctx; }\n}\nexport class Concrete extends Base {}\n`,
    });
    notServer(r, "Base");
    const s = server(r, "Concrete");
    assert.deepEqual(s.legacy, { ...LEGACY_TRIO, completions: {} });
  });

  it("a static __capabilities__ on an abstract base is inherited", () => {
    const r = analyze({
      "s.ts": `abstract class Base {\n  static __capabilities__() { return { prompts: {} }; }\n}\nexport class Concrete extends Base {}\n`,
    });
    assert.deepEqual(server(r, "Concrete").legacy, { prompts: {} });
  });
});

describe("§2 the four qualification rules", () => {
  it("rule 1: a declared static __capabilities__ alone makes a server", () => {
    const r = analyze({ "s.ts": `export class S {\n  static __capabilities__() { return { tools: {} }; }\n}\n` });
    assert.deepEqual(server(r, "S").legacy, { tools: {} });
  });

  it("rule 1: an inherited static __capabilities__ makes the subclass a server", () => {
    const r = analyze({
      "s.ts": `export class Base {\n  static __capabilities__() { return { tools: {} }; }\n}\nexport class Child extends Base {}\n`,
    });
    assert.deepEqual(serverNames(r), ["Base", "Child"]);
    assert.deepEqual(server(r, "Child").legacy, { tools: {} });
  });

  it("rule 2: any handler other than handleComplete makes a server", () => {
    const r = analyze({ "s.ts": `export class S {\n  handleGetPrompt(ctx: unknown, name: string) { return name; }\n}\n` });
    server(r, "S");
  });

  it("rule 2: an inherited handler makes the subclass a server", () => {
    const r = analyze({ "s.ts": `export class Base {\n  ${LIST_TOOLS}\n}\nexport class Child extends Base {}\n` });
    assert.deepEqual(server(r, "Child").legacy, LEGACY_TRIO);
  });

  it("rule 2: a lone handleComplete does not make a server", () => {
    const r = analyze({ "s.ts": `export class Picker {\n  handleComplete(ctx: unknown, ref: unknown, arg: unknown) { return arg; }\n}\n` });
    notServer(r, "Picker");
    none(r);
  });

  it("rule 2: a lone inherited handleComplete does not make a server either", () => {
    const r = analyze({ "s.ts": `class Base {\n  handleComplete(ctx: unknown) { return ctx; }\n}\nexport class Child extends Base {}\n` });
    assert.deepEqual(serverNames(r), []);
  });

  it("handleComplete together with __capabilities__ is a server with completions", () => {
    const r = analyze({
      "s.ts": `export class S {\n  static __capabilities__() { return {}; }\n  handleComplete(ctx: unknown) { return ctx; }\n}\n`,
    });
    assert.deepEqual(server(r, "S").legacy, { completions: {} });
  });

  it("rule 3: an Endpoint (decorator with components) is a server", () => {
    const r = analyze({
      "fw.ts": `export function Endpoint(_o: object) { return (_t: unknown) => {}; }\nexport function Tool(_o: object) { return (_t: unknown) => {}; }\n`,
      "e.ts": `import { Endpoint, Tool } from "./fw";\n@Tool({})\nclass Echo {}\n@Endpoint({ name: "e", components: [Echo] })\nexport class E {}\n`,
    });
    assert.deepEqual(server(r, "E").legacy, { tools: { listChanged: false } });
    notServer(r, "Echo");
  });

  it("rule 4: a JSDoc @mcpServer tag makes a server with the default trio", () => {
    const r = analyze({ "s.ts": `/**\n * Handlers come from a proxy.\n * @mcpServer\n */\nexport class ProxyServer {}\n` });
    const s = server(r, "ProxyServer");
    assert.deepEqual(s.legacy, LEGACY_TRIO);
    assert.deepEqual(s.modern, MODERN_TRIO);
  });

  it("rule 4: @mcpServer with a lone handleComplete gives completions", () => {
    const r = analyze({ "s.ts": `/** @mcpServer */\nexport class S {\n  handleComplete(ctx: unknown) { return ctx; }\n}\n` });
    assert.deepEqual(server(r, "S").legacy, { ...LEGACY_TRIO, completions: {} });
  });

  it("rule 4: the tag in a line comment is not JSDoc", () => {
    const r = analyze({ "s.ts": `// @mcpServer\nexport class NotTagged {}\n` });
    notServer(r, "NotTagged");
  });

  it("a class with none of the rules is not a server", () => {
    const r = analyze({ "s.ts": `export class Plain {\n  run() { return 1; }\n  handleClick() { return 2; }\n}\n` });
    assert.deepEqual(serverNames(r), []);
    none(r);
  });
});

describe("§2 no diagnostics on non-servers", () => {
  it("a UI class with handle_complete, handleCompletion and handleSubmit gets nothing", () => {
    const r = analyze({
      "ui.ts": `export class Wizard {\n  handle_complete(e: unknown) { return e; }\n  handleCompletion(e: unknown) { return e; }\n  handle_list_tools() { return 1; }\n}\n`,
    });
    assert.deepEqual(serverNames(r), []);
    none(r);
  });

  it("a lone handleComplete with too many parameters gets no handler-arity (not a server)", () => {
    const r = analyze({ "ui.ts": `export class Picker {\n  handleComplete(a: 1, b: 2, c: 3, d: 4, e: 5) { return a; }\n}\n` });
    none(r);
  });

  it("a static member with a handler's name alone does not make a server, and gets no handler-static", () => {
    const r = analyze({ "ui.ts": `export class Util {\n  static handleListTools() { return []; }\n}\n` });
    notServer(r, "Util");
    none(r);
  });

  it("an instance __capabilities__ alone does not make a server, and gets no capabilities-not-static", () => {
    const r = analyze({ "ui.ts": `export class Thing {\n  __capabilities__() { return { tools: {} }; }\n}\n` });
    notServer(r, "Thing");
    none(r);
  });

  it("a non-server with an unresolvable base gets no base-unresolved", () => {
    const r = analyze({ "ui.ts": `import { Widget } from "./missing";\nexport class Button extends Widget {\n  render() { return 1; }\n}\n` });
    notServer(r, "Button");
    none(r);
  });
});

describe("§2 Endpoint components", () => {
  const FW = `export function Endpoint(_o: object) { return (_t: unknown) => {}; }\nexport function Tool(_o: object) { return (_t: unknown) => {}; }\n`;

  it("a component class is not a server unless it qualifies on its own", () => {
    const r = analyze({
      "fw.ts": FW,
      "e.ts": `import { Endpoint, Tool } from "./fw";\n@Tool({})\nclass Plain { execute(p: unknown) { return p; } }\n@Tool({})\nclass Standalone {\n  handleCallTool(ctx: unknown, name: string) { return name; }\n}\n@Endpoint({ name: "e", components: [Plain, Standalone] })\nexport class E {}\n`,
    });
    assert.deepEqual(serverNames(r), ["E", "Standalone"]);
  });
});
