// connect() of one server in a handler run for every request: the analysis warns
// (sdk-connect-per-request), and the real SDK (the installed 1.32.2, over HTTP on 127.0.0.1) shows why:
// the second request fails with "Already connected to a transport". A server made per request is
// answered every time, and gets no warning. A throw the catch takes before the request reaches the
// transport leaves every request to the catch.
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { JsonReport } from "../../server/src/cli/jsonReport";
import { runCli } from "../../server/src/cli/main";

const FIXTURES = join(__dirname, "..", "fixtures", "sdk-per-request");
const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } } };

function analyse(dir: string): JsonReport {
  let out = "";
  const status = runCli(["--json", dir], { cwd: dir, stdout: (t) => (out += t), stderr: () => {}, isTty: false, env: { NO_COLOR: "1" } });
  assert.ok(status === 0 || status === 1, `mcp-caps exited ${status}`);
  return JSON.parse(out) as JsonReport;
}

/** Two initialize requests, one after the other, to the fixture's HTTP server: their statuses and bodies. */
async function twoRequests(dir: string): Promise<Array<{ status: number; body: string }>> {
  const { httpServer } = (await import(join(dir, "server.ts"))) as { httpServer: Server };
  await new Promise<void>((ready) => httpServer.listen(0, "127.0.0.1", ready));
  try {
    const { port } = httpServer.address() as AddressInfo;
    const out: Array<{ status: number; body: string }> = [];
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(INITIALIZE) });
      out.push({ status: r.status, body: await r.text() });
    }
    return out;
  } finally {
    httpServer.closeAllConnections();
    await new Promise((closed) => httpServer.close(closed));
  }
}

describe("SDK: connect() in a handler run for every request", () => {
  // Each: the fixture, the warning's code and line, what its message must say, and the second answer.
  const REFUSED: readonly { label: string; fixture: string; code: string; line: number; says?: RegExp; second: RegExp }[] = [
    { label: "one server for the program: warned, and the real SDK refuses the second request", fixture: "singleton", code: "sdk-connect-per-request", line: 15, second: /Already connected to a transport/ },
    {
      label: "one server for the program under another name, connected for every new session: warned (a session's transport), and the real SDK refuses the second client",
      fixture: "shared-per-session",
      code: "sdk-connect-per-request",
      line: 20,
      says: /a second client's initialize fails while the first session lasts/,
      second: /Already connected to a transport/,
    },
    {
      label: "one server for the program, connected in a method the listener calls (this.handle(req, res)): warned there, and the real SDK refuses the second request",
      fixture: "gateway-method",
      code: "sdk-connect-per-request",
      line: 10,
      says: /McpHttpGateway\.handle\(\), which the handler createServer\(…\) \(line 15\) runs for every request by the call at line 16/,
      second: /Already connected to a transport/,
    },
    {
      label: "one server for the program, connected in an imported function the listener reaches through a function of its file: warned there, and the real SDK refuses the second request",
      fixture: "imported-handler",
      code: "sdk-connect-per-request",
      line: 10,
      says: /handleMcp\(\), which the handler http\.createServer\(…\) \(server\.ts:10\) runs for every request by the calls at server\.ts:11, then server\.ts:6/,
      second: /Already connected to a transport/,
    },
    // The SDK's Node listener answers this throw with a bare 500 (no body names the cause).
    { label: "one stateless transport for the program, handed every request: warned, and the real SDK refuses the second request", fixture: "stateless-shared-transport", code: "sdk-stateless-transport-reused", line: 17, second: /^$/ },
  ];
  for (const { label, fixture, code, line, says, second: answer } of REFUSED) {
    it(label, async () => {
      const dir = join(FIXTURES, fixture);
      const report = analyse(dir);
      const warned = report.diagnostics.filter((d) => d.code === code);
      assert.equal(warned.length, 1, JSON.stringify(report.diagnostics));
      assert.equal(warned[0]!.severity, "warning");
      assert.equal(warned[0]!.line, line);
      if (says) assert.match(warned[0]!.message, says);
      const [first, second] = await twoRequests(dir);
      assert.equal(first!.status, 200, first!.body);
      assert.equal(second!.status, 500);
      assert.match(second!.body, answer);
    });
  }

  for (const [label, fixture] of [
    ["made in the handler", "fresh"],
    ["made by a factory called in the handler and connected on the spot", "factory"],
    ["made by a factory in a method the listener calls", "gateway-fresh"],
    ["of the program, connected in a method the listener calls (the transport closed with the response)", "gateway-closes"],
  ] as const) {
    it(`a server ${label}: no warning, and every request is answered`, async () => {
      const dir = join(FIXTURES, fixture);
      const report = analyse(dir);
      assert.equal(report.servers.length, 1);
      assert.deepEqual(report.diagnostics.filter((d) => d.code === "sdk-connect-per-request"), []);
      const answers = await twoRequests(dir);
      assert.deepEqual(answers.map((a) => a.status), [200, 200], JSON.stringify(answers));
    });
  }

  it("a registration after connect() that the catch takes, before handleRequest in the same try: no request is answered", async () => {
    const dir = join(FIXTURES, "caught-late-registration");
    const report = analyse(dir);
    assert.equal(report.servers.length, 1);
    const [server] = report.servers;
    assert.equal(server!.exact, true);
    assert.equal(server!.legacy, null);
    const errors = report.diagnostics.filter((d) => d.severity === "error");
    assert.equal(errors.length, 1, JSON.stringify(report.diagnostics));
    assert.equal(errors[0]!.code, "sdk-register-after-connect");
    assert.match(errors[0]!.message, /skips transport\.handleRequest\(…\) \(line 16\), so the server answers no request/);
    const answers = await twoRequests(dir);
    assert.deepEqual(answers, [{ status: 500, body: "internal error" }, { status: 500, body: "internal error" }]);
  });
});
