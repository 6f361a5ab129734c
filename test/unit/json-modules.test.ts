// A JSON module is a value: `import pkg from "./package.json"` (default), `require("./config.json")`
// (the object), and a CommonJS build's named import of a key. A text that is not JSON holds no value
// the analysis knows. Fixture 507 proves the first with the real SDK (trial 131 c13 was approximate,
// "no export default in config.json").
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const PKG = JSON.stringify({ name: "from-json", version: "1.2.3", mcp: { capabilities: { logging: {} } } });

describe("JSON modules", () => {
  it("a default import of package.json names the server and gives its options", () => {
    const r = analyze({
      "package.json": PKG,
      "src/index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import pkg from "../package.json" with { type: "json" };
const server = new McpServer({ name: pkg.name, version: pkg.version }, { capabilities: pkg.mcp.capabilities });
await server.connect(new StdioServerTransport());
`,
    });
    const s = r.servers.get("from-json");
    assert.ok(s, [...r.servers.keys()].join(", "));
    assert.equal(s.exact, true);
    assert.deepEqual(s.legacy, { logging: {} });
  });

  it("require() of a JSON file, and a named import of one of its keys", () => {
    for (const head of ['const pkg = require("../package.json");\nconst name = pkg.name;', 'import { name } from "../package.json";']) {
      const r = analyze({
        "package.json": PKG,
        "src/index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
${head}
const server = new McpServer({ name, version: "1" });
server.registerTool("t", {}, async () => ({ content: [] }));
`,
      });
      assert.ok(r.servers.get("from-json"), `${head}: ${[...r.servers.keys()].join(", ")}`);
    }
  });

  it("a file that is not JSON gives no value: the options are unknown, and the reason names the file", () => {
    const r = analyze({
      "src/settings.json": "{ capabilities: { logging: {} }, }",
      "src/index.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import settings from "./settings.json" with { type: "json" };
const server = new McpServer({ name: "broken-json", version: "1" }, { capabilities: settings.capabilities });
`,
    });
    const s = r.servers.get("broken-json")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /settings\.json/.test(u.reason)), JSON.stringify(s.unknown));
  });

  it("a conduit class reads consts only: a JSON module's value is dynamic there", () => {
    const r = analyze({
      "src/caps.json": JSON.stringify({ tools: { listChanged: true } }),
      "src/server.ts": `import caps from "./caps.json" with { type: "json" };
export class JsonCaps {
  static __capabilities__() {
    return caps;
  }
  handleListTools(ctx: unknown) { return { tools: [] }; }
}
`,
    });
    const s = r.servers.get("JsonCaps")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /JSON module, and only consts are read here/.test(u.reason)), JSON.stringify(s.unknown));
  });
});

describe("JSON flags in conditions", () => {
  const FLAGS = JSON.stringify({ prompts: false, resources: true, logging: true });
  const entry = (extra = "") => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import flags from "./flags.json" with { type: "json" };
${extra}
const server = new McpServer({ name: "flags", version: "1.0.0" }, { capabilities: flags.logging ? { logging: {} } : {} });
server.registerTool("t", { description: "T" }, async () => ({ content: [] }));
if (flags.prompts) server.registerPrompt("p", { description: "P" }, () => ({ messages: [] }));
if (flags.resources) server.registerResource("r", "r://x", {}, async () => ({ contents: [] }));
await server.connect(new StdioServerTransport());
`;
  const run = (files: Record<string, string>) => {
    const s = analyze({ "package.json": `{"type":"module"}`, "src/flags.json": FLAGS, ...files }).servers.get("flags");
    assert.ok(s, "the server is found");
    return s;
  };

  it("read as the file's literal when nothing changes the object", () => {
    const s = run({ "src/index.ts": entry() });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { logging: {}, resources: { listChanged: true }, tools: { listChanged: true } });
  });

  it("not read when a module importing it changes it", () => {
    const s = run({ "src/index.ts": entry(`import "./overrides.js";`), "src/overrides.ts": `import flags from "./flags.json" with { type: "json" };\nflags.prompts = process.env.PROMPTS === "1";\n` });
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("; "), /prompts/);
  });

  it("not read when the file hands it to a call that may change it", () => {
    const s = run({ "src/index.ts": entry(`import { applyEnv } from "./env.js";\napplyEnv(flags);`), "src/env.ts": `export function applyEnv(f: Record<string, boolean>) { f.prompts = !!process.env.PROMPTS; }\n` });
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("; "), /prompts/);
  });
});
