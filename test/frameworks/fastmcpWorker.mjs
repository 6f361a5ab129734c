// Runs every fastmcp fixture given on the command line with the REAL fastmcp, in this one process, and
// prints what each one advertised, as one JSON line after WORKER_MARK:
//
//   { "<dir>": { "legacy": caps | null, "modern": caps | null, "discoverError": code | null,
//                "threw": null | "<message>", "notifications": ["notifications/tools/list_changed", ...],
//                "started": true | false, "tools": ["<name>", ...] (with a tools capability) } }
//
// Each fixture module builds a FastMCP server and calls `start(...)` or `connect(transport)`, as a real
// server does. Both are redirected here to fastmcp's own `connect()` on one end of an in-memory
// transport pair (the path its documentation gives for driving a server in-process: the session is
// built from the server's registrations exactly as start() builds it), so no stdin and no port is
// used. The other end speaks raw JSON-RPC: `initialize` (2025-11-25), `notifications/initialized`,
// then `server/discover` with the 2026-07-28 `_meta` envelope. Notifications the server sends later
// (list_changed after a late addTool) are recorded. Usage: node --import tsx fastmcpWorker.mjs DIR...
import { pathToFileURL } from "node:url";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { FastMCP } from "fastmcp";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";

export const WORKER_MARK = "@@fastmcp-worker@@";
const TIMEOUT_MS = 3000;
const wire = (v) => JSON.parse(JSON.stringify(v));

let current;
const originalConnect = FastMCP.prototype.connect;

async function drive(server) {
  const obs = current;
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const pending = new Map();
  clientEnd.onmessage = (msg) => {
    if (msg.id !== undefined && pending.has(msg.id)) pending.get(msg.id)(msg);
    else if (msg.method) obs.notifications.push(msg.method);
  };
  // The server end first, before any await: a real start() builds its session when it is called, so
  // what the program adds right after an unawaited start() comes after the session (as over stdio).
  const connecting = originalConnect.call(server, serverEnd);
  await clientEnd.start();
  let next = 1;
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = next++;
      const timer = setTimeout(() => resolve({ error: { code: "timeout" } }), TIMEOUT_MS);
      pending.set(id, (m) => (clearTimeout(timer), resolve(m)));
      clientEnd.send({ jsonrpc: "2.0", id, method, params });
    });
  const init = await request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "fastmcp-worker", version: "0.0.0" } });
  await clientEnd.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  const session = await connecting;
  obs.sessions.push(session);
  obs.started = true;
  obs.legacy = init.result ? wire(init.result.capabilities) : null;
  const discover = await request("server/discover", {
    _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "fastmcp-worker", version: "0.0.0" }, "io.modelcontextprotocol/clientCapabilities": {} },
  });
  obs.modern = discover.result ? wire(discover.result.capabilities ?? null) : null;
  obs.discoverError = discover.error ? discover.error.code : null;
  // The tools the session lists, by name (two added under one name: which one fastmcp keeps).
  if (init.result?.capabilities?.tools) {
    const listed = await request("tools/list", {});
    obs.tools = listed.result ? listed.result.tools.map((t) => t.name) : null;
  }
  return session;
}

// A start the fixture does not await (in `main()` called last, in a helper) is waited for below.
FastMCP.prototype.start = async function () {
  const driving = drive(this);
  current.driving.push(driving);
  await driving;
};
FastMCP.prototype.connect = async function () {
  const driving = drive(this);
  current.driving.push(driving);
  return driving;
};

const results = {};
for (const dir of process.argv.slice(2)) {
  current = { legacy: null, modern: null, discoverError: null, threw: null, notifications: [], started: false, sessions: [], driving: [] };
  try {
    // A fixture whose entry is another module than the one building the server names it main.ts.
    await import(pathToFileURL(join(dir, existsSync(join(dir, "main.ts")) ? "main.ts" : "server.ts")).href);
  } catch (e) {
    current.threw = e instanceof Error ? e.message : String(e);
  }
  await Promise.allSettled(current.driving);
  await new Promise((r) => setTimeout(r, 50));
  for (const s of current.sessions) await s.close().catch(() => {});
  const { sessions: _sessions, driving: _driving, ...obs } = current;
  results[dir] = obs;
}
process.stdout.write(`${WORKER_MARK}${JSON.stringify(results)}\n`);
process.exit(0);
