#!/usr/bin/env node
// The oracle of the SDK-dialect differential test: runs ONE fixture (test/fixtures/sdk/<nn-name>/)
// with the REAL SDK and reports the capabilities it actually advertises on the wire, per era:
//
//   { "legacy": caps | null, "modern": caps | null, "threw": null | "<message>",
//     "probes": { "legacy"?: { "<method>": "ok" | <error code> }, "modern"?: {...} }, "details": {...} }
//
// - legacy: the `capabilities` of the `initialize` reply (protocolVersion 2025-11-25);
// - modern: the `capabilities` of the `server/discover` reply (protocol revision 2026-07-28);
// - an era answered with a JSON-RPC error (-32601 method not found, -32022 unsupported version, ...)
//   or not answered at all is `null`; `details.<era>` then says why;
// - threw: the message of the first error thrown while importing the fixture or running its entry
//   (e.g. "Server does not support tools (required for tools/call)", "Cannot register capabilities
//   after connecting to transport"); when set, both eras are null.
//
// - probes: after each era's handshake the oracle sends the list/get-style requests of PROBES and
//   records "ok" or the JSON-RPC error code: -32601 means "no handler" (what sdk-handler-missing and
//   sdk-logging-setlevel predict), so the fixtures' claims can be checked against the real server.
//
// Every reply is passed through JSON.stringify/parse, as a wire would (the in-memory transports hand
// over object references, so a later mutation of the server's capability object, or an `undefined`
// member, would otherwise leak into the observation).
//
// How a fixture is driven is chosen by meta.json `entry` (sdk "v1" | "v2"):
//   "server"  the module exports `server` (McpServer or low-level Server) that is not yet connected.
//             The oracle connects it to an in-memory transport pair (v1: @modelcontextprotocol/sdk/
//             inMemory.js; v2: InMemoryTransport from @modelcontextprotocol/server) and speaks raw
//             JSON-RPC: first the `server/discover` probe a dual-era stdio client sends (with the
//             2026-07-28 `_meta` envelope), then `initialize` + `notifications/initialized`.
//   "start"   the module exports `start(transport)`, which connects the server and then does more
//             (the register-after-connect fixtures). The oracle calls it with the server side of an
//             in-memory pair and records a throw; when it does not throw, it probes like "server".
//   "handler" (v2) the module exports `handler = createMcpHandler(factory, opts?)`. The oracle POSTs
//             `initialize` (2025-11-25) and `server/discover` (2026-07-28 envelope) through
//             `handler.fetch(new Request(...))` and closes the handler. A 500 (the factory threw per
//             request) is reported as `threw`, with the factory's own message when the module also
//             exports it as `buildServer` (the oracle then calls it once to read the message).
//   "stdio"   (v2) the module exports `main(transport?)` that returns `serveStdio(factory, {transport})`.
//             The oracle opens two connections (one per era: stdio pins one era per connection),
//             sends `initialize` on one and `server/discover` on the other, and closes both handles.
//
// Usage:
//   node test/sdk/oracle.mjs test/fixtures/sdk/01-v1-lowlevel-literal [more dirs]
//     prints the observation(s) as JSON (each fixture runs in its own child process);
//   import { runOracle } from "./oracle.mjs"   (typed by oracle.d.mts): one fixture, one child;
//   import { createOraclePool } from "./oraclePool.mjs": many fixtures, one child per SDK version
//     (what the tests use; oracleWorker.mjs runs `observe` there).
// Internally the child runs `node --import tsx oracle.mjs --child <dir>` and prints one line
// starting with ORACLE_MARK followed by the JSON.

import { spawn } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { resolve, join } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";

export const ORACLE_MARK = "@@mcp-caps-oracle@@";
const SELF = fileURLToPath(import.meta.url);
const LEGACY_VERSION = "2025-11-25";
const MODERN_VERSION = "2026-07-28";
const REQUEST_TIMEOUT_MS = 5000;

/**
 * Runs the oracle on one fixture in a child process (`node --import tsx`), with a timeout.
 * Resolves to the observation; a crash, a timeout or unparsable output rejects.
 */
