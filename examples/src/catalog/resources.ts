// Resources of the catalog Endpoint. WarehouseStockResource has a templated URI
// ("warehouse://{site}/stock"): it is still a resource and counts in the "resources" group.
import { Resource } from "../framework";
import { PRODUCTS } from "./tools";

@Resource({ uri: "warehouse://{site}/stock", name: "Stock on hand, per site", mimeType: "application/json" })
export class WarehouseStockResource {
  async read(uri: string) {
    const site = /^warehouse:\/\/([^/]+)\/stock$/.exec(uri)?.[1] ?? "unknown";
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify({ site, products: [...PRODUCTS] }) }] };
  }
}

@Resource({ uri: "docs://returns-policy", name: "Returns policy", mimeType: "text/markdown" })
export class ReturnsPolicyResource {
  async read(uri: string) {
    return { contents: [{ uri, mimeType: "text/markdown", text: "# Returns\nUnopened items within 30 days." }] };
  }
}
