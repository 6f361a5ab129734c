// SDK v2's createMcpHandler given a factory that returns one shared server: the analysis warns
// (sdk-factory-shared-instance), and the real SDK (the installed @modelcontextprotocol/server, its
// handler called with web Requests) shows why. After a server/discover, initialize answers -32601;
// two requests at once: the second gets HTTP 500. A factory making a server per request answers all.
// (serveStdio serves one connection: a shared instance there was checked by hand to answer initialize
// on one process and server/discover on another, as a fresh one does; it gets no warning.)
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { JsonReport } from "../../server/src/cli/jsonReport";
import { runCli } from "../../server/src/cli/main";
import { analyze } from "../helpers/memoryWorkspace";

const FIXTURES = join(__dirname, "..", "fixtures", "sdk-v2-shared-factory");
const CLIENT_INFO = { name: "test", version: "1" };
const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": CLIENT_INFO };
const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: CLIENT_INFO } };
const DISCOVER = { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } };
const CALL = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "time", arguments: {}, _meta: META } };

type Handler = (request: Request) => Promise<Response>;

function analyse(dir: string): JsonReport {
  let out = "";
  const status = runCli(["--json", dir], { cwd: dir, stdout: (t) => (out += t), stderr: () => {}, isTty: false, env: { NO_COLOR: "1" } });
  assert.ok(status === 0 || status === 1, `mcp-caps exited ${status}`);
  return JSON.parse(out) as JsonReport;
}

async function handlerOf(dir: string): Promise<Handler> {
  const { handler } = (await import(join(dir, "server.ts"))) as { handler: Handler | { fetch: Handler } };
  return typeof handler === "function" ? handler : handler.fetch.bind(handler);
}

/** The JSON-RPC error code of the answer, or "ok", with the HTTP status. */
async function ask(handler: Handler, body: { method: string }): Promise<string> {
  const version = body.method === "initialize" ? "2025-11-25" : "2026-07-28";
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": version, "mcp-method": body.method };
  if (body.method === "tools/call") headers["mcp-name"] = "time";
  const response = await handler(new Request("http://127.0.0.1/mcp", { method: "POST", headers, body: JSON.stringify(body) }));
  const text = await response.text();
  const code = /"error":\{"code":(-?\d+)/.exec(text)?.[1];
  return `${response.status} ${code ?? "ok"}`;
}

describe("SDK v2: createMcpHandler with a factory returning one shared server", () => {
  for (const fixture of ["shared", "by-reference"]) {
    it(`${fixture}: warned at the factory, and the real SDK answers initialize -32601 once server/discover was served`, async () => {
      const dir = join(FIXTURES, fixture);
      const warned = analyse(dir).diagnostics.filter((d) => d.code === "sdk-factory-shared-instance");
      assert.equal(warned.length, 1);
      assert.equal(warned[0]!.severity, "warning");
      assert.match(warned[0]!.message, /every later initialize is answered -32601/);
      const handler = await handlerOf(dir);
      const answers = [];
      for (const body of [INITIALIZE, DISCOVER, INITIALIZE, DISCOVER]) answers.push(await ask(handler, body));
      assert.deepEqual(answers, ["200 ok", "200 ok", "200 -32601", "200 ok"]);
    });
  }

  it("legacy: \"reject\": warned for overlapping requests only, and the real SDK answers the second of two at once with HTTP 500", async () => {
    const dir = join(FIXTURES, "shared-reject");
    const warned = analyse(dir).diagnostics.filter((d) => d.code === "sdk-factory-shared-instance");
    assert.equal(warned.length, 1);
    assert.doesNotMatch(warned[0]!.message, /-32601/);
    assert.match(warned[0]!.message, /HTTP 500/);
    const handler = await handlerOf(dir);
    assert.deepEqual([await ask(handler, DISCOVER), await ask(handler, DISCOVER)], ["200 ok", "200 ok"]);
    const [first, second] = await Promise.all([ask(handler, CALL), ask(handler, DISCOVER)]);
    assert.deepEqual([first, second], ["200 ok", "500 -32603"]);
  });

  it("a factory making its server: no warning, and every request is answered, two at once too", async () => {
    const dir = join(FIXTURES, "fresh");
    assert.deepEqual(analyse(dir).diagnostics.filter((d) => d.code === "sdk-factory-shared-instance"), []);
    const handler = await handlerOf(dir);
    const answers = [];
    for (const body of [INITIALIZE, DISCOVER, INITIALIZE]) answers.push(await ask(handler, body));
    assert.deepEqual(answers, ["200 ok", "200 ok", "200 ok"]);
    assert.deepEqual(await Promise.all([ask(handler, CALL), ask(handler, DISCOVER)]), ["200 ok", "200 ok"]);
  });

  it("not for serveStdio (one connection), a server a `let` may be given again, or a server made in the factory's own function", () => {
    const pkg = JSON.stringify({ name: "app", type: "module", dependencies: { "@modelcontextprotocol/server": "2.4.0" } });
    const head = `import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";\nimport { serveStdio } from "@modelcontextprotocol/server/stdio";\n`;
    const codes = (src: string) => analyze({ "package.json": pkg, "src/index.ts": head + src }).diagnostics.filter((d) => d.code === "sdk-factory-shared-instance");
    assert.deepEqual(codes(`const shared = new McpServer({ name: "s", version: "1" });\nserveStdio(() => shared);\n`), []);
    assert.deepEqual(codes(`let shared = new McpServer({ name: "s", version: "1" });\nexport function reset() { shared = new McpServer({ name: "s", version: "2" }); }\nexport const handler = createMcpHandler(() => shared);\n`), []);
    assert.deepEqual(codes(`function build() { const server = new McpServer({ name: "s", version: "1" }); return server; }\nexport const handler = createMcpHandler(build);\n`), []);
    assert.equal(codes(`const shared = new McpServer({ name: "s", version: "1" });\nexport const handler = createMcpHandler(() => { return shared; });\n`).length, 1);
  });
});
