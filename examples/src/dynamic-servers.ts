// Servers whose capabilities depend on things only known at run time. The analyser shows what it
// can, marks the rest and flags the result as inexact ("≈" in the editor).
//
// - TenantServer: its base class is picked from a registry at start-up. The analyser cannot follow
//   `tenantBase(...)` (base-unresolved, information): only TenantServer's own members count.
// - UpstreamProxy: its handlers are installed at run time by installForwarders; the JSDoc tag
//   @mcpServer makes it a server anyway (with the default trio as base).
// - FeatureFlagServer: two parts of its base are computed by function calls. They are shown as
//   {"$dynamic": "<source>"} (capabilities-dynamic, information); the era rules leave them as
//   they are (no resources.subscribe is merged into the dynamic resources value).
// - RemoteConfigServer: the whole base is read from a file at start-up, so neither era can be
//   computed (both null).
import { env, installForwarders, readConfigFile, type CallToolResult, type RequestContext } from "@conduit/runtime";
import { STATIC_LIST } from "./shared";

type ServerClass = new () => object;

const TENANT_BASES = new Map<string, ServerClass>();

export function registerTenantBase(tenant: string, base: ServerClass) {
  TENANT_BASES.set(tenant, base);
}

function tenantBase(tenant: string): ServerClass {
  const base = TENANT_BASES.get(tenant);
  if (!base) throw new Error(`No server base registered for tenant "${tenant}"`);
  return base;
}

export class TenantServer extends tenantBase(env("TENANT") ?? "default") {
  async handleListTools(ctx: RequestContext) {
    return { tools: [{ name: "tenant_info", inputSchema: { type: "object" } }] };
  }

  async handleCallTool(ctx: RequestContext, name: string): Promise<CallToolResult> {
    return { content: [{ type: "text", text: `tenant ${env("TENANT") ?? "default"}, tool ${name}` }] };
  }
}

/**
 * Forwards every MCP request to the upstream server given by MCP_UPSTREAM.
 *
 * @mcpServer
 */
export class UpstreamProxy {
  constructor(upstreamUrl = env("MCP_UPSTREAM") ?? "http://localhost:7400/mcp") {
    installForwarders(this, upstreamUrl);
  }
}

function resourceCapabilities() {
  return env("LIVE_STOCK") === "1" ? { listChanged: true, subscribe: true } : { listChanged: false };
}

function pluginCapabilities(): Record<string, object> {
  const plugins = (env("PLUGINS") ?? "").split(",").filter(Boolean);
  return plugins.length > 0 ? { experimental: Object.fromEntries(plugins.map((p) => [`com.acme/${p}`, {}])) } : {};
}

export class FeatureFlagServer {
  static __capabilities__() {
    return {
      tools: STATIC_LIST,
      resources: resourceCapabilities(),
      ...pluginCapabilities(),
    };
  }

  private readonly feeds = new Set<string>();

  async handleListResources(ctx: RequestContext) {
    return { resources: [{ uri: "feed://stock-changes", name: "Stock changes" }] };
  }

  async handleReadResource(ctx: RequestContext, uri: string) {
    return { contents: [{ uri, text: "[]" }] };
  }

  async handleSubscribeResource(ctx: RequestContext, uri: string) {
    this.feeds.add(uri);
    return {};
  }

  async handleCallTool(ctx: RequestContext, name: string): Promise<CallToolResult> {
    return { content: [{ type: "text", text: `flags: LIVE_STOCK=${env("LIVE_STOCK") ?? "0"}; ${name}` }] };
  }
}

function loadCapabilities(path: string): Record<string, unknown> {
  return JSON.parse(readConfigFile(path));
}

export class RemoteConfigServer {
  static __capabilities__() {
    return loadCapabilities(env("CAPABILITIES_FILE") ?? "capabilities.json");
  }

  async handleListTools(ctx: RequestContext) {
    return { tools: [] };
  }
}
