// Servers that inherit their handlers across files and through a mixin.
//
// StockServer extends the default-exported abstract StockBase (stock-base.ts), which extends
// ConduitServer (vendor/conduit-runtime/index.d.ts). It inherits __capabilities__ (tools,
// resources), handleListResources and handleReadResource from StockBase, handleListTools and
// handleComplete from the declaration file, and implements the abstract handleCallTool itself.
//
// WarehouseServer adds live stock subscriptions through the WithLiveStock mixin: in the legacy era
// handleSubscribeResource turns on resources.subscribe; the modern era advertises it anyway.
import type { CallToolResult, RequestContext } from "@conduit/runtime";
import StockBase, { WithLiveStock } from "./stock-base";

export class StockServer extends StockBase {
  async handleCallTool(ctx: RequestContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    if (name !== "reserve") return { isError: true, content: [{ type: "text", text: `Unknown tool: ${name}` }] };
    const sku = String(args.sku);
    const units = Number(args.units ?? 1);
    const left = (this.levels.get(sku) ?? 0) - units;
    if (left < 0) return { isError: true, content: [{ type: "text", text: `Only ${left + units} of ${sku} left` }] };
    this.levels.set(sku, left);
    return { content: [{ type: "text", text: `Reserved ${units} x ${sku}` }] };
  }
}

export class WarehouseServer extends WithLiveStock(StockServer) {
  /** Pushes a stock change to the sessions that subscribed to it. */
  publish(ctx: RequestContext, sku: string) {
    const uri = `stock://${sku}`;
    if (this.subscribers.get(uri)?.size) ctx.notify("notifications/resources/updated", { uri });
  }
}
