// Tools of the catalog Endpoint (../catalog-endpoint.ts), declared with the @Tool decorator.
// A component is not a server by itself: these classes have no handlers and no __capabilities__.
import { Tool } from "../framework";

export const PRODUCTS = new Map([
  ["SKU-1001", { name: "Pallet jack", unitsOnHand: 12 }],
  ["SKU-1002", { name: "Stretch film, 500 m", unitsOnHand: 0 }],
]);

@Tool({ name: "lookup_sku", description: "Find a product by SKU" })
export class LookupSkuTool {
  async execute(params: { sku: string }) {
    const product = PRODUCTS.get(params.sku);
    return { content: [{ type: "text", text: product ? JSON.stringify(product) : `No product ${params.sku}` }] };
  }
}

@Tool({ name: "adjust_stock", description: "Add or remove units after a recount" })
export class AdjustStockTool {
  async execute(params: { sku: string; delta: number }) {
    const product = PRODUCTS.get(params.sku);
    if (!product) return { isError: true, content: [{ type: "text", text: `No product ${params.sku}` }] };
    product.unitsOnHand = Math.max(0, product.unitsOnHand + params.delta);
    return { content: [{ type: "text", text: `${params.sku}: ${product.unitsOnHand} on hand` }] };
  }
}