export function runOracle(fixtureDir, { timeoutMs = 30000 } = {}) {
  const dir = resolve(fixtureDir);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SELF, "--child", dir], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`oracle timed out after ${timeoutMs} ms on ${dir}\nstderr:\n${stderr}`));
    }, timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = stdout.split("\n").reverse().find((l) => l.startsWith(ORACLE_MARK));
      if (!line) {
        reject(new Error(`oracle produced no result on ${dir} (exit ${code})\nstdout:\n${stdout}\nstderr:\n${stderr}`));
        return;
      }
      try {
        const result = JSON.parse(line.slice(ORACLE_MARK.length));
        result.stderr = stderr;
        resolvePromise(result);
      } catch (e) {
        reject(new Error(`oracle output not JSON on ${dir}: ${e}`));
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// the side that runs the fixture (a `--child` process, or an oracleWorker.mjs process)

const wire = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const errorMessage = (e) => (e instanceof Error ? e.message : String(e));

function withTimeout(promise, what, ms = REQUEST_TIMEOUT_MS) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to ${what} within ${ms} ms`)), ms);
    }),
  ]);
}

const CLIENT_INFO = { name: "mcp-caps-oracle", version: "0.0.0" };

function initializeRequest(id) {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
  };
}

function discoverRequest(id) {
  return {
    jsonrpc: "2.0",
    id,
    method: "server/discover",
    params: {
      _meta: modernMeta(),
    },
  };
}

/**
 * Handler probes, sent after the era's handshake: which methods does the server really answer?
 * The value recorded per method is "ok" (a result), or the JSON-RPC error code (-32601 = no handler;
 * anything else, e.g. -32602 for the made-up completion reference, means a handler exists).
 */
export const PROBES = [
  ["tools/list", {}],
  ["prompts/list", {}],
  ["resources/list", {}],
  ["resources/templates/list", {}],
  ["completion/complete", { ref: { type: "ref/prompt", name: "__oracle_probe__" }, argument: { name: "x", value: "" } }],
  ["logging/setLevel", { level: "info" }],
  ["resources/subscribe", { uri: "oracle-probe://nothing" }],
  ["tasks/list", {}],
];
const MODERN_PROBES = new Set(["tools/list", "prompts/list", "resources/list", "resources/templates/list", "completion/complete"]);

function modernMeta() {
  return {
    "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
  };
}

const probeOutcome = (response) => (response.error ? response.error.code : "ok");

/** A minimal JSON-RPC client over the client side of an in-memory transport pair. */
class RawClient {
  constructor(transport) {
    this.transport = transport;
    this.pending = new Map();
    this.notifications = [];
    transport.onmessage = (msg) => {
      const m = wire(msg);
      if (m && m.id !== undefined && (m.result !== undefined || m.error !== undefined)) {
        const p = this.pending.get(m.id);
        if (p) {
          this.pending.delete(m.id);
          p(m);
        }
      } else if (m && m.method && m.id !== undefined) {
        // a server->client request (ping, roots/list, ...): answer with an empty result
        transport.send({ jsonrpc: "2.0", id: m.id, result: {} }).catch(() => {});
      } else if (m && m.method) {
        this.notifications.push(m);
      }
    };
  }
  async start() {
    await this.transport.start();
  }
  request(message) {
    const answer = new Promise((res) => this.pending.set(message.id, res));
    return withTimeout(
      this.transport.send(message).then(() => answer),
      message.method,
    );
  }
  notify(method, params) {
    return this.transport.send({ jsonrpc: "2.0", method, ...(params ? { params } : {}) });
  }
}

function eraFromResponse(response, what) {
  if (response.error) return { caps: null, detail: { error: response.error } };
  const caps = response.result?.capabilities;
  if (caps === undefined) return { caps: null, detail: { note: `${what} result without capabilities`, result: response.result } };
  return { caps, detail: { result: response.result } };
}

async function loadInMemory(sdk) {
  if (sdk === "v1") return (await import("@modelcontextprotocol/sdk/inMemory.js")).InMemoryTransport;
  return (await import("@modelcontextprotocol/server")).InMemoryTransport;
}

/** Probe a connected server over the client side: discover first (as a dual-era stdio client), then initialize. */
async function probeConnection(client, out) {
  try {
    const d = await client.request(discoverRequest(1));
    const { caps, detail } = eraFromResponse(d, "server/discover");
    out.modern = caps;
    out.details.modern = detail;
  } catch (e) {
    out.modern = null;
    out.details.modern = { error: errorMessage(e) };
  }
  try {
    const i = await client.request(initializeRequest(2));
    const { caps, detail } = eraFromResponse(i, "initialize");
    out.legacy = caps;
    out.details.legacy = detail;
    if (!i.error) {
      await client.notify("notifications/initialized");
      out.probes.legacy = {};
      let id = 10;
      for (const [method, params] of PROBES) {
        try {
          out.probes.legacy[method] = probeOutcome(await client.request({ jsonrpc: "2.0", id: id++, method, params }));
        } catch (e) {
          out.probes.legacy[method] = `no answer: ${errorMessage(e)}`;
        }
      }
    }
  } catch (e) {
    out.legacy = null;
    out.details.legacy = { error: errorMessage(e) };
  }
}

async function driveServer(mod, meta, out) {
  const server = mod.server;
  if (!server || typeof server.connect !== "function") throw new Error("fixture does not export a `server` with connect()");
  const InMemoryTransport = await loadInMemory(meta.sdk);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new RawClient(clientSide);
  await server.connect(serverSide);
  await client.start();
  try {
    await probeConnection(client, out);
  } finally {
    await server.close().catch(() => {});
  }
}

async function driveStart(mod, meta, out) {
  if (typeof mod.start !== "function") throw new Error("fixture does not export start(transport)");
  const InMemoryTransport = await loadInMemory(meta.sdk);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new RawClient(clientSide);
  await client.start();
  // A rejection nothing handles ends a real server's process (Node's default): one from a helper
  // the fixture starts without waiting for it (`setup(); await server.connect(t)`) is its throw.
  const unhandled = [];
  const onRejection = (e) => unhandled.push(e);
  const others = process.listeners("unhandledRejection");
  process.removeAllListeners("unhandledRejection");
  process.on("unhandledRejection", onRejection);
  try {
    await withTimeout(Promise.resolve(mod.start(serverSide)), "start(transport)");
    await new Promise((settle) => setImmediate(settle));
    if (unhandled.length > 0) throw unhandled[0];
  } catch (e) {
    out.threw = errorMessage(e);
    await clientSide.close().catch(() => {});
    return;
  } finally {
    process.off("unhandledRejection", onRejection);
    for (const listener of others) process.on("unhandledRejection", listener);
  }
  try {
    await probeConnection(client, out);
  } finally {
    await clientSide.close().catch(() => {});
    await mod.server?.close?.().catch(() => {});
  }
}

function postHeaders(version, method) {
  return {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": version,
    "mcp-method": method,
  };
}

async function readJsonRpc(response) {
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("text/event-stream")) {
    const frames = text
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).trim())
      .filter((l) => l.length > 0)
      .map((l) => JSON.parse(l));
    const answer = frames.find((f) => f.id !== undefined && (f.result !== undefined || f.error !== undefined));
    return { status: response.status, message: answer ?? null, raw: text };
  }
  try {
    return { status: response.status, message: text ? JSON.parse(text) : null, raw: text };
  } catch {
    return { status: response.status, message: null, raw: text };
  }
}

async function handlerEra(handler, body, version) {
  const response = await withTimeout(
    handler.fetch(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: postHeaders(version, body.method),
        body: JSON.stringify(body),
      }),
    ),
    body.method,
  );
  const { status, message, raw } = await readJsonRpc(response);
  if (!message) return { caps: null, status, detail: { status, note: "no JSON-RPC answer", raw } };
  const { caps, detail } = eraFromResponse(message, body.method);
  return { caps, status, detail: { status, ...detail } };
}

async function driveHandler(mod, meta, out) {
  const handler = mod.handler;
  if (!handler || typeof handler.fetch !== "function") throw new Error("fixture does not export `handler` with fetch()");
  try {
    const legacy = await handlerEra(handler, initializeRequest(1), LEGACY_VERSION);
    const modern = await handlerEra(handler, discoverRequest(2), MODERN_VERSION);
    out.legacy = legacy.caps;
    out.modern = modern.caps;
    out.details.legacy = legacy.detail;
    out.details.modern = modern.detail;
    // Probes. Legacy: the stateless fallback serves each POST on a fresh instance, no handshake needed.
    // Modern: every request carries the 2026-07-28 envelope.
    let id = 10;
    for (const [era, caps] of [["legacy", legacy.caps], ["modern", modern.caps]]) {
      if (caps === null) continue;
      out.probes[era] = {};
      for (const [method, params] of PROBES) {
        if (era === "modern" && !MODERN_PROBES.has(method)) continue;
        const body = { jsonrpc: "2.0", id: id++, method, params: era === "modern" ? { ...params, _meta: modernMeta() } : params };
        try {
          const r = await handlerEra(handler, body, era === "modern" ? MODERN_VERSION : LEGACY_VERSION);
          out.probes[era][method] = r.detail.error ? r.detail.error.code : r.status >= 400 ? `HTTP ${r.status}` : "ok";
        } catch (e) {
          out.probes[era][method] = `no answer: ${errorMessage(e)}`;
        }
      }
    }
    // The factory threw for one era only (it chose by the era it was called for): that era's clients
    // get an error, so the handler does not serve it; the other era is what it answered.
    if ((legacy.status >= 500) !== (modern.status >= 500)) {
      if (legacy.status >= 500) out.legacy = null;
      else out.modern = null;
    } else if (legacy.status >= 500 || modern.status >= 500) {
      // The factory (or the server it built) threw while serving. Read the factory's own message.
      out.legacy = null;
      out.modern = null;
      out.threw = "the handler answered HTTP 500 (the factory threw while serving)";
      if (typeof mod.buildServer === "function") {
        try {
          const s = await mod.buildServer({ era: "legacy" });
          await s?.close?.().catch(() => {});
        } catch (e) {
          out.threw = errorMessage(e);
        }
      }
    }
  } finally {
    await handler.close?.();
  }
}

async function driveStdio(mod, meta, out) {
  if (typeof mod.main !== "function") throw new Error("fixture does not export main(transport?)");
  const InMemoryTransport = await loadInMemory("v2");
  const eras = [
    ["legacy", initializeRequest(1)],
    ["modern", discoverRequest(1)],
  ];
  for (const [era, request] of eras) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new RawClient(clientSide);
    await client.start();
    const handle = await mod.main(serverSide);
    try {
      const response = await client.request(request);
      const { caps, detail } = eraFromResponse(response, request.method);
      out[era] = caps;
      out.details[era] = detail;
      if (era === "legacy" && !response.error) await client.notify("notifications/initialized");
      if (!response.error) {
        out.probes[era] = {};
        let id = 10;
        for (const [method, params] of PROBES) {
          if (era === "modern" && !MODERN_PROBES.has(method)) continue;
          const p = era === "modern" ? { ...params, _meta: modernMeta() } : params;
          try {
            out.probes[era][method] = probeOutcome(await client.request({ jsonrpc: "2.0", id: id++, method, params: p }));
          } catch (e) {
            out.probes[era][method] = `no answer: ${errorMessage(e)}`;
          }
        }
      }
    } catch (e) {
      out[era] = null;
      out.details[era] = { error: errorMessage(e) };
    } finally {
      await handle?.close?.().catch?.(() => {});
      await clientSide.close().catch(() => {});
    }
  }
}

/** Observes one fixture in THIS process (the fixture's module is imported here): the oracle's result. */
export async function observe(dir) {
  const out = { fixture: dir, legacy: null, modern: null, threw: null, probes: {}, details: {} };
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8"));
  out.sdk = meta.sdk;
  out.entry = meta.entry;
  const file = ["server.ts", "server.mts"].map((f) => join(dir, f)).find((f) => existsSync(f));
  let mod;
  try {
    mod = await import(pathToFileURL(file).href);
  } catch (e) {
    out.threw = errorMessage(e);
    out.details.phase = "import";
    return out;
  }
  try {
    switch (meta.entry) {
      case "server":
        await driveServer(mod, meta, out);
        break;
      case "start":
        await driveStart(mod, meta, out);
        break;
      case "handler":
        await driveHandler(mod, meta, out);
        break;
      case "stdio":
        await driveStdio(mod, meta, out);
        break;
      default:
        throw new Error(`meta.json entry "${meta.entry}" is not one of server|start|handler|stdio`);
    }
  } catch (e) {
    out.legacy = null;
    out.modern = null;
    out.threw = out.threw ?? errorMessage(e);
    out.details.phase = out.details.phase ?? "run";
  }
  if (out.threw) {
    out.legacy = null;
    out.modern = null;
  }
  return out;
}

async function cli(args) {
  if (args[0] === "--child") {
    const result = await observe(resolve(args[1])).catch((e) => ({ legacy: null, modern: null, threw: `oracle failure: ${errorMessage(e)}`, probes: {}, details: {} }));
    process.stdout.write(`\n${ORACLE_MARK}${JSON.stringify(result)}\n`);
    process.exit(0);
  }
  if (args.length === 0 || args.includes("--help")) {
    console.log("usage: node test/sdk/oracle.mjs <fixtureDir> [...]   (each fixture runs in a child `node --import tsx`)");
    return;
  }
  const all = [];
  for (const a of args) {
    const r = await runOracle(a);
    delete r.stderr;
    all.push(r);
  }
  console.log(JSON.stringify(all.length === 1 ? all[0] : all, null, 2));
}

// No top-level await: the module is also loaded through require() by the tests (tsx, CommonJS).
const isMain = process.argv[1] && resolve(process.argv[1]) === SELF;
if (isMain) {
  cli(process.argv.slice(2)).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
