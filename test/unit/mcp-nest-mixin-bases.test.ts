// A controller whose base class is a mixin's result (`extends WithPing(class {})`): the call is
// applied, and the class it returns is read as any base class (fixture 66 proves it against the real
// framework). A mixin that does more than return its class, or that binds a name its class uses as a
// decorator, leaves the base class unknown.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { onlyNestServer as only } from "../helpers/nestServer";

const APP = (mixin: string, heritage = "WithPing(class {})", server = "") => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, Prompt, StdioTransport, Tool } from "@rekog/mcp-nest";
${mixin}
@McpController()
class C extends ${heritage} {
  @Prompt({ name: "p", description: "p" })
  p() {}
}
@Module({ controllers: [C] })
class AppModule {}
export const strategy = new McpStrategy({ name: "s", version: "1.0.0",${server} transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`;

const MIXIN = (body: string, params = "Base: new (...a: any[]) => object") => `function WithPing(${params}) {\n${body}\n}\n`;
const PINGABLE = `  class Pingable extends Base {\n    @Tool({ name: "ping", description: "ping" })\n    ping() {}\n  }`;

describe("MCP-Nest: a mixin's class as a controller's base", () => {
  it("the class a mixin returns is read: its tool is inherited", () => {
    const s = only(APP(MIXIN(`${PINGABLE}\n  return Pingable;`)));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { logging: {}, prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("mixins applied to one another: each class of the chain is read", () => {
    const s = only(APP(MIXIN(`${PINGABLE}\n  return Pingable;`) + `const Plain = <T extends new (...a: any[]) => object>(B: T) => class extends B {};\n`, "Plain(WithPing(class {}))"));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(Object.keys(s.legacy ?? {}).sort(), ["logging", "prompts", "tools"]);
  });

  it("a mixin's @McpController({ server }) reads its options in the call's scope", () => {
    const mixin = `const server = "other";\nfunction WithPing(Base: new (...a: any[]) => object, server: string) {\n  @McpController({ server })\n  class Pingable extends Base {\n    @Tool({ name: "ping", description: "ping" })\n    ping() {}\n  }\n  return Pingable;\n}\n`;
    const s = only(APP(mixin, 'WithPing(class {}, "s")', ' server: "s",').replace("@McpController()\nclass C", '@McpController({ server: "s" })\nclass C'));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(Object.keys(s.legacy ?? {}).sort(), ["logging", "prompts", "tools"]);
  });

  for (const [what, mixin] of [
    ["a mixin that branches", MIXIN(`  if (Math.random() > 2) return Base;\n${PINGABLE}\n  return Pingable;`)],
    ["a mixin whose parameter hides the decorator's name", MIXIN(`${PINGABLE}\n  return Pingable;`, "Base: new (...a: any[]) => object, Tool = (_o: object) => () => {}")],
  ] as const) {
    it(`leaves the base unknown for ${what}`, () => {
      const s = only(APP(mixin));
      assert.equal(s.exact, false);
      assert.ok(s.unknown.some((u) => u.path[0] === "tools"), JSON.stringify(s.unknown));
    });
  }
});
