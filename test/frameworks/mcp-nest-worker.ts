// The real-framework side of the MCP-Nest differential test, run as ONE child process for all
// fixtures (Nest keeps global metadata; the test process stays clean). For each fixture directory it
// imports `server.ts`, swaps the strategy's stdio transports for in-memory ones that serve exactly as
// StdioTransport does (the SDK's `serveStdio` entry, given the other end of an in-memory pair instead of
// the process's stdin/stdout), runs the fixture's own `bootstrap()`, then asks `initialize`
// (2025-11-25) on one connection and `server/discover` (2026-07-28) on another, and closes the app.
// Results go to the JSON file named by the last argument.
import "reflect-metadata";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Logger } from "@nestjs/common";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

const LEGACY_VERSION = "2025-11-25";
const MODERN_VERSION = "2026-07-28";
const CLIENT_INFO = { name: "mcp-caps-differential", version: "0.0.0" };
const REQUEST_TIMEOUT_MS = 5000;

interface TransportContext {
  createBoundServer(session: { transport: string; stateless: boolean; era?: string }): unknown;
}

/** Serves like StdioTransport (same session seed, same `legacy` option), one in-memory pair per connection. */
class MemoryStdioTransport {
  readonly kind = "stdio" as const;
  ctx: TransportContext | undefined;
  constructor(readonly legacy: "serve" | "reject") {}
  start(ctx: TransportContext): void {
    this.ctx = ctx;
  }
  close(): void {}
  connect(): { client: InstanceType<typeof InMemoryTransport>; close: () => Promise<void> } {
    const [client, server] = InMemoryTransport.createLinkedPair();
    const ctx = this.ctx;
    if (!ctx) throw new Error("the strategy never started its transports");
    const handle = serveStdio((reqCtx: { era?: string }) => ctx.createBoundServer({ transport: "stdio", stateless: false, era: reqCtx.era }) as never, {
      legacy: this.legacy,
      transport: server,
    });
    return { client, close: () => handle.close() };
  }
}

type Message = { id?: number; result?: { capabilities?: unknown }; error?: { code: number; message: string } };

async function ask(transport: MemoryStdioTransport, request: object): Promise<{ caps: unknown; error?: string }> {
  const { client, close } = transport.connect();
  const answer = new Promise<Message>((resolve) => {
    client.onmessage = (m: unknown) => {
      const msg = m as Message;
      if (msg.id === 1) resolve(msg);
    };
  });
  await client.start();
  let timer: NodeJS.Timeout | undefined;
  try {
    await client.send(request as never);
    const reply = await Promise.race([
      answer,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no answer")), REQUEST_TIMEOUT_MS))),
    ]);
    if (reply.error) return { caps: null, error: reply.error.message };
    return { caps: reply.result?.capabilities ?? null };
  } finally {
    clearTimeout(timer);
    await close().catch(() => {});
    await client.close().catch(() => {});
  }
}

const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: CLIENT_INFO } };
const discover = {
  jsonrpc: "2.0",
  id: 1,
  method: "server/discover",
  params: {
    _meta: {
      "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
      "io.modelcontextprotocol/clientCapabilities": {},
      "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
    },
  },
};

interface Outcome {
  legacy: unknown;
  modern: unknown;
  errors: string[];
}

async function runFixture(dir: string): Promise<Outcome> {
  const out: Outcome = { legacy: null, modern: null, errors: [] };
  type Strategy = { options: { transports: Array<{ kind: string; legacy?: string }> } };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(join(dir, "server.ts")) as { strategy?: Strategy; bootstrap: () => Promise<{ close(): Promise<void> }> };
  // A fixture laid out as MCP-Nest's README (the strategy exported by app.module.ts, main.ts only
  // imports it) names where its strategy is in meta.json (`"strategy": "app.module.ts#mcp"`), so that
  // server.ts need not re-export it, which would be one more use of it for the analysis.
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as { strategy?: string; fails?: string };
  // A fixture whose application must fail to start (`"fails"`) is started with its own transports.
  if (meta.fails !== undefined) {
    const app = await mod.bootstrap();
    await app.close();
    out.errors.push("started, although meta.json says it fails");
    return out;
  }
  // A strategy no name holds (`{ strategy: createMcpStrategy() }` given to Nest) says `"strategy":
  // "listen"`: its transports are swapped when Nest starts it, by McpStrategy.prototype.listen.
  let memories: MemoryStdioTransport[] = [];
  const swap = (strategy: Strategy) => {
    memories = strategy.options.transports.map((t) => new MemoryStdioTransport(t.kind === "stdio" && t.legacy === "reject" ? "reject" : "serve"));
    strategy.options.transports = memories as never;
  };
  let restore = () => {};
  if (meta.strategy === "listen") {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const proto = (require("@rekog/mcp-nest") as { McpStrategy: { prototype: { listen(...args: unknown[]): unknown } } }).McpStrategy.prototype;
    const listen = proto.listen;
    proto.listen = function (this: Strategy, ...args: unknown[]) {
      swap(this);
      return listen.apply(this, args);
    };
    restore = () => (proto.listen = listen);
  } else {
    const [holder, name] = meta.strategy?.split("#") ?? ["server.ts", "strategy"];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    swap((holder === "server.ts" ? mod : require(join(dir, holder!)))[name!] as Strategy);
  }
  const app = await mod.bootstrap().finally(restore);
  try {
    const transport = memories[0];
    if (!transport) {
      out.errors.push("no transport");
      return out;
    }
    const legacy = await ask(transport, initialize);
    out.legacy = legacy.caps;
    if (legacy.error) out.errors.push(`initialize: ${legacy.error}`);
    const modern = await ask(transport, discover);
    out.modern = modern.caps;
    if (modern.error) out.errors.push(`server/discover: ${modern.error}`);
  } finally {
    await app.close();
  }
  return out;
}

async function main(): Promise<void> {
  Logger.overrideLogger(false);
  const dirs = process.argv.slice(2, -1);
  const outFile = process.argv.at(-1)!;
  const results: Record<string, Outcome | { failed: string }> = {};
  for (const dir of dirs) {
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
