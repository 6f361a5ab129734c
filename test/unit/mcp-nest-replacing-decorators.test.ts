// A method decorator of the workspace written ABOVE MCP-Nest's @Tool/@Prompt runs after it (TypeScript
// applies a method's decorators bottom-up); one that may replace the method (assigns descriptor.value,
// returns a descriptor of its own, hands the descriptor on, is not followed) leaves Nest a function
// without @Tool's metadata, so that kind is unknown. One that only reads the descriptor keeps it exact.
// Fixture 32 proves the wrapper case against the real framework (trial71 n26: the tool is gone); a
// wrapper that copies the metadata keys is served by the real framework, and is unknown here too.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const HEAD = `import { applyDecorators, Module, UseGuards } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, StdioTransport, Tool } from "@rekog/mcp-nest";
`;
const TAIL = `
@Module({ controllers: [C] })
class AppModule {}
export const strategy = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`;

function server(decorators: string, method: string): ServerReport {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/src/decorators.ts", decorators);
  fs.writeFileSync("/w/src/app.ts", `${HEAD}import * as deco from "./decorators";\n@McpController()\nclass C {\n${method}\n  m() {}\n}\n${TAIL}`);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const servers = ws.analyzeFiles(["/w/src/app.ts", "/w/src/decorators.ts"], { tasksExtension: false }).servers;
  assert.equal(servers.length, 1);
  return servers[0]!;
}

const TOOL = `@Tool({ name: "t", description: "t" })`;
/** Whether tools is predicted for sure (exact), or unknown. */
function tools(s: ServerReport): "sure" | "unknown" {
  if (s.exact && s.legacy && "tools" in s.legacy) return "sure";
  assert.ok(s.unknown.some((u) => u.path[0] === "tools"), JSON.stringify(s));
  assert.ok(!(s.legacy && "tools" in s.legacy), "tools is not predicted while unknown");
  return "unknown";
}

const WRAPPER = `export function Timed(): MethodDecorator {
  return (_t, key, descriptor: PropertyDescriptor) => {
    const original = descriptor.value;
    descriptor.value = async function (this: unknown, ...args: unknown[]) { return original.apply(this, args); };
    return descriptor;
  };
}
`;

describe("MCP-Nest: workspace decorators that may replace the method", () => {
  it("a wrapper above @Tool makes tools unknown; below @Tool it does not", () => {
    const above = server(WRAPPER, `  @deco.Timed()\n  ${TOOL}`);
    assert.equal(tools(above), "unknown");
    assert.match(above.unknown.find((u) => u.path[0] === "tools")!.reason, /assigns descriptor\.value/);
    assert.equal(tools(server(WRAPPER, `  ${TOOL}\n  @deco.Timed()`)), "sure");
  });

  it("a wrapper that copies the metadata keys is still unknown (the real framework serves it; the copy is not proved)", () => {
    const copying = WRAPPER.replace("return descriptor;", "for (const k of Reflect.getMetadataKeys(original)) Reflect.defineMetadata(k, Reflect.getMetadata(k, original), descriptor.value);\n    return descriptor;");
    assert.equal(tools(server(copying, `  @deco.Timed()\n  ${TOOL}`)), "unknown");
  });

  for (const [what, body] of [
    ["returns a new descriptor", "return { ...d, value: () => 1 };"],
    ["assigns the value through Object.assign", "Object.assign(d, { value: () => 1 });"],
    ["hands the descriptor to a helper", "wrap(d);"],
    ["reads arguments", "arguments[2].value = () => 1;"],
    ["assigns d['value']", "d['value'] = () => 1;"],
    ["defines the property on the prototype", "Object.defineProperty(t, k, { value: () => 1 });"],
  ] as const) {
    it(`above @Tool, one that ${what} makes tools unknown`, () => {
      const decorators = `declare function wrap(d: PropertyDescriptor): void;\nexport function X(): MethodDecorator {\n  return (t: object, k: string | symbol, d: PropertyDescriptor) => {\n    ${body}\n  };\n}\n`;
      assert.equal(tools(server(decorators, `  @deco.X()\n  ${TOOL}`)), "unknown");
    });
  }

  it("one whose body is not followed (it branches) makes tools unknown", () => {
    const decorators = `export function X(on: boolean): MethodDecorator {\n  if (on) return (_t, _k, d) => d;\n  return (_t, _k, d) => d;\n}\n`;
    assert.equal(tools(server(decorators, `  @deco.X(true)\n  ${TOOL}`)), "unknown");
  });

  for (const [what, decorators, use] of [
    ["returns the descriptor it was given", `export const Audit = (): MethodDecorator => (_t, _k, d) => d;\n`, "@deco.Audit()"],
    ["only sets metadata on the method and returns the descriptor", `export function Tag(v: string): MethodDecorator {\n  return (_t, _k, d: PropertyDescriptor) => {\n    Reflect.defineMetadata("tag", v, d.value);\n    const f = d.value;\n    f.tagged = true;\n    return d;\n  };\n}\n`, `@deco.Tag("x")`],
    ["only logs, returning nothing", `export function Log(_t: object, k: string | symbol, d: PropertyDescriptor): void {\n  d.enumerable = false;\n  console.error(String(k));\n}\n`, "@deco.Log"],
    ["is a package's decorator", ``, "@UseGuards(Object)"],
  ] as const) {
    it(`above @Tool, one that ${what} keeps tools exact`, () => {
      const s = server(decorators || "export {};\n", `  ${use}\n  ${TOOL}`);
      assert.equal(tools(s), "sure", JSON.stringify(s.unknown));
    });
  }

  it("inside applyDecorators, the order of its arguments is the order they run", () => {
    const decorators = `${WRAPPER}import { applyDecorators } from "@nestjs/common";\nimport { Tool } from "@rekog/mcp-nest";\nexport const Before = () => applyDecorators(Timed(), Tool({ name: "t", description: "t" }));\nexport const After = () => applyDecorators(Tool({ name: "t", description: "t" }), Timed());\n`;
    assert.equal(tools(server(decorators, "  @deco.Before()")), "sure");
    assert.equal(tools(server(decorators, "  @deco.After()")), "unknown");
  });
});
