// A program that imports a module registering on its exported server (`import "./tools/a.js"`) and
// loads another one with `import()` after connect(): the static import runs before the program's own
// code, so what it registers is certain; only the module loaded later may throw. Before, the dynamic
// import made the whole order unknown, and the static module's tools were "maybe loaded after
// connect()" (trial 131 c55, where the real server answered with tools). Likewise an import cycle through a
// module whose top level does not touch the server: its functions run when called (c54 was a false error).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const FILES = {
  "src/server.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const server = new McpServer({ name: "ordered", version: "1" });
`,
  "src/tools/a.ts": `import { server } from "../server.js";
server.tool("a", async () => ({ content: [] }));
`,
  "src/tools/b.ts": `import { server } from "../server.js";
server.prompt("b", () => ({ messages: [] }));
`,
};

describe("SDK: import order with a module loaded by import()", () => {
  it("the statically imported module's registrations are certain; the one loaded after connect() may throw", () => {
    const r = analyze({
      ...FILES,
      "src/index.ts": `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { server } from "./server.js";
import "./tools/a.js";
await server.connect(new StdioServerTransport());
await import("./tools/b.js");
`,
    });
    const s = r.servers.get("ordered")!;
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.equal(s.exact, false);
    assert.deepEqual(s.unknown.map((u) => `${u.loc?.file}:${u.reason.slice(0, 40)}`), ["/w/src/tools/b.ts:the server may not start: prompt at line"]);
    assert.deepEqual(r.codes("sdk-register-after-connect").map((d) => d.file), ["src/tools/b.ts"]);
  });

  it("a module imported by a program of its own (not by import()) still makes the order unknown", () => {
    const r = analyze({
      ...FILES,
      "src/index.ts": `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { server } from "./server.js";
import "./tools/a.js";
await server.connect(new StdioServerTransport());
`,
      "src/other.ts": `import "./tools/b.js";\n`,
    });
    const s = r.servers.get("ordered")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => u.loc?.file === "/w/src/tools/a.ts"), JSON.stringify(s.unknown));
  });

  it("an import cycle through a module whose top level does not touch the server keeps the order (trial 131 c54: a false error)", () => {
    const r = analyze({
      "src/server.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import "./tools.js";
export const server = new McpServer({ name: "cycle", version: "1" });
`,
      "src/tools.ts": `import { server } from "./server.js";
export function registerTools() { server.tool("a", async () => ({ content: [] })); }
`,
      "src/index.ts": `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { server } from "./server.js";
import { registerTools } from "./tools.js";
registerTools();
await server.connect(new StdioServerTransport());
`,
    });
    const s = r.servers.get("cycle")!;
    assert.deepEqual(r.codes("sdk-register-after-connect"), []);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("an import cycle through a module whose top level registers on the server still runs it too early", () => {
    const r = analyze({
      "src/server.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import "./tools.js";
export const server = new McpServer({ name: "cycle", version: "1" });
`,
      "src/tools.ts": `import { server } from "./server.js";
server.tool("a", async () => ({ content: [] }));
`,
      "src/index.ts": `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { server } from "./server.js";
await server.connect(new StdioServerTransport());
`,
    });
    const s = r.servers.get("cycle")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /runs before server\.ts has made the server/.test(u.reason)), JSON.stringify(s.unknown));
  });
});
