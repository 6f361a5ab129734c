// Shared code of the stock servers (warehouse-server.ts inherits from this file):
//
// - StockBase is abstract: never reported itself, but what it implements concretely is inherited.
//   It extends ConduitServer from the runtime's declaration file, which contributes
//   handleListTools (a declared method) and handleComplete (a property of function type), but not
//   the abstract handleCallTool. Its __capabilities__ is a block-bodied static arrow.
// - WithLiveStock is a mixin: a function returning a class expression. Its handlers are inherited
//   by any class that extends WithLiveStock(SomeBase).
import { ConduitServer, type ListResourcesResult, type ReadResourceResult, type RequestContext } from "@conduit/runtime";

export default abstract class StockBase extends ConduitServer {
  static __capabilities__ = () => {
    return { tools: { listChanged: false }, resources: { listChanged: false } } as const;
  };

  protected readonly levels = new Map<string, number>([["SKU-1001", 12], ["SKU-1002", 0]]);

  async handleListResources(ctx: RequestContext): Promise<ListResourcesResult> {
    return { resources: [...this.levels.keys()].map((sku) => ({ uri: `stock://${sku}`, name: `Stock of ${sku}` })) };
  }

  async handleReadResource(ctx: RequestContext, uri: string): Promise<ReadResourceResult> {
    const sku = uri.replace("stock://", "");
    return { contents: [{ uri, mimeType: "text/plain", text: String(this.levels.get(sku) ?? 0) }] };
  }
}

type Constructor = new (...args: any[]) => object;

/** Adds live stock subscriptions to a server class. */
export function WithLiveStock<TBase extends Constructor>(Base: TBase) {
  return class extends Base {
    readonly subscribers = new Map<string, Set<string>>();

    async handleSubscribeResource(ctx: RequestContext, uri: string) {
      this.subscribers.set(uri, (this.subscribers.get(uri) ?? new Set<string>()).add(ctx.session.id));
      return {};
    }

    async handleUnsubscribeResource(ctx: RequestContext, uri: string) {
      this.subscribers.get(uri)?.delete(ctx.session.id);
      return {};
    }
  };
}
