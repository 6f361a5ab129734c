// A server module exported as a singleton, modules registering on it when they are loaded
// (`import "./tools.js"`), and several entry files each serving it in a program of its own
// (`stdio.ts`, `stdio-debug.ts`). Modules run before the code of the modules that import them, so in
// each program the registrations come before connect(): when every entry loads the same modules and
// does nothing else with the server, the answer is exact. When the programs differ, it is not.
// (Trial 117 fe02: `{}` with a false sdk-register-after-connect warning before.)
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const BASE = {
  "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }),
  "package.json": JSON.stringify({ name: "two-entries", type: "module" }),
  "src/server.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "two-entries", version: "1.0.0" });\n`,
  "src/tools.ts": `import { server } from "./server.js";\nserver.registerTool("ping", {}, async () => ({ content: [] }));\n`,
  "src/prompts.ts": `import { server } from "./server.js";\nserver.registerPrompt("hello", {}, () => ({ messages: [] }));\n`,
};
const entry = (imports: string[], extra = "") =>
  `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nimport { server } from "./server.js";\n${imports.map((m) => `import "./${m}.js";\n`).join("")}${extra}await server.connect(new StdioServerTransport());\n`;

describe("several entry files serving one exported server", () => {
  it("each loading the same registering modules: exact, and no warning", () => {
    const r = analyze({ ...BASE, "src/stdio.ts": entry(["tools", "prompts"]), "src/stdio-debug.ts": entry(["tools", "prompts"], `console.error("debug");\n`) });
    const s = r.servers.get("two-entries")!;
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    assert.deepEqual(r.codes("sdk-register-after-connect"), []);
  });

  it("loading different modules: what every program registers is stated, what only some do is not, and says which", () => {
    const r = analyze({ ...BASE, "src/stdio.ts": entry(["tools", "prompts"]), "src/http.ts": entry(["tools"]) });
    const s = r.servers.get("two-entries")!;
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.deepEqual(s.unknown.map((u) => u.path.join(".")), ["prompts"]);
    assert.match(s.unknown[0]!.reason, /prompts\.ts, which stdio\.ts loads and http\.ts does not/);
    assert.deepEqual(r.codes("sdk-register-after-connect"), []);
  });

  it("an entry that registers on the server itself: not stated either", () => {
    const r = analyze({ ...BASE, "src/stdio.ts": entry(["tools"]), "src/http.ts": entry(["tools"], `server.registerPrompt("extra", {}, () => ({ messages: [] }));\n`) });
    assert.equal(r.servers.get("two-entries")!.exact, false);
  });
});
