// An mcp-framework server: its loaders find the tools/ and prompts/ folders beside this module at
// run time (basePath), and it advertises what they hold; with prompts it also advertises
// `completions`. It serves an SDK v1 Server: `initialize` only.
import { MCPServer } from "mcp-framework";

export const server = new MCPServer({ name: "pantry", version: "1.0.0", basePath: import.meta.dirname });

server.start();
