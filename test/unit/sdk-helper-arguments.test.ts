// A condition on a helper's parameter is decided by the call being followed: the argument it passes,
// or the parameter's default when it leaves the argument out. The server's own function, called once
// in the workspace, reads its parameters from that call. Anything the call does not settle (a value
// from the environment, a spread, a parameter written again in the body, two calls that differ)
// leaves the registration under its condition. Fixture 508 proves the first cases with the real SDK
// (trial 131 c96, c98, c39 were approximate).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
`;
const REGISTER = `function register(s: McpServer, opts = { prompts: true, tools: false }) {
  if (opts.prompts) s.registerPrompt("p", {}, () => ({ messages: [] }));
  if (opts.tools) s.registerTool("t", {}, async () => ({ content: [] }));
}
`;
const SERVER = (body: string) => `${HEAD}${REGISTER}const server = new McpServer({ name: "args", version: "1.0.0" });
${body}
await server.connect(new StdioServerTransport());
`;

const run = (body: string) => analyze({ "src/index.ts": SERVER(body) }).servers.get("args")!;

describe("SDK: a helper's conditions on its parameters", () => {
  it("are decided by each call's arguments, or by the defaults it leaves in place", () => {
    for (const [body, legacy] of [
      ["register(server);", { prompts: { listChanged: true } }],
      ["register(server, { prompts: false, tools: true });", { tools: { listChanged: true } }],
      ["register(server, { prompts: false, tools: false });\nregister(server, { prompts: false, tools: true });", { tools: { listChanged: true } }],
    ] as const) {
      const s = run(body);
      assert.equal(s.exact, true, body);
      assert.deepEqual(s.legacy, legacy, body);
    }
  });

  it("stay under their condition when the call does not settle them", () => {
    for (const body of [
      "register(server, { prompts: process.env.P === '1', tools: false });",
      "const extra = process.argv.length > 5 ? [{ prompts: false, tools: true }] : [];\nregister(server, ...extra);",
      "let opts = { prompts: true, tools: false };\nif (process.env.X) opts = { prompts: false, tools: false };\nregister(server, opts);",
      // `undefined` passed gives the parameter its default: a name that may hold it is not read as itself.
      "const NONE = process.env.X ? undefined : { prompts: false, tools: false };\nregister(server, NONE);",
    ]) {
      const s = run(body);
      assert.equal(s.exact, false, body);
      assert.ok(s.unknown.some((u) => u.path[0] === "prompts"), body);
    }
  });

  it("an options object the helper hands on or renames first may be changed there: not read", () => {
    for (const first of ["applyEnv(opts);", "Object.assign(opts, loadOverrides());", "const o = opts; o.tools = true;"]) {
      const s = analyze({
        "src/index.ts": `${HEAD}declare function applyEnv(o: object): void;
declare function loadOverrides(): object;
function register(s: McpServer, opts: { tools: boolean }) {
  ${first}
  if (opts.tools) s.registerTool("t", {}, async () => ({ content: [] }));
}
const server = new McpServer({ name: "args", version: "1.0.0" });
register(server, { tools: false });
await server.connect(new StdioServerTransport());
`,
      }).servers.get("args")!;
      assert.equal(s.exact, false, first);
      assert.ok(s.unknown.some((u) => u.path[0] === "tools"), first);
    }
  });

  it("a parameter the helper writes again is not what the call gave", () => {
    const s = analyze({
      "src/index.ts": `${HEAD}function register(s: McpServer, opts = { tools: false }) {
  if (process.env.ALL) opts.tools = true;
  if (opts.tools) s.registerTool("t", {}, async () => ({ content: [] }));
}
const server = new McpServer({ name: "args", version: "1.0.0" });
register(server);
await server.connect(new StdioServerTransport());
`,
    }).servers.get("args")!;
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => u.path[0] === "tools"));
  });
});

describe("SDK: the server's own function called once", () => {
  const APP = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
export async function run(withResources: boolean) {
  const server = new McpServer({ name: "once", version: "1" });
  server.registerTool("t", {}, async () => ({ content: [] }));
  if (withResources) server.registerResource("r", "mem://r", {}, async (uri) => ({ contents: [{ uri: uri.href, text: "x" }] }));
  await server.connect(new StdioServerTransport());
}
`;
  it("reads its parameters from that call, in its file or another", () => {
    for (const files of <Record<string, string>[]>[
      { "src/app.ts": APP, "src/index.ts": 'import { run } from "./app.js";\nawait run(true);\n' },
      { "src/app.ts": `${APP}await run(true);\n` },
    ]) {
      const s = analyze(files).servers.get("once")!;
      assert.equal(s.exact, true);
      assert.deepEqual(s.legacy, { resources: { listChanged: true }, tools: { listChanged: true } });
    }
  });

  it("called twice, or from the environment, its parameters stay unknown", () => {
    for (const index of ['import { run } from "./app.js";\nawait run(true);\nawait run(false);\n', 'import { run } from "./app.js";\nawait run(process.env.R === "1");\n']) {
      const s = analyze({ "src/app.ts": APP, "src/index.ts": index }).servers.get("once")!;
      assert.equal(s.exact, false, index);
      assert.ok(s.unknown.some((u) => u.path[0] === "resources"), index);
    }
  });
});
