// A prompt the mcp-framework loader finds in prompts/: the server advertises `prompts` and `completions`.
import { MCPPrompt } from "mcp-framework";

class ShoppingPrompt extends MCPPrompt {
  name = "shopping-list";
  description = "Write a shopping list from what is missing";
  schema = {};

  async generateMessages() {
    return [{ role: "user", content: { type: "text", text: "What should I buy?" } }];
  }
}

export default ShoppingPrompt;
