// Spec §4.2: Endpoints (decorator and base-class forms), component kinds, the generated base, the
// handlers an Endpoint provides, and __capabilities__ overrides.
import { conduitDetails } from "../../../server/src/analysis/dialects/conduit/details";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../helpers/memoryWorkspace";
import { assertAt, codesOf, none, notServer, one, server, serverNames } from "./_util";

/** Decorator stand-ins. */
const DECORATORS = [
  "export function Tool(_o: object) { return (_t: unknown, _c?: unknown) => {}; }",
  "export function Resource(_o: object) { return (_t: unknown, _c?: unknown) => {}; }",
  "export function Prompt(_o: object) { return (_t: unknown, _c?: unknown) => {}; }",
  "export function Endpoint(_o: { name?: string; version?: string; components: unknown[] }) { return (_t: unknown, _c?: unknown) => {}; }",
  "",
].join("\n");

/** Base-class stand-ins. */
const CLASSES = [
  "export class Endpoint {}",
  "export class Tool {}",
  "export class Resource {}",
  "export class Prompt {}",
  "",
].join("\n");

const TOOLS = { tools: { listChanged: false } };
const RESOURCES = { resources: { listChanged: false } };
const PROMPTS = { prompts: { listChanged: false } };
const M_TOOLS = { tools: { listChanged: true } };
const M_RESOURCES = { resources: { listChanged: true, subscribe: true } };
const M_PROMPTS = { prompts: { listChanged: true } };

const COMPONENTS = [
  `import { Tool, Resource, Prompt } from "./decorators";`,
  `@Tool({ description: "echo" })`,
  "export class EchoTool { execute(p: unknown) { return p; } }",
  `@Tool({ description: "reverse" })`,
  "export class ReverseTool { execute(p: unknown) { return p; } }",
  `@Resource({ uri: "static://readme" })`,
  "export class ReadmeResource { execute(p: unknown) { return p; } }",
  `@Resource({ uri: "user://{id}" })`,
  "export class UserResource { execute(p: unknown) { return p; } }",
  `@Prompt({ description: "review" })`,
  "export class ReviewPrompt { execute(p: unknown) { return p; } }",
  "",
].join("\n");

/** A decorator-form Endpoint `E` over the named components (from components.ts). */
function decorated(components: string[], body = "") {
  const imports = components.length > 0 ? `import { ${components.join(", ")} } from "./components";\n` : "";
  const src = `import { Endpoint } from "./decorators";\n${imports}\n@Endpoint({ name: "e", version: "1.0.0", components: [${components.join(", ")}] })\nexport class E {\n${body}}\n`;
  return { src, r: analyze({ "decorators.ts": DECORATORS, "components.ts": COMPONENTS, "e.ts": src }) };
}

