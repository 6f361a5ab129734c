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

  // The join of the alternatives: whichever function runs, a key all of them add the same way is advertised.
  const JOIN = (fns: string, call = "  const register = toolMap[role];\n  register(server);", after = "") => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
type Role = "developer" | "editor";
function search(s: McpServer) { s.registerTool("search", { description: "s" }, async () => ({ content: [] })); }
function ask(s: McpServer) { s.registerPrompt("ask", { description: "a" }, () => ({ messages: [] })); }
${fns}
export function registerAll(server: McpServer, role: Role) {
  const toolMap: Record<Role, (server: McpServer) => void> = { developer, editor };
${call}
}
const server = new McpServer({ name: "roles", version: "1.0.0" });
${after}registerAll(server, process.env.ROLE as Role);
await server.connect(new StdioServerTransport());
`;
  const reasonsOf = (s: { unknown: readonly { path: readonly string[]; reason: string }[] }) => s.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`).join("\n");

  it("every function of the table registers a tool: tools is certain, a prompt only one of them adds is not", () => {
    const s = analyze({ "src/index.ts": JOIN("function developer(s: McpServer) { search(s); ask(s); }\nfunction editor(s: McpServer) { ask(s); search(s); search2(s); }\nfunction search2(s: McpServer) { s.registerTool(\"more\", {}, async () => ({ content: [] })); }") }).servers.get("roles")!;
    assert.equal(s.exact, true, reasonsOf(s));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    const one = analyze({ "src/index.ts": JOIN("function developer(s: McpServer) { search(s); ask(s); }\nfunction editor(s: McpServer) { search(s); }") }).servers.get("roles")!;
    assert.equal(one.exact, false);
    assert.deepEqual(one.legacy, { tools: { listChanged: true } });
    assert.match(reasonsOf(one), /^prompts: prompts is registered by code that runs only under a condition/m);
  });

  it("called on the read itself (toolMap[role](server)): joined the same way", () => {
    const s = analyze({ "src/index.ts": JOIN("function developer(s: McpServer) { search(s); }\nfunction editor(s: McpServer) { search(s); }", "  toolMap[role](server);") }).servers.get("roles")!;
    assert.equal(s.exact, true, reasonsOf(s));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  for (const [label, fns, call] of [
    ["a registration under a condition of its own in one function", "function developer(s: McpServer) { search(s); }\nfunction editor(s: McpServer) { if (process.env.SEARCH) search(s); }", undefined],
    ["an optional call (a key the table lacks runs nothing)", "function developer(s: McpServer) { search(s); }\nfunction editor(s: McpServer) { search(s); }", "  const register = toolMap[role];\n  register?.(server);"],
    ["a catch taking the TypeError of a key the table lacks", "function developer(s: McpServer) { search(s); }\nfunction editor(s: McpServer) { search(s); }", "  const register = toolMap[role];\n  try { register(server); } catch { console.error(\"no such role\"); }"],
  ] as const) {
    it(`not joined: ${label}`, () => {
      const s = analyze({ "src/index.ts": JOIN(fns, call) }).servers.get("roles")!;
      assert.equal(s.exact, false);
      assert.deepEqual(s.legacy, {});
      assert.match(reasonsOf(s), /^tools: tools is registered/m);
    });
  }

  it("not joined: a key one function adds with another value than the others (listChanged written false on the low-level Server)", () => {
    const s = analyze({ "src/index.ts": JOIN("function developer(s: McpServer) { s.server.registerCapabilities({ tools: { listChanged: false } }); }\nfunction editor(s: McpServer) { s.server.registerCapabilities({ tools: {} }); }") }).servers.get("roles")!;
    assert.equal(s.exact, false);
    assert.equal("tools" in s.legacy!, false);
  });

  it("not joined: a key the code before had already added under a condition", () => {
    const s = analyze({ "src/index.ts": JOIN("function developer(s: McpServer) { search(s); }\nfunction editor(s: McpServer) { search(s); }", undefined, "if (process.env.EXTRA) server.server.registerCapabilities({ tools: { listChanged: false } });\n") }).servers.get("roles")!;
    assert.equal(s.exact, false);
    assert.equal("tools" in s.legacy!, false);
  });
});

describe("SDK: a callback over a table's entries that takes each item apart", () => {
  // Trial 126 c19, run with the real SDK 1.32.2: prompts, resources and tools.
  it("Object.entries(groups).forEach(([name, register]) => register(server)): each function, for certain", () => {
    const src = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
const groups = {
  search: (s: McpServer) => s.tool("search", { q: z.string() }, async () => ({ content: [] })),
  docs: (s: McpServer) => s.resource("guide", "docs://guide", async (uri) => ({ contents: [{ uri: uri.href, text: "g" }] })),
  prompts: (s: McpServer) => s.prompt("explain", { topic: z.string() }, () => ({ messages: [] })),
};
const server = new McpServer({ name: "groups", version: "1.0.0" });
Object.entries(groups).forEach(([name, register]) => {
  console.error(\`loading \${name}\`);
  register(server);
});
await server.connect(new StdioServerTransport());
`;
    const s = analyze({ "src/index.ts": src }).servers.get("groups")!;
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, resources: { listChanged: true }, tools: { listChanged: true } });
    // An element the callback does not take from each item (`[, register]` at another place) is not a function: not followed.
    const wrong = analyze({ "src/index.ts": src.replace("([name, register])", "([register, name])") }).servers.get("groups")!;
    assert.equal(wrong.exact, false);
  });
});
