// A getter that hands out the one server of the program (`getServer()` returning a module's server,
// `ServerSingleton.getInstance()`): a method called straight on its result (`getServer().registerTool(...)`)
// is a call on that server (trial 89 o51). A chained connect() in another module stays a use not
// followed: when it runs against the other modules' registrations is not read.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const STDIO = 'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';

function only(files: Record<string, string>) {
  const servers = [...analyze({ "package.json": '{ "name": "app", "type": "module" }', ...files }).servers.values()];
  assert.equal(servers.length, 1, JSON.stringify(servers.map((s) => s.name)));
  return servers[0]!;
}

describe("SDK v1: calls on a getter's result", () => {
  it("getServer().registerTool(...) in modules importing the getter: registered, exact", () => {
    const s = only({
      "server.ts": `${V1}const server = new McpServer({ name: "s", version: "1" });\nexport function getServer() { return server; }\n`,
      "tools.ts": 'import { getServer } from "./server.js";\ngetServer().registerTool("t", {}, async () => ({ content: [] }));\n',
      "index.ts": 'import { getServer } from "./server.js";\nimport "./tools.js";\ngetServer().registerPrompt("p", {}, () => ({ messages: [] }));\n',
    });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("ServerSingleton.getInstance().registerTool(...) and a chained connect elsewhere: the tool counted, the connect's order not claimed", () => {
    const s = only({
      "singleton.ts": `${V1}export class ServerSingleton {\n  private static instance: McpServer | undefined;\n  static getInstance(): McpServer {\n    if (!ServerSingleton.instance) ServerSingleton.instance = new McpServer({ name: "single", version: "1" });\n    return ServerSingleton.instance;\n  }\n}\n`,
      "tools.ts": 'import { ServerSingleton } from "./singleton.js";\nServerSingleton.getInstance().registerTool("a", {}, async () => ({ content: [] }));\n',
      "index.ts": `${STDIO}import { ServerSingleton } from "./singleton.js";\nimport "./tools.js";\nawait ServerSingleton.getInstance().connect(new StdioServerTransport());\n`,
    });
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("\n"), /getInstance\(\) returns is used where the analysis does not follow it/);
  });
});
