// An SDK v1 server (@modelcontextprotocol/sdk 1.x): McpServer registers its capabilities as tools,
// resources and prompts are added. v1 answers `initialize` only, and forces `listChanged: true`.
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { registerAlerts } from "./weather-alerts";

export const server = new McpServer(
  { name: "weather", version: "1.4.0" },
  { capabilities: { tools: { listChanged: false } } }, // v1 turns this into true at the first registerTool
);

server.registerTool("forecast", { description: "Forecast for a city", inputSchema: { city: z.string() } }, async ({ city }) => ({
  content: [{ type: "text", text: `Sunny in ${city}` }],
}));

// A template whose {city} variable completes: the server gains `completions`.
server.registerResource(
  "station",
  new ResourceTemplate("weather://stations/{city}", { list: undefined, complete: { city: () => ["Lisbon", "Oslo"] } }),
  { description: "Weather station readings" },
  async (uri) => ({ contents: [{ uri: uri.href, text: "12°C" }] }),
);

server.registerPrompt("plan-trip", { argsSchema: { city: completable(z.string(), () => ["Lisbon"]) } }, async ({ city }) => ({
  messages: [{ role: "user", content: { type: "text", text: `Plan a trip to ${city}` } }],
}));

registerAlerts(server);

export async function main(): Promise<void> {
  await server.connect(new StdioServerTransport());
  // Nobody declared `logging`: this message is silently dropped (sdk-logging-dropped).
  await server.sendLoggingMessage({ level: "info", data: "weather server up" });
}
