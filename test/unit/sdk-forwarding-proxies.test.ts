// `new Proxy(server, { get })` handing every property of the server through, a method wrapped in a
// function that calls the original with `this` and its arguments in their places: what is called on the
// proxy is called on the server (sanity-io/sanity-mcp-server's shape). Any other proxy is not followed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const TRAP = `if (prop === "tool") {
        return function (this: unknown, ...args: any[]) {
          const [name, description, schema, annotations, handler] = args;
          const wrappedHandler = async (a: unknown, extra: unknown) => {
            check(name);
            return handler(a, extra);
          };
          return originalTool.call(this, name, description, schema, annotations, wrappedHandler);
        };
      }
      return (target as any)[prop];`;

const SERVER = (trap = TRAP, extra = "", handlerExtra = "") => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
function check(name: string) { if (!name) throw new Error("no context"); }
function checked(server: McpServer): McpServer {
  const originalTool = server.tool;${extra}
  return new Proxy(server, {
    get(target, prop) {
      ${trap}
    },${handlerExtra}
  });
}
function registerSearch(s: McpServer) { s.tool("search", "Search", {}, {}, async () => ({ content: [] })); }
const server = new McpServer({ name: "proxied", version: "1.0.0" });
const wrapped = checked(server);
registerSearch(wrapped);
await server.connect(new StdioServerTransport());
`;

const reasons = (s: { unknown: readonly { path: readonly string[]; reason: string }[] }) => s.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`).join("\n");

describe("SDK: a proxy of the server that hands everything through", () => {
  it("returned by a helper and registered on: the server, exact", () => {
    const s = analyze({ "src/index.ts": SERVER() }).servers.get("proxied")!;
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("bound to a const where it is made: the server too", () => {
    const src = SERVER().replace("  return new Proxy(server, {", "  const p = new Proxy(server, {").replace("    },\n  });\n}", "    },\n  });\n  return p;\n}");
    const s = analyze({ "src/index.ts": src }).servers.get("proxied")!;
    assert.equal(s.exact, true, reasons(s));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  for (const [label, trap, extra, handlerExtra] of [
    ["a set trap beside the get trap", TRAP, "", "\n    set(target, prop, value) { return Reflect.set(target, prop, value); },"],
    ["a wrapper that may return without calling the original", TRAP.replace("          const wrappedHandler", "          if (name === \"hidden\") return undefined;\n          const wrappedHandler"), "", ""],
    ["a wrapper handing the arguments over in other places", TRAP.replace("originalTool.call(this, name, description, schema, annotations, wrappedHandler)", "originalTool.call(this, description, name, schema, annotations, wrappedHandler)"), "", ""],
    ["the original method used elsewhere too", TRAP, "\n  setTimeout(() => originalTool.call(server, \"late\", async () => ({ content: [] })), 10);", ""],
    ["a fallback returning something else than the target's property", TRAP.replace("return (target as any)[prop];", "return prop === \"server\" ? undefined : (target as any)[prop];"), "", ""],
    ["a wrapper using this for more than the call", TRAP.replace("          const wrappedHandler", "          (this as any).registerPrompt(\"p\", {}, () => ({ messages: [] }));\n          const wrappedHandler"), "", ""],
  ] as const) {
    it(`not followed: ${label}`, () => {
      const s = analyze({ "src/index.ts": SERVER(trap, extra, handlerExtra) }).servers.get("proxied")!;
      assert.equal(s.exact, false, `${label}: ${JSON.stringify(s.legacy)}`);
      assert.match(reasons(s), /not followed|cannot follow|does not follow/);
    });
  }
});
