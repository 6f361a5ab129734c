// A server whose file does not parse does not start (tsx and node refuse the file), so nothing it
// would advertise once fixed is stated: both eras are "not known", with the place of the first error.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";
import { tempProject } from "../helpers/tempProject";

const SDK_SERVER = (extra: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "broken", version: "1.0.0" });
server.registerTool("t", { description: "t" }, async () => ({ content: [] }));
server.registerPrompt("p", { description: "p" }, () => ({ messages: [] }))${extra};
await server.connect(new StdioServerTransport());
`;

interface Report {
  servers: { name: string; exact: boolean; legacy: unknown; modern: unknown; unknown: { path: string[]; reason: string; line?: number }[]; provenance: unknown[] }[];
}

function report(files: Record<string, string>): Report {
  const run = mcpCapsInProcess(tempProject(files), ["--json", "."]);
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as Report;
}

describe("a server whose file does not parse", () => {
  it("SDK: a stray parenthesis makes both eras not known, at the line of the error", () => {
    const [server] = report({ "index.ts": SDK_SERVER(")") }).servers;
    assert.equal(server?.name, "broken");
    assert.equal(server.exact, false);
    assert.equal(server.legacy, null);
    assert.equal(server.modern, null);
    assert.deepEqual(server.provenance, []);
    assert.equal(server.unknown.length, 1);
    assert.deepEqual(server.unknown[0]!.path, []);
    assert.equal(server.unknown[0]!.line, 5);
    assert.match(server.unknown[0]!.reason, /does not parse/);
  });

  it("SDK: the same file without the error is exact", () => {
    const [server] = report({ "index.ts": SDK_SERVER("") }).servers;
    assert.equal(server?.exact, true);
    assert.deepEqual(server.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("the human report says not known, not not served", () => {
    const run = mcpCapsInProcess(tempProject({ "index.ts": SDK_SERVER(")") }), ["."]);
    assert.match(run.stdout, /both eras: not known \(the file does not parse/);
    assert.doesNotMatch(run.stdout, /not served/);
  });
});
