// What the reports say of an era a v2 server may not serve: "not known" when code the analysis does
// not follow serves it, for both eras alike (JSON: each era stated as it is answered if it is, with an
// `unknown` entry for that era saying whether it is answered is not known; never null, which says "not
// served"), and no claim about a connect() that the file does not have.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runCli } from "../../server/src/cli/main";

interface Server {
  modern: unknown;
  unknown: { path: string[]; era?: string; reason: string }[];
}

function analyse(source: string): { json: { servers: Server[] }; text: string } {
  const dir = mkdtempSync(join(tmpdir(), "era-wording-"));
  try {
    writeFileSync(join(dir, "server.ts"), source);
    const run = (args: string[]) => {
      let out = "";
      runCli([...args, "."], { cwd: dir, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} });
      return out;
    };
    return { json: JSON.parse(run(["--json"])) as { servers: Server[] }, text: run(["--no-color"]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("v2 era wording", () => {
  it("a server handed out to code not followed: both eras are not known, not 'not served'", () => {
    const { json, text } = analyse(
      `import { McpServer } from "@modelcontextprotocol/server";\n` +
        `export function createServer() {\n  const server = new McpServer({ name: "w", version: "1" });\n` +
        `  server.registerTool("t", { description: "t" }, async () => ({ content: [] }));\n  return server;\n}\n`,
    );
    const [s] = json.servers;
    assert.deepEqual(s?.modern, { tools: { listChanged: true } });
    assert.ok(s?.unknown.some((u) => u.era === "modern" && u.path.length === 0 && /whether the server answers server\/discover is not known/.test(u.reason)), JSON.stringify(s?.unknown));
    assert.ok(s?.unknown.some((u) => u.era === "legacy" && u.path.length === 0 && /whether the server answers initialize is not known/.test(u.reason)), JSON.stringify(s?.unknown));
    assert.match(text, /both eras: not known: code the analysis does not follow serves it/);
    assert.doesNotMatch(text, /not served/);
  });

  it("a server nothing serves: no mention of a connect() the file does not have", () => {
    const { text } = analyse(
      `import { McpServer } from "@modelcontextprotocol/server";\n` +
        `const server = new McpServer({ name: "w", version: "1" });\n` +
        `server.registerTool("t", { description: "t" }, async () => ({ content: [] }));\n`,
    );
    assert.match(text, /modern: not served \(no connect\(\), createMcpHandler or serveStdio in the code read takes this server/);
    assert.doesNotMatch(text, /connect\(\):/);
  });
});
