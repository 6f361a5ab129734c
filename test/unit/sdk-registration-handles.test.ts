// A registration's handle may free its name (`remove()`, `update({ name })`): a second registration of
// the name is an error only when the name is still taken for certain. Trial 131: a `remove()` anywhere
// (under a condition, under `if (false)`, in a function never called) was taken as run, and the
// prediction was exact while the server stopped (c122, c125, c126); a `remove()` chained on the
// registration was not seen, and the prediction said the server stops (c67, c103–c106). Fixture 505
// proves the freed forms with the real SDK.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (body: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "handles", version: "1.0.0" });
${body}
await server.connect(new StdioServerTransport());
`;

const run = (body: string) => {
  const r = analyze({ "src/index.ts": SERVER(body) });
  return { server: r.servers.get("handles")!, duplicates: r.codes("sdk-duplicate-registration").map((d) => `${d.severity}: ${d.message}`) };
};
const cb = "async () => ({ content: [] })";

describe("SDK: registration handles that free a name", () => {
  it("freed for certain: chained remove() or renaming update(), or a statement on the bound handle between the two", () => {
    for (const body of [
      `server.tool("a", ${cb}).remove();\nserver.tool("a", ${cb});`,
      `server.tool("a", ${cb}).update({ name: "b" });\nserver.tool("a", ${cb});`,
      `const t = server.tool("a", ${cb});\nt.remove();\nserver.tool("a", ${cb});`,
      `const t = server.registerTool("a", {}, ${cb});\nt.disable();\nt.update({ name: "a-old" });\nserver.registerTool("a", {}, ${cb});`,
    ]) {
      const { server, duplicates } = run(body);
      assert.deepEqual(duplicates, [], body);
      assert.equal(server.exact, true, body);
      assert.deepEqual(server.legacy, { tools: { listChanged: true } }, body);
    }
  });

  it("maybe freed (a condition, a function, after the second, handed on): a warning, and the server may not start", () => {
    for (const body of [
      `const t = server.tool("a", ${cb});\nif (process.env.RESET) t.remove();\nserver.tool("a", ${cb});`,
      `const t = server.tool("a", ${cb});\nif (false) t.remove();\nserver.tool("a", ${cb});`,
      `const t = server.tool("a", ${cb});\nfunction reset() { t.remove(); }\nserver.tool("a", ${cb});`,
      `const t = server.tool("a", ${cb});\nserver.tool("a", ${cb});\nt.remove();`,
      `const handles: unknown[] = [];\nconst t = server.tool("a", ${cb});\nhandles.push(t);\nserver.tool("a", ${cb});`,
    ]) {
      const { server, duplicates } = run(body);
      assert.equal(duplicates.length, 1, body);
      assert.match(duplicates[0]!, /^warning: tool throws here unless the first one is removed before it runs/, body);
      assert.equal(server.exact, false, body);
      assert.ok(server.unknown.some((u) => /may not start/.test(u.reason)), body);
    }
  });

  it("never freed (the handle only disabled, or kept and not used): an error, the server does not start", () => {
    for (const body of [
      `server.tool("a", ${cb}).disable();\nserver.tool("a", ${cb});`,
      `const t = server.tool("a", ${cb});\nt.disable();\nserver.tool("a", ${cb});`,
      `const t = server.tool("a", ${cb});\nt.update({ description: "old" });\nserver.tool("a", ${cb});`,
    ]) {
      const { server, duplicates } = run(body);
      assert.equal(duplicates.length, 1, body);
      assert.match(duplicates[0]!, /^error: tool throws here: a tool named "a" is already registered/, body);
      assert.equal(server.legacy, null, body);
    }
  });

  it("a later registration in a function the block declares is not taken as after the removal", () => {
    const { duplicates } = run(`const t = server.tool("a", ${cb});\nagain();\nt.remove();\nfunction again() { server.tool("a", ${cb}); }`);
    assert.equal(duplicates.length, 1);
  });
});