describe("§4.2 decorator form", () => {
  it("a component's kind comes from its own decorator: a base class's decorator decides nothing, its own static type does", () => {
    const src = (member: string) => `import { Endpoint, Prompt } from "./decorators";
@Prompt({ description: "base" })
class PromptBase { execute(p: unknown) { return p; } }
class Lookup extends PromptBase {${member}}
@Endpoint({ name: "e", version: "1.0.0", components: [Lookup] })
export class E {}
`;
    const typed = analyze({ "decorators.ts": DECORATORS, "e.ts": src(` static type = "tool"; `) });
    assert.deepEqual(server(typed, "E").legacy, TOOLS);
    const untyped = analyze({ "decorators.ts": DECORATORS, "e.ts": src("") });
    assert.equal(server(untyped, "E").exact, false);
    assert.equal(untyped.codes("component-unresolved").length, 1);
  });

  it("tools only", () => {
    const { r } = decorated(["EchoTool", "ReverseTool"]);
    const s = server(r, "E");
    assert.deepEqual(s.legacy, TOOLS);
    assert.deepEqual(s.modern, { ...M_TOOLS, logging: {} });
    assert.equal(s.exact, true);
    none(r);
    notServer(r, "EchoTool");
  });

  it("resources only (a static and a templated URI)", () => {
    const { r } = decorated(["ReadmeResource", "UserResource"]);
    const s = server(r, "E");
    assert.deepEqual(s.legacy, RESOURCES);
    assert.deepEqual(s.modern, { ...M_RESOURCES, logging: {} });
  });

  it("a templated-URI resource alone is a resource", () => {
    const { r } = decorated(["UserResource"]);
    assert.deepEqual(server(r, "E").legacy, RESOURCES);
  });

  it("prompts only", () => {
    const { r } = decorated(["ReviewPrompt"]);
    const s = server(r, "E");
    assert.deepEqual(s.legacy, PROMPTS);
    assert.deepEqual(s.modern, { ...M_PROMPTS, logging: {} });
  });

  it("all three groups", () => {
    const { r } = decorated(["EchoTool", "UserResource", "ReviewPrompt"]);
    const s = server(r, "E");
    assert.deepEqual(s.legacy, { ...TOOLS, ...RESOURCES, ...PROMPTS });
    assert.deepEqual(s.modern, { ...M_TOOLS, ...M_RESOURCES, ...M_PROMPTS, logging: {} });
    assert.equal(s.exact, true);
  });

  it("an empty components list gives the base {}", () => {
    const { r } = decorated([]);
    const s = server(r, "E");
    assert.deepEqual(s.legacy, {});
    assert.deepEqual(s.modern, { logging: {} });
  });

  it("author-written handleComplete and handleSetLogLevel apply on top", () => {
    const { r } = decorated(["EchoTool"], "  handleComplete(ctx: unknown) { return ctx; }\n  handleSetLogLevel(ctx: unknown, level: string) { return level; }\n");
    const s = server(r, "E");
    assert.deepEqual(s.legacy, { ...TOOLS, completions: {}, logging: {} });
    assert.deepEqual(s.modern, { ...M_TOOLS, completions: {}, logging: {} });
  });

  it("decorators are matched by name whatever module they come from (even an unresolvable one)", () => {
    const r = analyze({
      "e.ts": `import { Endpoint, Tool } from "@conduit/mcp";\n@Tool({ description: "x" })\nclass T {}\n@Endpoint({ name: "e", components: [T] })\nexport class E {}\n`,
    });
    const s = server(r, "E");
    assert.deepEqual(s.legacy, TOOLS);
  });
});

describe("§4.2 base-class form", () => {
  it("extends Endpoint with static components", () => {
    const r = analyze({
      "decorators.ts": DECORATORS,
      "components.ts": COMPONENTS,
      "classes.ts": CLASSES,
      "e.ts": `import { Endpoint } from "./classes";\nimport { EchoTool, ReadmeResource } from "./components";\nexport class E extends Endpoint {\n  static components = [EchoTool, ReadmeResource];\n}\n`,
    });
    const s = server(r, "E");
    assert.deepEqual(s.legacy, { ...TOOLS, ...RESOURCES });
    assert.deepEqual(s.modern, { ...M_TOOLS, ...M_RESOURCES, logging: {} });
    assert.equal(s.exact, true);
  });

  it("extends an Endpoint declared in a node_modules .d.ts", () => {
    const r = analyze({
      "node_modules/conduit-ts/package.json": JSON.stringify({ name: "conduit-ts", types: "index.d.ts" }),
      "node_modules/conduit-ts/index.d.ts": `export declare class Endpoint {}\nexport declare class Tool {}\nexport declare class Prompt {}\n`,
      "e.ts": `import { Endpoint, Tool, Prompt } from "conduit-ts";\nclass T extends Tool {}\nclass P extends Prompt {}\nexport class E extends Endpoint {\n  static components = [T, P];\n}\n`,
    });
    const s = server(r, "E");
    assert.deepEqual(s.legacy, { ...TOOLS, ...PROMPTS });
    assert.equal(s.exact, true);
  });

  it("Endpoint and Tool base classes are matched by name even from an unresolvable module", () => {
    const r = analyze({
      "e.ts": `import { Endpoint, Tool } from "@conduit/mcp";\nclass T extends Tool {}\nexport class E extends Endpoint {\n  static components = [T];\n}\n`,
    });
    assert.deepEqual(server(r, "E").legacy, TOOLS);
    assert.deepEqual(server(r, "E").modern, { ...M_TOOLS, logging: {} });
  });

  it("empty static components: an Endpoint with base {}", () => {
    const r = analyze({ "classes.ts": CLASSES, "e.ts": `import { Endpoint } from "./classes";\nexport class E extends Endpoint {\n  static components = [];\n}\n` });
    const s = server(r, "E");
    assert.deepEqual(s.legacy, {});
    assert.deepEqual(s.modern, { logging: {} });
  });

  it("a class merely extending Endpoint without components is not an Endpoint (not a server, no diagnostics)", () => {
    const r = analyze({ "classes.ts": CLASSES, "rest.ts": `import { Endpoint } from "./classes";\nexport class UsersEndpoint extends Endpoint {\n  get() { return []; }\n}\n` });
    assert.deepEqual(serverNames(r), []);
    none(r);
  });

  it("extending Endpoint without components but with a handler: a server with the default trio", () => {
    const r = analyze({ "classes.ts": CLASSES, "s.ts": `import { Endpoint } from "./classes";\nexport class S extends Endpoint {\n  handleListTools(ctx: unknown) { return ctx; }\n}\n` });
    assert.deepEqual(server(r, "S").legacy, { ...TOOLS, ...RESOURCES, ...PROMPTS });
  });

  it("a subclass of an Endpoint subclass is an Endpoint", () => {
    const r = analyze({
      "classes.ts": CLASSES,
      "e.ts": `import { Endpoint, Tool } from "./classes";\nclass T extends Tool {}\nexport class Parent extends Endpoint {\n  static components = [T];\n}\nexport class Child extends Parent {}\n`,
    });
    assert.deepEqual(server(r, "Parent").legacy, TOOLS);
    assert.deepEqual(server(r, "Child").legacy, TOOLS);
    assert.deepEqual(server(r, "Child").modern, { ...M_TOOLS, logging: {} });
  });

  it("a subclass in another file of an Endpoint subclass is an Endpoint", () => {
    const r = analyze({
      "classes.ts": CLASSES,
      "parent.ts": `import { Endpoint, Prompt } from "./classes";\nclass P extends Prompt {}\nexport class Parent extends Endpoint {\n  static components = [P];\n}\n`,
      "child.ts": `import { Parent } from "./parent";\nexport class Child extends Parent {}\n`,
    });
    assert.deepEqual(server(r, "Child").legacy, PROMPTS);
  });
});

