// The prompt of the catalog Endpoint.
import { Prompt } from "../framework";

@Prompt({ name: "restock_plan", description: "Draft a restocking plan for the products that ran out" })
export class RestockPrompt {
  async render(args: { site: string }) {
    const text = `List the products out of stock at ${args.site} and propose order quantities for next week.`;
    return { messages: [{ role: "user" as const, content: { type: "text" as const, text } }] };
  }
}
