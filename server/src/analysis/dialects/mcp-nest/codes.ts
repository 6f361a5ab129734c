// The diagnostics of the MCP-Nest dialect: each is a run-time trap of @rekog/mcp-nest 2.x, but the
// last, which says that a 1.x McpModule.forRoot could not be placed in a module's imports.
import { diagnosticMaker, type CodeTable } from "../../core/model/diagnostics";

export const MCP_NEST_CODES = {
  "mcp-nest-provider-not-served": { severity: "warning", summary: "MCP decorators on a provider: 2.x serves them only from controllers" },
  "mcp-nest-named-server-empty": { severity: "warning", summary: "a named McpStrategy that no @McpController({ server }) in the application binds to" },
  "mcp-nest-inherited-default-server": { severity: "warning", summary: "inherited MCP methods of a named @McpController stay on the default server" },
  "mcp-nest-http-no-adapter": { severity: "error", summary: "a self-mounting StreamableHttpTransport on a strategy given no HTTP adapter: the application fails to start" },
  "mcp-nest-header-mirroring": { severity: "error", summary: "a tool whose parameters declare 'x-mcp-header': MCP-Nest refuses it as the application starts" },
  "mcp-nest-capability-disabled": { severity: "error", summary: "a capability set to false in the options while the application serves that primitive: every request fails" },
  "mcp-nest-stdio-no-list-changed": { severity: "information", summary: "run-time registrations on a stdio-only strategy are never announced" },
  "mcp-nest-v1-not-analysed": { severity: "information", summary: "McpModule.forRoot (MCP-Nest 1.x) used where the analysis cannot tell which module imports it: its capabilities are not predicted" },
} as const satisfies CodeTable;

export type McpNestCode = keyof typeof MCP_NEST_CODES;
export const diagnostic = diagnosticMaker(MCP_NEST_CODES);
