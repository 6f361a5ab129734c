// GatewayServer (a default export) fronts an older deployment built for 2025-11-25, and shows how
// far the two eras can drift apart for the same class:
//
// - legacy sends the base as written, except completions, which handleComplete replaces with {};
// - modern turns on listChanged for tools, resources and prompts, sets resources.subscribe (the
//   base said false, and there is no subscribe handler), and replaces logging with {};
// - extra fields (tools.pageSize) and the 2025-11-25 `tasks` key pass through both eras; `tasks` is
//   not part of 2026-07-28, where the tasks extension replaces it (warning tasks-legacy-shape).
//
// __capabilities__ is a static function expression; GATEWAY_DEFAULTS.tools! is a property access on
// an imported const (with a non-null assertion), and `satisfies` does not change the value.
import type { CallToolResult, CompleteResult, CompletionArgument, CompletionRef, RequestContext } from "@conduit/runtime";
import { GATEWAY_DEFAULTS } from "./shared";

export default class GatewayServer {
  static __capabilities__ = function () {
    return {
      tools: GATEWAY_DEFAULTS.tools!,
      resources: { subscribe: false },
      prompts: {},
      completions: { maxValues: 50 },
      logging: { level: "info" },
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    } satisfies Record<string, object>;
  };

  constructor(private readonly upstream = "https://legacy-mcp.internal.example/mcp") {}

  async handleListTools(ctx: RequestContext) { return this.forward(ctx, "tools/list", {}); }
  async handleCallTool(ctx: RequestContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return this.forward(ctx, "tools/call", { name, arguments: args });
  }
  async handleListResources(ctx: RequestContext) { return this.forward(ctx, "resources/list", {}); }
  async handleReadResource(ctx: RequestContext, uri: string) { return this.forward(ctx, "resources/read", { uri }); }
  async handleListPrompts(ctx: RequestContext) { return this.forward(ctx, "prompts/list", {}); }
  async handleGetPrompt(ctx: RequestContext, name: string, args: Record<string, string>) {
    return this.forward(ctx, "prompts/get", { name, arguments: args });
  }
  async handleComplete(ctx: RequestContext, ref: CompletionRef, argument: CompletionArgument): Promise<CompleteResult> {
    return this.forward(ctx, "completion/complete", { ref, argument });
  }

  private async forward(ctx: RequestContext, method: string, params: object): Promise<any> {
    const response = await fetch(this.upstream, {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ctx.requestId, method, params }),
    });
    return (await response.json()).result;
  }
}