describe("§4.2 component kinds", () => {
  function endpointOf(componentsSrc: string, names: string[]) {
    return analyze({
      "classes.ts": CLASSES,
      "decorators.ts": DECORATORS,
      "e.ts": `import { Endpoint } from "./classes";\n${componentsSrc}\nexport class E extends Endpoint {\n  static components = [${names.join(", ")}];\n}\n`,
    });
  }

  it("by base class directly", () => {
    const r = endpointOf(`import { Tool, Resource } from "./classes";\nclass T extends Tool {}\nclass R extends Resource {}\n`, ["T", "R"]);
    assert.deepEqual(server(r, "E").legacy, { ...TOOLS, ...RESOURCES });
  });

  it("by base class indirectly", () => {
    const r = endpointOf(`import { Prompt } from "./classes";\nclass BasePrompt extends Prompt {}\nclass Review extends BasePrompt {}\n`, ["Review"]);
    const s = server(r, "E");
    assert.deepEqual(s.legacy, PROMPTS);
    assert.equal(s.exact, true);
  });

  it('by static type = "tool" | "resource" | "prompt"', () => {
    const r = endpointOf(
      `class T { static type = "tool"; }\nclass R { static type = "resource" as const; }\nclass P { static type = "prompt"; }\n`,
      ["T", "R", "P"],
    );
    const s = server(r, "E");
    assert.deepEqual(s.legacy, { ...TOOLS, ...RESOURCES, ...PROMPTS });
    assert.equal(s.exact, true);
    none(r, "component-unresolved");
  });

  it("static type alone for a single kind", () => {
    const r = endpointOf(`class R { static type = "resource"; }\n`, ["R"]);
    assert.deepEqual(server(r, "E").legacy, RESOURCES);
  });

  it("the decorator is the first match (beats static type)", () => {
    const r = endpointOf(`import { Prompt } from "./decorators";\n@Prompt({})\nclass P { static type = "tool"; }\n`, ["P"]);
    assert.deepEqual(server(r, "E").legacy, PROMPTS);
  });

  it("the base class beats static type", () => {
    const r = endpointOf(`import { Resource } from "./classes";\nclass R extends Resource { static type = "tool"; }\n`, ["R"]);
    assert.deepEqual(server(r, "E").legacy, RESOURCES);
  });

  it("by a base class re-exported under another name (it is still the class named Tool)", () => {
    const r = analyze({
      "classes.ts": CLASSES,
      "kit.ts": `export { Tool as McpTool, Endpoint as McpEndpoint } from "./classes";\n`,
      "e.ts": `import { McpTool, McpEndpoint } from "./kit";\nclass Echo extends McpTool {}\nexport class E extends McpEndpoint {\n  static components = [Echo];\n}\n`,
    });
    const s = server(r, "E");
    assert.deepEqual(s.legacy, TOOLS);
    assert.equal(s.exact, true);
    none(r, "component-unresolved");
  });

  it("by a decorator imported under another name (matched by the name it is exported as)", () => {
    const r = analyze({
      "decorators.ts": DECORATORS,
      "e.ts": `import { Resource as Res, Endpoint as EP } from "./decorators";\n@Res({ uri: "a://{b}" })\nclass R {}\n@EP({ name: "x", components: [R] })\nexport class E {}\n`,
    });
    assert.deepEqual(server(r, "E").legacy, RESOURCES);
  });

  it("components imported from another file", () => {
    const r = analyze({
      "classes.ts": CLASSES,
      "decorators.ts": DECORATORS,
      "components.ts": COMPONENTS,
      "e.ts": `import { Endpoint } from "./classes";\nimport { ReviewPrompt } from "./components";\nexport class E extends Endpoint {\n  static components = [ReviewPrompt];\n}\n`,
    });
    assert.deepEqual(server(r, "E").legacy, PROMPTS);
  });
});

