// fastmcp before 3.23.1 serves completion/complete without advertising completions; from
// @modelcontextprotocol/sdk 1.22.0 on, the SDK refuses to install that handler and start() throws, so
// such a server answers nothing. Seen on a published server (fastmcp 1.27.7): with SDK 1.32.2 it exits
// with "Server does not support completions (required for completion/complete)", with SDK 1.21.2 it
// answers { tools: {}, logging: {} }. The analysis reads the SDK the way fastmcp loads it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const SERVER = `import { FastMCP } from "fastmcp";

const server = new FastMCP({ name: "photos", version: "1.0.0" });

server.addTool({ name: "stock_photo", execute: async () => "ok" });

server.start({ transportType: "stdio" });
`;

interface Installed {
  readonly fastmcp: string;
  /** The SDK next to fastmcp (hoisted), if any. */
  readonly sdk?: string;
  /** An SDK of fastmcp's own (node_modules/fastmcp/node_modules), which it loads first. */
  readonly nestedSdk?: string;
}

function analyse(installed: Installed) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/src/server.ts", SERVER);
  const manifest = (name: string, version: string) => JSON.stringify({ name, version });
  fs.writeFileSync("/w/node_modules/fastmcp/package.json", manifest("fastmcp", installed.fastmcp));
  if (installed.sdk) fs.writeFileSync("/w/node_modules/@modelcontextprotocol/sdk/package.json", manifest("@modelcontextprotocol/sdk", installed.sdk));
  if (installed.nestedSdk) fs.writeFileSync("/w/node_modules/fastmcp/node_modules/@modelcontextprotocol/sdk/package.json", manifest("@modelcontextprotocol/sdk", installed.nestedSdk));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const analysis = ws.analyzeFile("/w/src/server.ts", { tasksExtension: false });
  return { server: analysis.servers[0]!, diagnostics: analysis.diagnostics };
}

describe("fastmcp before 3.23.1: whether start() throws depends on the installed SDK", () => {
  it("SDK 1.22.0 or later: nothing is served (legacy null, exact), an era note and an error say why", () => {
    for (const sdk of ["1.22.0", "1.32.2"]) {
      const { server, diagnostics } = analyse({ fastmcp: "1.27.7", sdk });
      assert.equal(server.legacy, null);
      assert.equal(server.modern, null);
      assert.equal(server.exact, true);
      assert.deepEqual(server.unknown, []);
      assert.match(server.eraNotes!.legacy!.text, new RegExp(`start-up throws: fastmcp 1\\.27\\.7 with @modelcontextprotocol/sdk ${sdk.replace(/\./g, "\\.")}`));
      const d = diagnostics.find((x) => x.code === "fastmcp-completions-unadvertised")!;
      assert.equal(d.severity, "error");
      assert.match(d.message, /start\(\) throws "Server does not support completions \(required for completion\/complete\)"/);
    }
  });

  it("an SDK before 1.22.0: it starts and advertises tools and logging, without completions", () => {
    const { server } = analyse({ fastmcp: "1.27.7", sdk: "1.21.2" });
    assert.deepEqual(server.legacy, { tools: {}, logging: {} });
    assert.equal(server.exact, true);
    assert.equal(server.eraNotes!.legacy, undefined);
  });

  it("fastmcp's own nested SDK is the one it loads, not the project's", () => {
    assert.equal(analyse({ fastmcp: "3.20.0", sdk: "1.21.2", nestedSdk: "1.24.0" }).server.legacy, null);
    assert.deepEqual(analyse({ fastmcp: "3.20.0", sdk: "1.24.0", nestedSdk: "1.21.2" }).server.legacy, { tools: {}, logging: {} });
  });

  it("no SDK installed: the prediction is kept but marked unknown, never claimed exact", () => {
    const { server } = analyse({ fastmcp: "2.2.4" });
    assert.deepEqual(server.legacy, { tools: {}, logging: {} });
    assert.equal(server.exact, false);
    assert.equal(server.unknown.length, 1);
    assert.match(server.unknown[0]!.reason, /fails to start with @modelcontextprotocol\/sdk 1\.22\.0 or later/);
  });

  it("fastmcp 3.23.1 and later advertise completions: the SDK version does not matter", () => {
    const { server } = analyse({ fastmcp: "3.23.1", sdk: "1.32.2" });
    assert.deepEqual(server.legacy, { tools: {}, logging: {}, completions: {} });
    assert.equal(server.exact, true);
  });
});
