// Who answers logging/setLevel on SDK v1, by release. The Server's constructor installs a setLevel
// handler when logging is declared there only from 1.17.5 (typescript-sdk commit 79d11dc, "Automatic
// handling of logging level", first in the 1.17.5 tag; checked by asking logging/setLevel of a server
// on 1.10.2 and 1.12.0, which answer -32601 either way, and on 1.17.5, which answers {}). Before
// it, declaring logging in the constructor is no cure for the registerCapabilities form either.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const installed = (version: string) => ({
  "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version }),
});

const CONSTRUCTOR = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "logs", version: "1.0.0" }, { capabilities: { logging: {} } });
server.tool("ping", async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
`;

const LATE = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "logs", version: "1.0.0" });
server.server.registerCapabilities({ logging: {} });
server.tool("ping", async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
`;

describe("SDK v1: logging/setLevel by release", () => {
  it("before 1.17.5, logging declared in the constructor leaves logging/setLevel unanswered", () => {
    for (const version of ["1.10.2", "1.12.0", "1.17.4"]) {
      const r = analyze({ ...installed(version), "server.ts": CONSTRUCTOR });
      const missing = r.codes("sdk-handler-missing");
      assert.equal(missing.length, 1, version);
      assert.match(missing[0]!.message, /nothing answers logging\/setLevel/);
      assert.equal(r.codes("sdk-logging-setlevel").length, 0);
    }
  });

  it("from 1.17.5, the constructor's logging answers it", () => {
    const r = analyze({ ...installed("1.17.5"), "server.ts": CONSTRUCTOR });
    assert.deepEqual(r.diagnostics.map((d) => d.code), []);
  });

  it("registerCapabilities: the advice to declare logging in the constructor only from 1.17.5", () => {
    const old = analyze({ ...installed("1.12.0"), "server.ts": LATE }).codes("sdk-logging-setlevel");
    assert.equal(old.length, 1);
    assert.match(old[0]!.message, /SDK 1\.12\.0 installs no logging\/setLevel handler, whether logging is declared in the constructor or added by registerCapabilities/);
    assert.match(old[0]!.message, /move to SDK 1\.17\.5 or later/);
    const current = analyze({ ...installed("1.17.5"), "server.ts": LATE }).codes("sdk-logging-setlevel");
    assert.equal(current.length, 1);
    assert.match(current[0]!.message, /Declare logging in the constructor's capabilities instead/);
  });
});
