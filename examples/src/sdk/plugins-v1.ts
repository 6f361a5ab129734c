// An SDK v1 server whose capabilities depend on run time: the options spread a function's result,
// so the analysis shows what it knows and lists the rest as not known statically (≈ approximate).
// `logging` is written after the spread, so nothing the spread holds can replace it: it is known.
// Its registerTool adds `tools` with `listChanged: true` (v1 forces it at the first registration).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { loadPluginCapabilities } from "./plugins";

export const pluginServer = new McpServer({ name: "plugins", version: "0.9.0" }, { capabilities: { ...loadPluginCapabilities(), logging: {} } });

pluginServer.registerTool("reload", { description: "Reload the plugins", inputSchema: { force: z.boolean() } }, async () => ({ content: [] }));

pluginServer.registerPrompt("describe-plugin", { argsSchema: { plugin: z.string() } }, async ({ plugin }) => ({
  messages: [{ role: "user", content: { type: "text", text: `Describe ${plugin}` } }],
}));

export async function main(): Promise<void> {
  await pluginServer.connect(new StdioServerTransport());
}
