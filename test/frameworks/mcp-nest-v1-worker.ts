// The real-framework side of the MCP-Nest 1.x differential test, one child process for all 1.x
// fixtures. Each fixture is a copy beside an install of @rekog/mcp-nest 1.9.11 (its node_modules are
// the ones the fixture's imports find). 1.x serves stdio from StdioService.onApplicationBootstrap:
// `new StdioServerTransport()` then `mcpServer.connect(transport)`; here the SDK v1 McpServer's connect
// is given one end of an in-memory pair instead, so the fixture's own `bootstrap()` (main.ts) runs as
// written and the other end asks `initialize` (2025-11-25), then `server/discover` (2026-07-28).
// Usage: node --import tsx mcp-nest-v1-worker.ts RELEASE_DIR FIXTURE_DIR... OUT.json
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const LEGACY_VERSION = "2025-11-25";
const MODERN_VERSION = "2026-07-28";
const CLIENT_INFO = { name: "mcp-caps-differential", version: "0.0.0" };
const REQUEST_TIMEOUT_MS = 5000;

type Message = { id?: number; result?: { capabilities?: unknown }; error?: { code: number; message: string } };
interface Client {
  onmessage?: (m: unknown) => void;
  start(): Promise<void>;
  send(m: unknown): Promise<void>;
  close(): Promise<void>;
}

const [release, ...rest] = process.argv.slice(2);
const outFile = rest.pop()!;
const fromRelease = createRequire(join(release!, "package.json"));
fromRelease("reflect-metadata");
const { McpServer } = fromRelease("@modelcontextprotocol/sdk/server/mcp.js") as { McpServer: { prototype: { connect(t: unknown): Promise<void> } } };
const { InMemoryTransport } = fromRelease("@modelcontextprotocol/sdk/inMemory.js") as { InMemoryTransport: { createLinkedPair(): [Client, unknown] } };
const { Logger } = fromRelease("@nestjs/common") as { Logger: { overrideLogger(v: false): void } };

let clients: Client[] = [];
const connect = McpServer.prototype.connect;
McpServer.prototype.connect = async function (this: unknown) {
  const [client, server] = InMemoryTransport.createLinkedPair();
  await connect.call(this, server);
  clients.push(client);
};

async function ask(client: Client, id: number, request: object): Promise<{ caps: unknown; error?: string }> {
  const answer = new Promise<Message>((resolve) => {
    client.onmessage = (m: unknown) => {
      if ((m as Message).id === id) resolve(m as Message);
    };
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await client.send({ jsonrpc: "2.0", id, ...request });
    const reply = await Promise.race([answer, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no answer")), REQUEST_TIMEOUT_MS)))]);
    if (reply.error) return { caps: null, error: reply.error.message };
    return { caps: reply.result?.capabilities ?? null };
  } finally {
    clearTimeout(timer);
  }
}

const initialize = { method: "initialize", params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: CLIENT_INFO } };
const discover = {
  method: "server/discover",
  params: { _meta: { "io.modelcontextprotocol/protocolVersion": MODERN_VERSION, "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": CLIENT_INFO } },
};

async function runFixture(dir: string): Promise<{ legacy: unknown; modern: unknown; errors: string[] }> {
  clients = [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(join(dir, "main.ts")) as { bootstrap: () => Promise<{ close(): Promise<void> }> };
  const app = await mod.bootstrap();
  const out = { legacy: null as unknown, modern: null as unknown, errors: [] as string[] };
  try {
    const client = clients[0];
    if (!client) {
      out.errors.push("no server connected");
      return out;
    }
    await client.start();
    const legacy = await ask(client, 1, initialize);
    out.legacy = legacy.caps;
    if (legacy.error) out.errors.push(`initialize: ${legacy.error}`);
    const modern = await ask(client, 2, discover);
    out.modern = modern.caps;
    if (modern.error) out.errors.push(`server/discover: ${modern.error}`);
    await client.close();
  } finally {
    await app.close();
  }
  return out;
}

async function main(): Promise<void> {
  Logger.overrideLogger(false);
  const results: Record<string, unknown> = {};
  for (const dir of rest) {
    try {
      results[dir] = await runFixture(dir);
    } catch (e) {
      results[dir] = { failed: e instanceof Error ? e.stack ?? e.message : String(e) };
    }
  }
  writeFileSync(outFile, JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(String(e instanceof Error ? e.stack : e));
    process.exit(1);
  },
);
