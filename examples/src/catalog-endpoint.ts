// Endpoints in decorator form, with components from three files (catalog/tools.ts,
// catalog/resources.ts, catalog/prompts.ts).
//
// CatalogEndpoint: the generated base has one {"listChanged": false} group per non-empty kind
// (tools, resources, prompts), and the runtime provides the list/call/read/get handlers. The author
// adds what an Endpoint never generates: handleComplete (completions, both eras) and
// handleSubscribeResource (legacy resources.subscribe).
//
// CatalogLiteEndpoint, the public read-only mirror, also declares __capabilities__: the explicit
// one wins over the generated base, which the warning endpoint-capabilities-override points out.
import type { CompleteResult, CompletionArgument, CompletionRef, RequestContext } from "@conduit/runtime";
import { Endpoint } from "./framework";
import { AdjustStockTool, LookupSkuTool, PRODUCTS } from "./catalog/tools";
import { ReturnsPolicyResource, WarehouseStockResource } from "./catalog/resources";
import { RestockPrompt } from "./catalog/prompts";

@Endpoint({
  name: "catalog",
  version: "2.3.0",
  components: [LookupSkuTool, AdjustStockTool, WarehouseStockResource, ReturnsPolicyResource, RestockPrompt],
})
export class CatalogEndpoint {
  private readonly watchers = new Map<string, Set<string>>();

  async handleComplete(ctx: RequestContext, ref: CompletionRef, argument: CompletionArgument): Promise<CompleteResult> {
    if (argument.name !== "sku") return { completion: { values: [] } };
    const values = [...PRODUCTS.keys()].filter((sku) => sku.startsWith(argument.value.toUpperCase()));
    return { completion: { values, total: values.length } };
  }

  async handleSubscribeResource(ctx: RequestContext, uri: string) {
    const sessions = this.watchers.get(uri) ?? new Set<string>();
    this.watchers.set(uri, sessions.add(ctx.session.id));
    return {};
  }
}

@Endpoint({ name: "catalog-lite", version: "2.3.0", components: [LookupSkuTool] })
export class CatalogLiteEndpoint {
  // The mirror reloads its tool list every hour, so someone wanted listChanged: true here.
  static __capabilities__() {
    return { tools: { listChanged: true } };
  }
}
