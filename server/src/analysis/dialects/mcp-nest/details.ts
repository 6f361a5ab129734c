// What the MCP-Nest dialect keeps of a server for its editor features.
import type { DialectDetails } from "../../core/model/serverReport";
import type { CapabilityMethod } from "./capabilityMethods";

export interface McpNestDetails extends DialectDetails {
  readonly kind: "mcp-nest";
  /** The MCP methods that bind to this strategy. */
  readonly methods: readonly CapabilityMethod[];
  readonly serverName?: string;
  readonly rootModule?: string;
  /** A 1.x server (`McpModule.forRoot`): its methods are the importing module's providers' and controllers'. */
  readonly moduleApi?: true;
}

export function mcpNestDetailsOf(details: DialectDetails): McpNestDetails | undefined {
  return details.kind === "mcp-nest" ? (details as McpNestDetails) : undefined;
}
