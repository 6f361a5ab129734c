// A helper that receives the server: the analysis follows the call and sees what it registers.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export function registerAlerts(server: McpServer): void {
  server.registerTool("alerts", { description: "Severe weather alerts", inputSchema: { region: z.string() } }, async () => ({
    content: [{ type: "text", text: "No alerts" }],
  }));
}
