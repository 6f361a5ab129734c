// Controllers listed as calls of a function of the workspace that declares a class and returns it
// (`controllers: [createListController("users")]`): each call's class is a controller (fixture 67
// proves it against the real framework). A function that does more, or that binds a name its class
// uses as a decorator, keeps the entry unknown.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { onlyNestServer as only } from "../helpers/nestServer";

const APP = (factory: string, controllers = 'make("users")', server = "") => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, StdioTransport, Tool } from "@rekog/mcp-nest";
${factory}
@Module({ controllers: [${controllers}] })
class AppModule {}
export const strategy = new McpStrategy({ name: "s", version: "1.0.0",${server} transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`;

const FACTORY = (body: string, params = "entity: string", controller = "@McpController()") =>
  `function make(${params}) {\n${body.replace("CONTROLLER", `  ${controller}\n  class C {\n    @Tool({ name: \`list-\${entity}\`, description: "list" })\n    list() {}\n  }`)}\n}\n`;

describe("MCP-Nest: controllers made by calls of a factory", () => {
  it("each call's class is a controller", () => {
    const s = only(APP(FACTORY("CONTROLLER\n  return C;")));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { logging: {}, tools: { listChanged: true } });
  });

  it("the class's McpController options read the call's arguments", () => {
    const factory = FACTORY("CONTROLLER\n  return C;", "entity: string, server: string", "@McpController({ server })");
    const here = only(APP(factory, 'make("users", "admin")', ' server: "admin",'));
    assert.equal(here.exact, true, JSON.stringify(here.unknown));
    assert.deepEqual(Object.keys(here.legacy ?? {}).sort(), ["logging", "tools"]);
    const elsewhere = only(APP(factory, 'make("users", "public")', ' server: "admin",'));
    assert.equal(elsewhere.exact, true, JSON.stringify(elsewhere.unknown));
    assert.deepEqual(Object.keys(elsewhere.legacy ?? {}).sort(), ["logging"]);
  });

  for (const [what, factory] of [
    ["a factory that branches", FACTORY("  if (entity === \"\") throw new Error(\"entity\");\nCONTROLLER\n  return C;")],
    ["a factory whose parameter hides the decorator's name", FACTORY("CONTROLLER\n  return C;", "entity: string, Tool = (_o: object) => () => {}")],
  ] as const) {
    it(`keeps the entry unknown for ${what}`, () => {
      const s = only(APP(factory));
      assert.equal(s.exact, false);
      assert.ok(s.unknown.some((u) => u.path[0] === "tools"), JSON.stringify(s.unknown));
    });
  }
});
