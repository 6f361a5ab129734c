// PricingServer: a server with the mistakes the tool is there to catch, and two look-alikes it
// deliberately leaves alone. No __capabilities__, so the base is the default trio.
//
// Caught:
// - handle_set_log_level: snake_case, ported from the Elixir server. Ignoring case and underscores
//   it is handleSetLogLevel, which the class lacks: handler-misspelled (logging is not advertised).
// - handleListResourceTemplates(ctx, cursor): resources/templates/list is called with ctx only,
//   so `cursor` is always undefined: handler-arity. (The handler still counts.)
// - handleUnsubscribeResource without handleSubscribeResource: unsubscribe-without-subscribe.
// - static handleGetPrompt: handlers are called on the instance, never on the class: handler-static.
// Left alone:
// - handleCallTools (a batch helper) resembles handleCallTool, which is present: not a typo.
// - handleCompleted resembles handleComplete, but the class calls it itself (this.handleCompleted):
//   a helper, not a misspelled handler.
// handleCallTool is overloaded; the overloads count as one handler.
import type { CallToolResult, ListResourceTemplatesResult, ListToolsResult, ReadResourceResult, RequestContext } from "@conduit/runtime";

interface QuoteArgs { sku: string; quantity: number; currency?: string }

const LIST_PRICES = new Map([["SKU-1001", 349.0], ["SKU-1002", 18.5]]);
const RATES = new Map([["EUR", 1], ["USD", 1.08], ["GBP", 0.85]]);

export class PricingServer {
  private readonly finishedBatches: string[] = [];

  async handleListTools(ctx: RequestContext): Promise<ListToolsResult> {
    return { tools: [{ name: "quote", description: "Price a quantity of a product", inputSchema: { type: "object" } }] };
  }

  handleCallTool(ctx: RequestContext, name: "quote", args: QuoteArgs): Promise<CallToolResult>;
  handleCallTool(ctx: RequestContext, name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  async handleCallTool(ctx: RequestContext, name: string, args: any): Promise<CallToolResult> {
    if (name !== "quote") return { isError: true, content: [{ type: "text", text: `Unknown tool: ${name}` }] };
    const { sku, quantity, currency = "EUR" } = args as QuoteArgs;
    const total = (LIST_PRICES.get(sku) ?? 0) * quantity * (RATES.get(currency) ?? 1);
    return { content: [{ type: "text", text: `${quantity} x ${sku} = ${total.toFixed(2)} ${currency}` }] };
  }

  async handleCallTools(ctx: RequestContext, calls: { name: string; args: Record<string, unknown> }[]) {
    return Promise.all(calls.map((call) => this.handleCallTool(ctx, call.name, call.args)));
  }

  async handleListResourceTemplates(ctx: RequestContext, cursor?: string): Promise<ListResourceTemplatesResult> {
    return { resourceTemplates: [{ uriTemplate: "price://{sku}/{currency}", name: "List price" }] };
  }

  async handleReadResource(ctx: RequestContext, uri: string): Promise<ReadResourceResult> {
    const [, sku = "", currency = "EUR"] = /^price:\/\/([^/]+)\/(\w+)$/.exec(uri) ?? [];
    return { contents: [{ uri, text: String((LIST_PRICES.get(sku) ?? 0) * (RATES.get(currency) ?? 1)) }] };
  }

  async handleUnsubscribeResource(ctx: RequestContext, uri: string) {
    ctx.log("info", "unsubscribed from price feed", { uri });
    return {};
  }

  handle_set_log_level(ctx: RequestContext, level: string) {
    ctx.log("notice", `log level set to ${level}`);
    return {};
  }

  static handleGetPrompt(ctx: RequestContext, name: string, args: Record<string, string>) {
    return { messages: [{ role: "user", content: { type: "text", text: `Explain the price of ${args.sku}` } }] };
  }

  async importBatch(ctx: RequestContext, batchId: string, rows: [string, number][]) {
    for (const [sku, price] of rows) LIST_PRICES.set(sku, price);
    this.handleCompleted(batchId);
  }

  private handleCompleted(batchId: string) {
    this.finishedBatches.push(batchId);
  }
}
