// Entry point of the inventory MCP deployment: picks a server by name and starts it. It also holds
// two classes that are NOT MCP servers, to show that the analyser leaves ordinary code alone:
//
// - ServerNameCompleter has a lone handleComplete (tab completion in the admin shell). That name is
//   too common in UI code to make a class a server by itself.
// - HealthRoute extends a REST framework's Endpoint, but has no components: not an MCP Endpoint.
import { env } from "@conduit/runtime";
import { InventoryServer } from "./inventory";
import { StatusServer, MaintenanceServer } from "./status-server";
import { CatalogEndpoint, CatalogLiteEndpoint } from "./catalog-endpoint";
import { NightlyReportsEndpoint } from "./reports-endpoint";
import { WarehouseServer } from "./stock/warehouse-server";
import { ShippingServer } from "./shipping-server";
import GatewayServer from "./gateway-server";
import { PricingServer } from "./pricing-server";
import { UpstreamProxy } from "./dynamic-servers";

export const SERVERS: Record<string, () => object> = {
  inventory: () => new InventoryServer(),
  status: () => new StatusServer("0.3.0"),
  maintenance: () => new MaintenanceServer(),
  catalog: () => new CatalogEndpoint(),
  "catalog-lite": () => new CatalogLiteEndpoint(),
  reports: () => new NightlyReportsEndpoint(),
  warehouse: () => new WarehouseServer(),
  shipping: () => new ShippingServer(),
  gateway: () => new GatewayServer(),
  pricing: () => new PricingServer(),
  proxy: () => new UpstreamProxy(),
};

/** Tab completion of server names in the admin shell. */
export class ServerNameCompleter {
  handleComplete(partial: string): string[] {
    return Object.keys(SERVERS).filter((name) => name.startsWith(partial));
  }
}

/** Stand-in for the HTTP framework's route base class (REST frameworks call it Endpoint too). */
class Endpoint {
  constructor(readonly path: string) {}
}

/** GET /healthz for the load balancer. */
export class HealthRoute extends Endpoint {
  constructor() {
    super("/healthz");
  }

  get() {
    return { status: 200, body: "ok" };
  }
}

export function main(name = env("MCP_SERVER") ?? "inventory") {
  const create = SERVERS[name];
  if (!create) throw new Error(`Unknown server "${name}". Known: ${Object.keys(SERVERS).join(", ")}`);
  return create();
}