describe("§4.2 handlers an Endpoint provides", () => {
  it("provides the seven list/call/read/get handlers, never handleComplete, handleSetLogLevel, handleSubscribeResource", () => {
    const { r } = decorated(["EchoTool"]);
    const names = new Set(conduitDetails(server(r, "E").details)!.handlers.map((h) => h.handler));
    for (const h of ["handleListTools", "handleCallTool", "handleListResources", "handleListResourceTemplates", "handleReadResource", "handleListPrompts", "handleGetPrompt"]) {
      assert.ok(names.has(h as never), `${h} should be provided`);
    }
    for (const h of ["handleComplete", "handleSetLogLevel", "handleSubscribeResource", "handleUnsubscribeResource"]) {
      assert.ok(!names.has(h as never), `${h} must not be provided`);
    }
  });

  it("no legacy resources.subscribe unless the author writes handleSubscribeResource", () => {
    const without = decorated(["ReadmeResource"]).r;
    assert.deepEqual(server(without, "E").legacy, RESOURCES);
    const withIt = decorated(["ReadmeResource"], "  handleSubscribeResource(ctx: unknown, uri: string) { return uri; }\n").r;
    assert.deepEqual(server(withIt, "E").legacy, { resources: { listChanged: false, subscribe: true } });
  });

  it("a member resembling a provided handler is not misspelled (the handler is present)", () => {
    const { r } = decorated(["EchoTool"], "  handleListTool(ctx: unknown) { return ctx; }\n");
    none(r, "handler-misspelled");
  });

  it("a member resembling handleComplete (not provided) is misspelled", () => {
    const { r, src } = decorated(["EchoTool"], "  handleCompletion(ctx: unknown) { return ctx; }\n");
    const d = one(r, "handler-misspelled");
    assertAt(d, "e.ts", src, "handleCompletion");
    assert.match(d.message, /handleComplete\b/);
  });

  it("handleUnsubscribeResource without handleSubscribeResource still warns on an Endpoint", () => {
    const { r, src } = decorated(["ReadmeResource"], "  handleUnsubscribeResource(ctx: unknown, uri: string) { return uri; }\n");
    assertAt(one(r, "unsubscribe-without-subscribe"), "e.ts", src, "handleUnsubscribeResource");
  });
});

