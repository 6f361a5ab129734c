// A fastmcp server (fastmcp 3.x): the framework decides the capabilities from what is registered when
// a session starts — `tools: {}` (no listChanged) with any tool, `prompts: { listChanged: true }` with
// any prompt, `logging` and `completions` always. It serves an SDK v1 Server: `initialize` only.
import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "recipes", version: "1.0.0" });

server.addTool({
  name: "find-recipe",
  description: "Find a recipe by ingredient",
  parameters: z.object({ ingredient: z.string() }),
  execute: async ({ ingredient }) => `Soup with ${ingredient}`,
});

server.addPrompt({
  name: "menu",
  description: "Plan a week's menu",
  arguments: [{ name: "diet", description: "Diet to follow", required: false }],
  load: async (args) => `Plan a menu for a ${args.diet ?? "balanced"} diet`,
});

await server.start({ transportType: "stdio" });
