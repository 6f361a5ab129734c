// An SDK v2 server (@modelcontextprotocol/server 2.x) served with createMcpHandler: it answers both
// `initialize` and `server/discover`, with the same object. v2 keeps an explicit `listChanged: false`.
import { completable, createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

function buildServer(): McpServer {
  const server = new McpServer(
    { name: "notes", version: "2.0.0" },
    { capabilities: { prompts: { listChanged: false }, logging: {} } },
  );
  server.registerTool("add-note", { description: "Add a note", inputSchema: z.object({ text: z.string() }) }, async () => ({ content: [] }));
  server.registerPrompt(
    "summarise",
    // completable() around an optional schema completes nothing in v2 (sdk-completable-optional).
    { argsSchema: z.object({ topic: completable(z.string().optional(), () => ["work", "home"]) }) },
    async () => ({ messages: [] }),
  );
  return server;
}

export const handler = createMcpHandler(buildServer);
