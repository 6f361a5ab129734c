// A method of the server's own class that returns a function giving the server (`() => this`) hands
// the server out: whoever calls the function may register on it, so the result is approximate (the
// exact case is checked against the real SDK by fixture 710). A function that captures nothing of the
// server hands nothing out.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const source = (method: string) =>
  'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n' +
  `class S extends McpServer {\n  constructor() { super({ name: "s", version: "1.0.0" }); }\n  ${method}\n}\n` +
  "declare function extend(get: () => unknown): void;\n" +
  'const server = new S();\nserver.registerPrompt("greet", {}, () => ({ messages: [] }));\nextend(server.handle());\nawait server.connect(new StdioServerTransport());\n';

describe("SDK: a function returned by the server's own method", () => {
  it("() => this: the server is handed out through it, approximate", () => {
    const s = analyze({ "src/index.ts": source("handle() { return () => this; }") }).servers.get("s")!;
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("\n"), /returned by server\.handle\(\)/);
  });

  it("a function that captures nothing of the server: exact", () => {
    const s = analyze({ "src/index.ts": source('handle() { const label = "x"; return () => label; }') }).servers.get("s")!;
    assert.equal(s.exact, true, s.unknown.map((u) => u.reason).join("\n"));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
  });
});
