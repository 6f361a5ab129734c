// `mcp-caps probe` against real servers started from test/fixtures/probe/: SDK v1 and v2 over stdio,
// v2 (stateless) and v1 (with sessions) over Streamable HTTP on 127.0.0.1, and servers that never
// answer, crash, or write garbage. The expected capabilities are what SDK 1.32.2 / 2.4.0 advertise for
// these fixtures (written here by hand), never read from the probe. Every probe is followed by a check,
// by process id, that nothing it started is still running.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { transformSync } from "esbuild";
import { after, describe, it } from "node:test";
import { runProbe } from "../../server/src/cli/probe/probeCommand";
import { CLI, REPO, tempProject } from "../helpers/tempProject";

const FIXTURES = "test/fixtures/probe";
const PROBE_JS = join(".tmp", "probe-js");

/**
 * A TypeScript fixture as the JavaScript `tsc` would emit, under .tmp (so the repository's
 * node_modules still resolve its imports), for `node` to run as it is: each server start through
 * tsx's loader took seconds on a loaded 2-core machine, and every probe starts two.
 */
function asJs(tsPath: string): string {
  const out = join(PROBE_JS, tsPath.replace(/\.ts$/, ".mjs"));
  mkdirSync(join(REPO, dirname(out)), { recursive: true });
  writeFileSync(join(REPO, out), transformSync(readFileSync(join(REPO, tsPath), "utf8"), { loader: "ts", format: "esm", target: "node20" }).code);
  return out;
}
const ESC = "\u001b";

