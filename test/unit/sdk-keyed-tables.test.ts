// A registrar picked from a table by a key known only at run time (`toolMap[role](server)`, or read into
// a const first: `const register = toolMap[role]; register(server)`): any function of the table may be
// the one that runs, so what each registers is followed, and none of it is stated as certain.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (call: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
type Role = "developer" | "editor";
function developerTools(s: McpServer) { s.registerTool("d", { description: "d" }, async () => ({ content: [] })); }
function editorPrompts(s: McpServer) { s.registerPrompt("e", { description: "e" }, () => ({ messages: [] })); }
export function registerAll(server: McpServer, role: Role) {
  const toolMap: Record<Role, (server: McpServer) => void> = { developer: developerTools, editor: editorPrompts };
${call}
}
const server = new McpServer({ name: "roles", version: "1.0.0" });
registerAll(server, process.env.ROLE as Role);
await server.connect(new StdioServerTransport());
`;

describe("SDK: a registrar read from a table by a run-time key", () => {
  for (const [label, call] of [
    ["called on the read", "  toolMap[role](server);"],
    ["read into a const, then called", "  const register = toolMap[role];\n  register(server);"],
  ] as const) {
    it(`${label}: each function of the table is followed, none as certain`, () => {
      const s = analyze({ "src/index.ts": SERVER(call) }).servers.get("roles")!;
      assert.equal(s.exact, false);
      assert.deepEqual(s.legacy, {});
      const reasons = s.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`).join("\n");
      assert.match(reasons, /^tools: tools is registered by code that runs only under a condition/m);
      assert.match(reasons, /^prompts: prompts is registered by code that runs only under a condition/m);
      assert.doesNotMatch(reasons, /cannot follow/);
    });
  }

  // Trial 126 c18, run with the real SDK 1.32.2: prompts and tools.
  it("a key the source settles (a const, at the module's top level too): that one function, for certain", () => {
    const src = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
type Role = "reader" | "admin";
function registerReader(s: McpServer) { s.registerResource("doc", "docs://index", {}, async (uri) => ({ contents: [{ uri: uri.href, text: "i" }] })); }
function registerAdmin(s: McpServer) { s.registerTool("write", {}, async () => ({ content: [] })); s.registerPrompt("audit", {}, () => ({ messages: [] })); }
const toolMap: Record<Role, (s: McpServer) => void> = { reader: registerReader, admin: registerAdmin };
const role: Role = "admin";
const server = new McpServer({ name: "roles", version: "1.0.0" });
const register = toolMap[role];
register(server);
await server.connect(new StdioServerTransport());
`;
    const s = analyze({ "src/index.ts": src }).servers.get("roles")!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });
});
