// `import("./x.js").then((m) => m.register(server))`: the callback's parameter is the loaded module's
// namespace, so the helper it calls is followed (and what it registers is known), where the file binds
// that name nowhere else.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SDK = { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }) };
const tools = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export function register(s: McpServer) {
  s.registerTool("export_csv", { description: "Export" }, async () => ({ content: [] }));
}
`;
const entry = (load: string, extra = "") => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const s = new McpServer({ name: "lazy", version: "1.0.0" });
s.registerResource("reports", "mem://reports", {}, async (uri) => ({ contents: [] }));
${extra}
${load}
`;
const run = (index: string) => {
  const r = analyze({ ...SDK, "package.json": `{"type":"module"}`, "src/index.ts": index, "src/tools.ts": tools });
  const s = r.servers.get("lazy");
  assert.ok(s, "the server is found");
  return { s, r };
};

describe("a module loaded with import().then(callback)", () => {
  it("not awaited before connect(): the registration may come after it, and is reported", () => {
    for (const cb of ["(m) => m.register(s)", "m => m.register(s)", "function (m) { m.register(s); }", "({ register }) => register(s)"]) {
      const { s, r } = run(entry(`import("./tools.js").then(${cb});\nawait s.connect(new StdioServerTransport());`));
      assert.equal(s.exact, false, cb);
      assert.equal(r.codes("sdk-register-after-connect").length, 1, cb);
    }
  });

  it("connect() chained after it: the helper's registration is known, only whether the callback runs is open", () => {
    const { s } = run(entry(`import("./tools.js").then((m) => m.register(s)).then(() => s.connect(new StdioServerTransport()));`));
    assert.equal(s.exact, false);
    const reasons = s.unknown.map((u) => u.reason).join("; ");
    assert.match(reasons, /\btools\b/);
    assert.doesNotMatch(reasons, /cannot follow/);
  });

  it("a parameter name the file binds elsewhere too is not taken for the module", () => {
    const { s, r } = run(entry(`import("./tools.js").then((m) => m.register(s));\nawait s.connect(new StdioServerTransport());`, `const m = { register(_: unknown) {} };`));
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("; "), /m\.register/);
    assert.equal(r.codes("sdk-register-after-connect").length, 0);
  });
});
