// A name the analysis cannot compute but the source writes twice as the same expression of the same
// consts (`${PREFIX}_info`, `pkg.prefix`) is the same name whatever it holds: the second registration
// throws. Anything that may differ between the two (a local, a let, a call, a member written in
// between) is not taken for the same name. Fixture 506 proves the first case with the real SDK
// (trial 131 c107, c85 were exact while the server stopped).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (body: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import settings from "./settings.js";
const server = new McpServer({ name: "symbolic", version: "1.0.0" });
${body}
await server.connect(new StdioServerTransport());
`;
const SETTINGS = "export default { prefix: process.env.P ?? 'x' };\n";
const cb = "async () => ({ content: [] })";

const run = (body: string) => {
  const r = analyze({ "src/index.ts": SERVER(body), "src/settings.ts": SETTINGS });
  return { server: r.servers.get("symbolic")!, duplicates: r.codes("sdk-duplicate-registration").map((d) => `${d.severity} line ${d.line}: ${d.message}`) };
};

describe("SDK: the same expression of consts registered twice", () => {
  it("a template, a const, a member of an import: an error at the second, the server does not start", () => {
    for (const [body, line] of [
      [`const PREFIX = process.env.PREFIX ?? "acme";\nserver.tool(\`\${PREFIX}_info\`, ${cb});\nserver.tool(\`\${ PREFIX }_info\`, ${cb});`, 7],
      [`const NAME = process.env.TOOL_NAME!;\nserver.registerTool(NAME, {}, ${cb});\nserver.registerTool(NAME, {}, ${cb});`, 7],
      [`server.registerPrompt(settings.prefix, {}, () => ({ messages: [] }));\nfunction again() { server.registerPrompt(settings.prefix, {}, () => ({ messages: [] })); }\nagain();`, 6],
    ] as const) {
      const { server, duplicates } = run(body);
      assert.equal(duplicates.length, 1, body);
      assert.match(duplicates[0]!, new RegExp(`^error line ${line}: .*\\(the same name, whatever it holds when it runs\\) is already registered`), body);
      assert.equal(server.legacy, null, body);
    }
  });

  it("what may differ between the two calls is not the same name: nothing is said", () => {
    for (const body of [
      `let prefix = process.env.P ?? "a";\nserver.tool(\`\${prefix}_info\`, ${cb});\nprefix = "b";\nserver.tool(\`\${prefix}_info\`, ${cb});`,
      `function add(p: string) { server.tool(\`\${p}_info\`, ${cb}); }\nadd(process.argv[2]!);\nadd(process.argv[3]!);`,
      `server.tool(\`\${Date.now()}_info\`, ${cb});\nserver.tool(\`\${Date.now()}_info\`, ${cb});`,
      `const cfg = { prefix: process.env.P ?? "a" };\nserver.tool(\`\${cfg.prefix}_info\`, ${cb});\ncfg.prefix = "b";\nserver.tool(\`\${cfg.prefix}_info\`, ${cb});`,
      `const PREFIX = process.env.P ?? "a";\nserver.tool(\`\${PREFIX}_info\`, ${cb});\n{ const PREFIX = "other"; server.tool(\`\${PREFIX}_info\`, ${cb}); }`,
      `const state = { n: 0 };\nserver.tool(\`tool_\${state.n}\`, ${cb});\nstate.n++;\nserver.tool(\`tool_\${state.n}\`, ${cb});`,
    ]) {
      const { duplicates } = run(body);
      assert.deepEqual(duplicates, [], body);
    }
  });
});
