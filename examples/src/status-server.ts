// Two small hand-written servers for the ops dashboard.
//
// StatusServer has no __capabilities__, so its base is the default trio: tools, resources and
// prompts, each {"listChanged": false}, although it only really serves tools. It also shows every
// way a handler can be written (spec §3): a method (its TypeScript `this` parameter is not counted
// as a parameter), an arrow-function property, a function-expression property, and a property of
// function type assigned in the constructor. Interface members never count as handlers.
//
// MaintenanceServer is a class expression bound to a const (reported under the const's name)
// whose __capabilities__ returns {}: used as is, so no primitive is advertised at all.
import type {
  CallToolResult,
  CompleteResult,
  CompletionArgument,
  CompletionRef,
  ListPromptsResult,
  ListToolsResult,
  ReadResourceResult,
  RequestContext,
} from "@conduit/runtime";

/** What the dashboard's typed client may call. handleComplete is optional and StatusServer does not
 *  implement it: declaring it here does not make StatusServer advertise completions. */
export interface StatusHandlers {
  handleListTools(ctx: RequestContext, cursor?: string): Promise<ListToolsResult>;
  handleComplete?(ctx: RequestContext, ref: CompletionRef, argument: CompletionArgument): Promise<CompleteResult>;
}

export class StatusServer implements StatusHandlers {
  private readonly startedAt = Date.now();
  readonly handleReadResource: (ctx: RequestContext, uri: string) => Promise<ReadResourceResult>;

  constructor(private readonly version: string) {
    this.handleReadResource = async (_ctx, uri) => ({
      contents: [{ uri, mimeType: "application/json", text: JSON.stringify(this.snapshot()) }],
    });
  }

  async handleListTools(this: StatusServer, ctx: RequestContext, cursor?: string): Promise<ListToolsResult> {
    ctx.log("debug", "listing status tools", { cursor });
    return { tools: [{ name: "uptime", description: "Seconds since the server started", inputSchema: { type: "object" } }] };
  }

  handleCallTool = async (ctx: RequestContext, name: string): Promise<CallToolResult> => {
    if (name !== "uptime") return { isError: true, content: [{ type: "text", text: `Unknown tool: ${name}` }] };
    const seconds = Math.round((Date.now() - this.startedAt) / 1000);
    return { content: [{ type: "text", text: String(seconds) }] };
  };

  handleListPrompts = async function (ctx: RequestContext): Promise<ListPromptsResult> {
    return { prompts: [] };
  };

  private snapshot() {
    return { version: this.version, startedAt: new Date(this.startedAt).toISOString() };
  }
}

export const MaintenanceServer = class {
  static __capabilities__() {
    return {};
  }

  async handleComplete(ctx: RequestContext, ref: CompletionRef, argument: CompletionArgument): Promise<CompleteResult> {
    const sites = ["north-hub", "south-hub", "returns-center"];
    return { completion: { values: sites.filter((site) => site.startsWith(argument.value)) } };
  }
};