describe("§4.2 __capabilities__ on an Endpoint", () => {
  it("declared on the decorated Endpoint: it wins, with endpoint-capabilities-override", () => {
    const { r, src } = decorated(["EchoTool"], "  static __capabilities__() { return { prompts: {} }; }\n");
    const s = server(r, "E");
    assert.deepEqual(s.legacy, { prompts: {} });
    assert.deepEqual(s.modern, { prompts: { listChanged: true }, logging: {} });
    const d = one(r, "endpoint-capabilities-override");
    assert.equal(d.severity, "warning");
    assertAt(d, "e.ts", src, "__capabilities__");
  });

  it("declared on an extends-Endpoint class with components: it wins, with the warning", () => {
    const src = `import { Endpoint, Tool } from "./classes";\nclass T extends Tool {}\nexport class E extends Endpoint {\n  static components = [T];\n  static __capabilities__() { return { resources: {} }; }\n}\n`;
    const r = analyze({ "classes.ts": CLASSES, "e.ts": src });
    assert.deepEqual(server(r, "E").legacy, { resources: {} });
    assertAt(one(r, "endpoint-capabilities-override"), "e.ts", src, "__capabilities__");
  });

  it("declared on a subclass of the class declaring components: the nearest (explicit) wins", () => {
    const src = `import { Endpoint, Tool } from "./classes";\nclass T extends Tool {}\nexport class Parent extends Endpoint {\n  static components = [T];\n}\nexport class Child extends Parent {\n  static __capabilities__() { return { prompts: {} }; }\n}\n`;
    const r = analyze({ "classes.ts": CLASSES, "e.ts": src });
    assert.deepEqual(server(r, "Parent").legacy, TOOLS);
    assert.deepEqual(server(r, "Child").legacy, { prompts: {} });
    const d = one(r, "endpoint-capabilities-override");
    assertAt(d, "e.ts", src, "__capabilities__");
  });

  it("inherited from above the class declaring components (extends form): the generated base wins", () => {
    const r = analyze({
      "classes.ts": CLASSES,
      "e.ts": `import { Endpoint, Tool } from "./classes";\nclass T extends Tool {}\nexport class Root extends Endpoint {\n  static __capabilities__() { return { prompts: {} }; }\n}\nexport class E extends Root {\n  static components = [T];\n}\n`,
    });
    assert.deepEqual(server(r, "Root").legacy, { prompts: {} });
    assert.deepEqual(server(r, "E").legacy, TOOLS);
    none(r, "endpoint-capabilities-override");
  });

  it("inherited from above a decorated Endpoint: the generated base wins", () => {
    const r = analyze({
      "decorators.ts": DECORATORS,
      "e.ts": `import { Endpoint, Tool } from "./decorators";\n@Tool({})\nclass T {}\nclass Root {\n  static __capabilities__() { return { prompts: {} }; }\n}\n@Endpoint({ name: "e", components: [T] })\nexport class E extends Root {}\n`,
    });
    assert.deepEqual(server(r, "E").legacy, TOOLS);
    none(r, "endpoint-capabilities-override");
  });
});

describe("§4.2 unresolvable components", () => {
  it("a class of unknown kind: exact false, component-unresolved, the rest still counts", () => {
    const src = `import { Endpoint, Tool } from "./decorators";\n@Tool({})\nclass T {}\nclass Mystery {}\n@Endpoint({ name: "e", components: [T, Mystery] })\nexport class E {}\n`;
    const r = analyze({ "decorators.ts": DECORATORS, "e.ts": src });
    const s = server(r, "E");
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, TOOLS);
    const d = one(r, "component-unresolved");
    assert.equal(d.severity, "information");
    notServer(r, "Mystery");
    // §7: located at the component concerned, i.e. the entry in the Endpoint's components list.
    assertAt(d, "e.ts", src, "Mystery", "components:");
  });

  it("an import from a missing module: exact false, component-unresolved at the entry", () => {
    const src = `import { Endpoint, Prompt } from "./classes";\nimport { Ghost } from "./missing";\nclass P extends Prompt {}\nexport class E extends Endpoint {\n  static components = [P, Ghost];\n}\n`;
    const r = analyze({ "classes.ts": CLASSES, "e.ts": src });
    const s = server(r, "E");
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, PROMPTS);
    assertAt(one(r, "component-unresolved"), "e.ts", src, "Ghost", "components");
    assert.deepEqual(codesOf(r), ["component-unresolved"]);
  });

  it("a class of unknown kind from another file: reported at the entry, in the Endpoint's file", () => {
    const src = `import { Endpoint } from "./classes";\nimport { Other } from "./other";\nexport class E extends Endpoint {\n  static components = [Other];\n}\n`;
    const r = analyze({ "classes.ts": CLASSES, "other.ts": `export class Other {}\n`, "e.ts": src });
    const s = server(r, "E");
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, {});
    const d = one(r, "component-unresolved");
    assert.equal(d.severity, "information");
    assertAt(d, "e.ts", src, "Other", "components");
  });
});
