// A tool the mcp-framework loader finds in tools/: the server advertises `tools`.
import { MCPTool } from "mcp-framework";
import { z } from "zod";

class StockTool extends MCPTool<{ item: string }> {
  name = "stock";
  description = "How many of an item are in the pantry";
  schema = { item: { type: z.string(), description: "Item name" } };

  async execute({ item }: { item: string }) {
    return `3 × ${item}`;
  }
}

export default StockTool;
