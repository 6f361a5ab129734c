// A property the SDK's server classes do not have, given a value on the server (fixture 491 runs it with
// the real SDK): the SDK never reads it, so nothing changes, as long as the program's own code never
// names it elsewhere (where it could call the function it assigned). A member the SDK has is a
// replacement of the SDK's own method, which stays unfollowed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (extra: string, after = "") => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "wrapped", version: "1.0.0" });
server.registerTool("q", {}, async () => ({ content: [] }));
function instrument() {
  const inner = server.server as any;
  // handleRequest: logged around the original, when there is one.
  if (typeof inner.handleRequest === "function") {
    const original = inner.handleRequest.bind(inner);
${extra}
  }
}
instrument();
${after}await server.connect(new StdioServerTransport());
`;
const ASSIGN = "    inner.handleRequest = async (request: unknown) => original(request);";
const PACKAGE = { "package.json": JSON.stringify({ name: "wrapped", type: "module" }) };
const OPEN = /given its own handleRequest by an assignment/;

describe("SDK: a property the SDK never reads, given a value on the server", () => {
  it("named only where it is assigned (and in comments): exact", () => {
    const s = analyze({ ...PACKAGE, "src/index.ts": SERVER(ASSIGN) }).servers.get("wrapped")!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("named again after the assignment, or in another file of the package: not followed", () => {
    for (const files of [
      { ...PACKAGE, "src/index.ts": SERVER(ASSIGN, "(server.server as any).handleRequest({ method: 'x' });\n") },
      { ...PACKAGE, "src/index.ts": SERVER(ASSIGN), "src/other.ts": "export const call = (s: any) => s.handleRequest({});\n" },
    ]) {
      const s = analyze(files).servers.get("wrapped")!;
      assert.equal(s.exact, false, Object.keys(files).join(", "));
      assert.ok(s.unknown.some((u) => OPEN.test(u.reason)), JSON.stringify(s.unknown));
    }
  });

  it("a member the SDK's classes have is a replaced method, still not followed", () => {
    const s = analyze({ ...PACKAGE, "src/index.ts": SERVER("    inner.connect = async (t: unknown) => original(t);") }).servers.get("wrapped")!;
    assert.equal(s.exact, false);
  });

  // Trial 126 c13/c82: a function given to any member is a method the program may call with the server as `this`.
  it("a function given to a member the program then calls: not followed (was exact without its tool)", () => {
    const src = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "wrapped", version: "1.0.0" });\n(server as any).registerExtras = function () {\n  this.registerTool("extra", {}, async () => ({ content: [] }));\n};\n(server as any).registerExtras();\nawait server.connect(new StdioServerTransport());\n`;
    const s = analyze({ ...PACKAGE, "src/index.ts": src }).servers.get("wrapped")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /given its own registerExtras/.test(u.reason)), JSON.stringify(s.unknown));
  });

  // Trial 126 c14/c71: the server's own making of its capabilities replaced: nothing of them is stated.
  it("getCapabilities or registerCapabilities given to the server or the Server inside: nothing stated, the whole unknown", () => {
    for (const line of ["server.server.getCapabilities = () => ({ tools: {} });", "server.server.registerCapabilities = () => {};", "(server as any).server.getCapabilities = function () { return {}; };"]) {
      const src = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "wrapped", version: "1.0.0" });\nserver.registerTool("t", {}, async () => ({ content: [] }));\n${line}\nawait server.connect(new StdioServerTransport());\n`;
      const s = analyze({ ...PACKAGE, "src/index.ts": src }).servers.get("wrapped")!;
      assert.deepEqual(s.legacy, {}, line);
      const whole = s.unknown.find((u) => u.path.length === 0 && !u.spread);
      assert.ok(whole && /what this server advertises is not known: the program gives server\.server its own (get|register)Capabilities/.test(whole.reason), `${line}\n${JSON.stringify(s.unknown)}`);
    }
  });

  // Trial 126 c17, c72, c38 (run with the real SDK: each sent other capabilities than the registrations make).
  it("getCapabilities written with Object.assign or Object.defineProperty, or overridden by a Server subclass: nothing stated", () => {
    const head = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nimport { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n`;
    const mcp = `const server = new McpServer({ name: "wrapped", version: "1.0.0" }, { capabilities: { logging: {} } });\nserver.registerTool("t", {}, async () => ({ content: [] }));\n`;
    for (const src of [
      `${head}${mcp}Object.assign(server.server, { getCapabilities() { return { tools: { listChanged: false } }; } });\nawait server.connect(new StdioServerTransport());\n`,
      `${head}${mcp}Object.defineProperty(server.server, "getCapabilities", { value: () => ({ tools: {} }) });\nawait server.connect(new StdioServerTransport());\n`,
      `${head}class Quiet extends Server {\n  getCapabilities() {\n    const { logging, ...rest } = super.getCapabilities() as any;\n    return rest;\n  }\n}\nconst server = new Quiet({ name: "wrapped", version: "1.0.0" }, { capabilities: { logging: {}, tools: {} } });\nawait server.connect(new StdioServerTransport());\n`,
    ]) {
      const s = analyze({ ...PACKAGE, "src/index.ts": src }).servers.get("wrapped")!;
      assert.deepEqual(s.legacy, {}, src);
      assert.ok(s.unknown.some((u) => u.path.length === 0 && !u.spread && /what this server advertises is not known/.test(u.reason)), `${src}\n${JSON.stringify(s.unknown)}`);
    }
  });

  // Trial 126 c16, run with the real SDK 1.32.2: no capabilities (the function is never called).
  it("a function given to such a property registers nothing: it is never called", () => {
    const src = (call: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "hook", version: "1.0.0" });
${call}(server as any).addHealth = () => {
  server.registerResource("health", "health://status", {}, async (uri) => ({ contents: [{ uri: uri.href, text: "ok" }] }));
};
await server.connect(new StdioServerTransport());
`;
    const never = analyze({ ...PACKAGE, "src/index.ts": src("") }).servers.get("hook")!;
    assert.equal(never.exact, true, JSON.stringify(never.unknown));
    assert.deepEqual(never.legacy, {});
    // Its value also bound to a name that is called: it runs, at a time not known.
    const called = analyze({ ...PACKAGE, "src/index.ts": src("const add = ").replace("};\nawait", "};\nadd();\nawait") }).servers.get("hook")!;
    assert.equal(called.exact, false);
  });
});