interface Outcome {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `mcp-caps probe ...args` in this process (through the same entry dist/cli.js calls), from the repository. */
async function probe(...args: string[]): Promise<Outcome> {
  let stdout = "";
  let stderr = "";
  const status = await runProbe(args, {
    cwd: REPO,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    isTty: false,
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status, stdout, stderr };
}

/**
 * The ids of running processes started from this suite's fixtures (the probe starts the servers with
 * `test/fixtures/probe/...` on their command line; other children of this process, such as tsx's
 * compiler service, are not the probe's).
 */
function runningServers(): number[] {
  const ps = spawnSync("ps", ["-A", "-o", "pid=,stat=,args="], { encoding: "utf8" });
  return ps.stdout
    .split("\n")
    .map((l) => /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null && !m[2]!.startsWith("Z") && m[3]!.includes(`${FIXTURES}/`) && Number(m[1]) !== ps.pid)
    .map((m) => Number(m[1]));
}

function isRunning(pid: number): boolean {
  const ps = spawnSync("ps", ["-p", String(pid), "-o", "stat="], { encoding: "utf8" });
  const stat = ps.stdout.trim();
  return stat !== "" && !stat.startsWith("Z");
}

/** Waits (briefly) for processes reparented on their leader's death to be reaped; true when all are gone. */
async function allGone(pids: readonly number[]): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    if (!pids.some(isRunning)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** The process ids never-answers.mjs wrote: its own and its child's, for each start. */
function startedPids(pidFile: string): number[] {
  if (!existsSync(pidFile)) return [];
  return readFileSync(pidFile, "utf8").split("\n").filter((l) => l !== "").flatMap((l) => JSON.parse(l) as number[]);
}

function assertNothingLeft(): void {
  assert.deepEqual(runningServers(), [], "no server process left running");
}

const V2_STDIO = { resources: { listChanged: true, subscribe: true }, tools: { listChanged: true } };

describe("mcp-caps probe", () => {
  after(() => assertNothingLeft());

  it("an SDK v1 stdio server: initialize answered, server/discover not served (-32601); --source agrees: exit 0", async () => {
    const r = await probe("--source", `${FIXTURES}/v1-stdio`, "--", "node", asJs(`${FIXTURES}/v1-stdio/server.ts`));
    assertNothingLeft();
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, "");
    assert.match(r.stdout, /^legacy · initialize \(2025-11-25\)\n {2}completions: \{\}\n {2}prompts: \{"listChanged":true\}\n {2}tools: \{"listChanged":true\}$/m);
    assert.match(r.stdout, /^modern · server\/discover \(2026-07-28\)\n {2}not served: JSON-RPC error -32601: Method not found$/m);
    assert.match(r.stdout, /^source test\/fixtures\/probe\/v1-stdio: test\/fixtures\/probe\/v1-stdio\/server\.ts#\S+ \(sdk-v1, exact\)$/m);
    assert.match(r.stdout, /^ {2}legacy: the prediction matches\n {2}modern: the prediction matches$/m);
  });

  it("an SDK v2 stdio server (serveStdio), --json: both eras, one process each; --source agrees", async () => {
    const r = await probe("--json", "--source", `${FIXTURES}/v2-stdio`, "--", "node", asJs(`${FIXTURES}/v2-stdio/server.ts`));
    assertNothingLeft();
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(report.tool, "mcp-caps");
    assert.equal(typeof report.version, "string");
    assert.deepEqual(report.command, ["node", asJs(`${FIXTURES}/v2-stdio/server.ts`)]);
    assert.deepEqual(report.legacy, { method: "initialize", protocolVersion: "2025-11-25", outcome: "answered", capabilities: V2_STDIO });
    assert.deepEqual(report.modern, { method: "server/discover", protocolVersion: "2026-07-28", outcome: "answered", capabilities: V2_STDIO });
    assert.equal(report.source.dir, `${FIXTURES}/v2-stdio`);
    assert.equal(report.source.servers.length, 1);
    assert.equal(report.source.servers[0].dialect, "sdk-v2");
    assert.equal(report.source.matched, `${FIXTURES}/v2-stdio/server.ts#${report.source.servers[0].name}`);
    assert.deepEqual(report.source.differences, []);
  });

  it("a stale build: the source registers a prompt the running build lacks → exit 1, named as a wrong exact prediction", async () => {
    const text = await probe("--source", `${FIXTURES}/stale-build/src`, "--", "node", `${FIXTURES}/stale-build/build/server.mjs`);
    assertNothingLeft();
    assert.equal(text.status, 1, text.stderr);
    assert.match(text.stdout, /^ {2}legacy: differs\n {4}prompts: server \(absent\), source \{"listChanged":true\}\n {6}the analysis claimed this exactly: a wrong prediction$/m);
    assert.match(text.stdout, /^ {2}modern: the prediction matches$/m);
    const json = await probe("--json", "--source", `${FIXTURES}/stale-build/src`, "--", "node", `${FIXTURES}/stale-build/build/server.mjs`);
    assertNothingLeft();
    assert.equal(json.status, 1);
    assert.deepEqual(JSON.parse(json.stdout).source.differences, [{ era: "legacy", path: ["prompts"], source: { listChanged: true }, explainedBy: [] }]);
  });

  it("a server whose start-up throws, as --source predicts: no answer in either era is the prediction holding (exit 0)", async () => {
    const r = await probe("--source", `${FIXTURES}/startup-throws`, "--", "node", asJs(`${FIXTURES}/startup-throws/a/server.ts`));
    assertNothingLeft();
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^source test\/fixtures\/probe\/startup-throws: test\/fixtures\/probe\/startup-throws\/a\/server\.ts#undeclared \(sdk-v1, exact\), the closest of 2 servers$/m);
    assert.match(r.stdout, /^ {2}legacy: no answer, as predicted: start-up throws \(sdk-handler-undeclared, test\/fixtures\/probe\/startup-throws\/a\/server\.ts:9\)$/m);
    assert.match(r.stdout, /^ {2}modern: no answer, as predicted: start-up throws/m);
    // The server's own reason is still on stderr, once per era.
    assert.match(r.stderr, /^mcp-caps probe: legacy \(initialize\): the server exited with code 1 before answering initialize; its error: .*Server does not support tools \(required for tools\/list\)/m);
    // Against a source that predicts an answer, the same silence is a probe that could not compare.
    const other = await probe("--source", `${FIXTURES}/startup-throws/b-answers.ts`, "--", "node", asJs(`${FIXTURES}/startup-throws/a/server.ts`));
    assertNothingLeft();
    assert.equal(other.status, 2, other.stderr);
    assert.match(other.stdout, /^ {2}legacy: not compared \(the server gave no answer\)$/m);
  });

  it("a server the prediction says may not start, which stops before answering: the silence is what it allowed (exit 0)", async () => {
    const r = await probe("--source", `${FIXTURES}/may-not-start`, "--", "node", asJs(`${FIXTURES}/may-not-start/server.ts`));
    assertNothingLeft();
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^source test\/fixtures\/probe\/may-not-start: test\/fixtures\/probe\/may-not-start\/server\.ts#announcer \(sdk-v1, approximate, 1 unknown part\)$/m);
    assert.match(r.stdout, /^ {2}legacy: no answer, which the prediction allowed: the server may not start: sendToolListChanged\(\) at line 12 runs after connect\(\) .* \(test\/fixtures\/probe\/may-not-start\/server\.ts:12\)$/m);
    assert.match(r.stdout, /^ {2}modern: no answer, which the prediction allowed/m);
    assert.match(r.stderr, /Server does not support notifying of tool list changes/);
  });

  it("a server the prediction says nothing serves (an MCP-Nest strategy with no transport), whose process ends: the silence agrees (exit 0)", async () => {
    const r = await probe("--source", `${FIXTURES}/nothing-served`, "--", "node", asJs(`${FIXTURES}/nothing-served/server.ts`));
    assertNothingLeft();
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^ {2}legacy: no answer, as predicted: nothing serves this server$/m);
    assert.match(r.stdout, /^ {2}modern: no answer, as predicted: nothing serves this server$/m);
    assert.match(r.stderr, /the server exited with code 0 before answering initialize/);
  });

  it("--source with servers as close as each other: the one named like the command's script, else all of them listed", async () => {
    const named = await probe("--json", "--source", `${FIXTURES}/tied`, "--", "node", asJs(`${FIXTURES}/tied/beta.ts`));
    assertNothingLeft();
    assert.equal(named.status, 0, named.stderr);
    const report = JSON.parse(named.stdout);
    assert.equal(report.source.matched, `${FIXTURES}/tied/beta.ts#beta`);
    assert.equal(report.source.tied, undefined);
    // A command that names no source file: both are as close, and the text says how to choose.
    const unnamed = await probe("--source", `${FIXTURES}/tied`, "--", "node", "--input-type=module", "-e", `await import(${JSON.stringify(`./${asJs(`${FIXTURES}/tied/alpha.ts`)}`)})`);
    assertNothingLeft();
    assert.equal(unnamed.status, 0, unnamed.stderr);
    assert.match(unnamed.stdout, /^source test\/fixtures\/probe\/tied: test\/fixtures\/probe\/tied\/alpha\.ts#alpha \(sdk-v1, exact\), the closest of 2 servers\n {2}as close: test\/fixtures\/probe\/tied\/beta\.ts#beta \(give --source the server's file to choose\)$/m);
  });

  it("--env reaches the server; a difference the analysis marked unknown is explained by that part, not called wrong (exit 0)", async () => {
    const r = await probe("--json", "--env", "MCP_DEBUG=1", "--source", `${FIXTURES}/env-caps`, "--", "node", asJs(`${FIXTURES}/env-caps/server.ts`));
    assertNothingLeft();
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(report.legacy.capabilities, { logging: {}, tools: {} }, "MCP_DEBUG=1 turned logging on");
    const [server] = report.source.servers;
    assert.equal(server.exact, false);
    const logging = report.source.differences.find((d: { path: string[] }) => d.path.join(".") === "logging");
    assert.deepEqual(logging.server, {});
    assert.equal(logging.source, undefined);
    assert.ok(logging.explainedBy.length > 0, "explained by an unknown part");
    assert.deepEqual(logging.explainedBy, server.unknown.filter((u: { path: string[] }) => u.path.length === 0));
    const text = await probe("--env", "MCP_DEBUG=1", "--source", `${FIXTURES}/env-caps`, "--", "node", asJs(`${FIXTURES}/env-caps/server.ts`));
    assertNothingLeft();
    assert.match(text.stdout, /\(sdk-v1, approximate, 1 unknown part\)/);
    assert.match(text.stdout, /^ {4}logging: server \{\}, source \(absent\)\n {6}explained by an unknown part: \(top level\) may hold more keys: caps\.logging cannot be known .*\(written only if process\.env\.MCP_DEBUG === "1", .*\(test\/fixtures\/probe\/env-caps\/server\.ts:\d+\)$/m);
    assert.doesNotMatch(text.stdout, /wrong prediction/);
  });

  it("--url: an SDK v2 server over Streamable HTTP (an SSE answer to initialize, JSON to server/discover)", async () => {
    const { startHttpServer } = await import("../fixtures/probe/v2-http/server");
    const server = await startHttpServer();
    try {
      const r = await probe("--json", "--url", server.url);
      assert.equal(r.status, 0, r.stderr);
      const report = JSON.parse(r.stdout);
      const caps = { logging: {}, prompts: { listChanged: true }, tools: { listChanged: true } };
      assert.equal(report.command, null);
      assert.equal(report.url, server.url);
      assert.deepEqual(report.legacy.capabilities, caps);
      assert.deepEqual(report.modern.capabilities, caps);
    } finally {
      await server.close();
    }
  });

  it("--url: an SDK v1 server over the older HTTP+SSE transport, whose URL refuses a POST: asked through its event stream, and compared", async () => {
    const { startSseServer } = await import("../fixtures/probe/v1-sse/server");
    const server = await startSseServer();
    try {
      const r = await probe("--json", "--source", `${FIXTURES}/v1-sse`, "--url", server.url);
      assert.equal(r.status, 0, r.stderr);
      const report = JSON.parse(r.stdout);
      assert.deepEqual(report.legacy.capabilities, { prompts: { listChanged: true } });
      assert.match(report.legacy.note, /HTTP\+SSE transport of 2024-11-05/);
      assert.equal(report.modern.outcome, "refused");
      assert.equal(report.modern.errorCode, -32601);
      assert.deepEqual(report.source.differences, []);
    } finally {
      await server.close();
    }
  });

  it("--url: an SDK v1 server with sessions: the session initialize opened is ended; discover is not served", async () => {
    const { startHttpServer } = await import("../fixtures/probe/v1-http/server");
    const server = await startHttpServer();
    try {
      const r = await probe("--url", server.url);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /^legacy · initialize \(2025-11-25\)\n {2}resources: \{"listChanged":true\}\n {2}tools: \{"listChanged":true\}$/m);
      assert.match(r.stdout, /^ {2}not served: JSON-RPC error -32000: Bad Request: No valid session ID provided$/m);
      assert.equal(server.openSessions(), 0, "the probe's session was deleted");
    } finally {
      await server.close();
    }
  });

  it("--url: an event stream that opens with a priming event (an id and empty data, as fastmcp's httpStream sends) is read past it", async () => {
    const primed = createServer((req, res) => {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        const request = JSON.parse(body) as { id: number; method: string };
        res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
        res.write("id: stream-1_0000\ndata: \n\n");
        const answer =
          request.method === "initialize"
            ? { jsonrpc: "2.0", id: request.id, result: { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "primed", version: "1.0.0" } } }
            : { jsonrpc: "2.0", id: request.id, error: { code: -32601, message: "Method not found" } };
        res.write(`event: message\nid: stream-1_0001\ndata: ${JSON.stringify(answer)}\n\n`);
      });
    });
    await new Promise<void>((resolve) => primed.listen(0, "127.0.0.1", resolve));
    try {
      const r = await probe("--json", "--url", `http://127.0.0.1:${(primed.address() as AddressInfo).port}/mcp`);
      assert.equal(r.status, 0, r.stderr);
      const report = JSON.parse(r.stdout);
      assert.deepEqual(report.legacy.capabilities, { tools: {} });
      assert.equal(report.modern.outcome, "refused");
    } finally {
      primed.closeAllConnections();
      await new Promise<void>((resolve) => primed.close(() => resolve()));
    }
  });

  it("--url failures: a port that refuses, an endpoint that never answers, an answer that is not JSON-RPC", async () => {
    const stalled = createServer(() => {});
    const garbage = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<h1>It works</h1>"));
    for (const s of [stalled, garbage]) await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
    const url = (s: ReturnType<typeof createServer>) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`;
    const closedPort = createServer();
    await new Promise<void>((resolve) => closedPort.listen(0, "127.0.0.1", resolve));
    const refusedUrl = url(closedPort);
    await new Promise<void>((resolve) => closedPort.close(() => resolve()));
    try {
      const refused = await probe("--url", refusedUrl);
      assert.equal(refused.status, 2);
      assert.match(refused.stderr, /^mcp-caps probe: legacy \(initialize\): cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp: connection refused$/m);
      const silent = await probe("--timeout", "500", "--url", url(stalled));
      assert.equal(silent.status, 2);
      assert.match(silent.stderr, /^mcp-caps probe: modern \(server\/discover\): no answer to server\/discover within 500 ms \(a server slow to start may need a longer --timeout\)$/m);
      const html = await probe("--url", url(garbage));
      assert.equal(html.status, 2);
      assert.match(html.stderr, /^mcp-caps probe: legacy \(initialize\): the answer to initialize is not JSON-RPC \(content-type text\/html\)$/m);
    } finally {
      for (const s of [stalled, garbage]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    }
  });

  it("a server that never answers (and ignores SIGTERM, with a child of its own): one line per era at --timeout, nothing left", async () => {
    const pidFile = join(tempProject({}), "pids.json");
    const started = Date.now();
    const r = await probe("--timeout", "1500", "--env", `PROBE_PID_FILE=${pidFile}`, "--", "node", `${FIXTURES}/misbehaving/never-answers.mjs`);
    const elapsed = Date.now() - started;
    assertNothingLeft();
    assert.equal(r.status, 2);
    assert.deepEqual(r.stderr.split("\n"), [
      "mcp-caps probe: legacy (initialize): no answer to initialize within 1500 ms (a server slow to start may need a longer --timeout)",
      "mcp-caps probe: modern (server/discover): no answer to server/discover within 1500 ms (a server slow to start may need a longer --timeout)",
      "",
    ]);
    assert.ok(elapsed < 10_000, `stopped soon after the timeout (${elapsed} ms)`);
    const pids = startedPids(pidFile);
    assert.equal(pids.length, 4, "two servers (one per era, one after the other), each with a child");
    assert.ok(await allGone(pids), `the server and its own child are gone: ${pids.filter(isRunning).join(", ")}`);
  });

  it("a server that crashes: its exit code and error line, control characters escaped", async () => {
    const r = await probe("--", "node", `${FIXTURES}/misbehaving/crashes.mjs`);
    assertNothingLeft();
    assert.equal(r.status, 2);
    const lines = r.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 2);
    assert.equal(lines[0], "mcp-caps probe: legacy (initialize): the server exited with code 3 before answering initialize; its error: Error: cannot open database \\u001b[31mnotes.db\\u001b[0m");
    assert.ok(!r.stdout.includes(ESC) && !r.stderr.includes(ESC), "no raw escape reaches the terminal");
  });

  it("a server that throws at start-up: the error line is quoted, not Node's version banner under the stack", async () => {
    const r = await probe("--", "node", `${FIXTURES}/misbehaving/throws.mjs`);
    assertNothingLeft();
    assert.equal(r.status, 2);
    const lines = r.stderr.trimEnd().split("\n");
    assert.equal(lines[0], "mcp-caps probe: legacy (initialize): the server exited with code 1 before answering initialize; its error: Error: Server does not support tools (required for tools/list)");
  });

  it("a server that writes only garbage to stdout: one clear line per era at --timeout, escaped, nothing left", async () => {
    const r = await probe("--timeout", "1500", "--", "node", `${FIXTURES}/misbehaving/garbage.mjs`);
    assertNothingLeft();
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^mcp-caps probe: legacy \(initialize\): no answer to initialize within 1500 ms; it wrote 1 line to stdout that is not JSON-RPC \(Server listening \\u001b\[2Jon stdio\) \(a server slow to start may need a longer --timeout\)$/m);
    assert.match(r.stderr, /^mcp-caps probe: modern \(server\/discover\): no answer to server\/discover within 1500 ms; it wrote 1 line to stdout that is not JSON-RPC/m);
    assert.ok(!r.stdout.includes(ESC) && !r.stderr.includes(ESC));
  });

  it("a server that logs a banner to stdout and then answers: the answer counts (as for the SDK's client), and the banner is named", async () => {
    const r = await probe("--json", "--", "node", `${FIXTURES}/misbehaving/banner-then-answers.mjs`);
    assertNothingLeft();
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(report.legacy.capabilities, { tools: { listChanged: true } });
    assert.equal(report.legacy.note, "before answering, it wrote 2 lines to stdout that are not JSON-RPC (the first: Weather server \\u001b[32mready\\u001b[0m): the SDK's client skips such lines, a stricter client may not");
    assert.equal(report.modern.outcome, "refused");
    const text = await probe("--", "node", `${FIXTURES}/misbehaving/banner-then-answers.mjs`);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^legacy · initialize \(2025-11-25\)\n {2}tools: \{"listChanged":true\}\n {2}note: before answering, it wrote 2 lines to stdout/m);
    assert.ok(!text.stdout.includes(ESC) && !r.stdout.includes(ESC));
  });

  it("bad usage and a command that does not exist: exit 2, one line", async () => {
    const none = await probe("--json");
    assert.equal(none.status, 2);
    assert.equal(none.stderr, "mcp-caps probe: nothing to probe: give the server's command after --, or --url URL\n");
    const both = await probe("--url", "http://127.0.0.1:1/mcp", "--", "node", "x.mjs");
    assert.equal(both.status, 2);
    assert.match(both.stderr, /--url and a command ask to probe two servers/);
    const missing = await probe("--", "./no-such-server");
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^mcp-caps probe: legacy \(initialize\): cannot start \.\/no-such-server: no such command$/m);
    const unreadable = await probe("--source", "no/such/dir", "--", "node", `${FIXTURES}/misbehaving/crashes.mjs`);
    assert.equal(unreadable.status, 2);
    assert.match(unreadable.stderr, /no\/such\/dir/);
    assert.doesNotMatch(unreadable.stderr, /exited with code 3/, "the source is read before any program is started");
  });

  it("the built CLI: `probe --help` says it runs the program; SIGTERM while probing stops the servers too", { skip: !existsSync(CLI) && "dist/cli.js is not built" }, async () => {
    const help = spawnSync(process.execPath, [CLI, "probe", "--help"], { encoding: "utf8", timeout: 20_000 });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /RUNS the given MCP server/);
    const pidFile = join(tempProject({}), "pids.json");
    const cli = spawn(process.execPath, [CLI, "probe", "--timeout", "30000", "--env", `PROBE_PID_FILE=${pidFile}`, "--", "node", `${FIXTURES}/misbehaving/never-answers.mjs`], {
      cwd: REPO,
      stdio: "ignore",
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => cli.once("exit", (_code, signal) => resolve(signal)));
    // The eras are asked one after the other: the first server (and its child) is running now.
    for (let i = 0; i < 300 && startedPids(pidFile).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const pids = startedPids(pidFile);
    assert.equal(pids.length, 2);
    cli.kill("SIGTERM");
    assert.equal(await exited, "SIGTERM", "the CLI ends as the signal asks");
    assert.ok(await allGone(pids), `nothing of the server is left: ${pids.filter(isRunning).join(", ")}`);
  });
});
