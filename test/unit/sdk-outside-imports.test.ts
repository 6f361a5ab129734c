// Calls on what a package exports (`z.object({...}).describe(...)`, `express.json()`) hold no code of
// the workspace, so the SDK replay does not look into them: with the package not installed, looking
// its name up would list every folder of the workspace for `declare module` blocks, in the editor, on
// the first file opened. Calls on what the workspace's own modules export are still followed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const HEAD = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import * as prompts from "./prompts/index.js";
const server = new McpServer({ name: "s", version: "1" });
const shape = z.object({ a: z.string() }).describe("x");
server.registerTool("t", { description: "d", inputSchema: { a: z.string().min(1) } }, async () => ({ content: [] }));
`;

function analyse(main: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  for (let i = 0; i < 3; i++) fs.writeFileSync(`/w/src/other${i}/a.ts`, "export const a = 1;\n");
  fs.writeFileSync("/w/src/prompts/index.ts", 'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport function register(server: McpServer) {\n  server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n}\n');
  fs.writeFileSync("/w/src/main.ts", main);
  const listed: string[] = [];
  const read = fs.readDirSync.bind(fs);
  fs.readDirSync = (dir: string) => {
    listed.push(dir);
    return read(dir);
  };
  const w = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const [server] = w.analyzeFile("/w/src/main.ts", { tasksExtension: false }).servers;
  assert.ok(server);
  return { legacy: server.legacy, exact: server.exact, listed };
}

describe("SDK replay: calls on a package's exports", () => {
  it("are not looked into, and no folder the server does not import from is listed", () => {
    const got = analyse(`${HEAD}await server.connect(new StdioServerTransport());\n`);
    assert.deepEqual(got.legacy, { tools: { listChanged: true } });
    assert.equal(got.exact, true);
    const others = got.listed.filter((d) => d.includes("/other"));
    assert.deepEqual(others, [], `listed: ${got.listed.join(", ")}`);
  });

  it("a namespace of the workspace's own module is still followed into", () => {
    const got = analyse(`${HEAD}prompts.register(server);\nawait server.connect(new StdioServerTransport());\n`);
    assert.deepEqual(got.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    assert.equal(got.exact, true);
  });
});
