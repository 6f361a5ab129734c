// ShippingServer builds its __capabilities__ from imported constants (through the folder index
// ./shared and its re-export): a spread of TOOLS_ONLY, a computed key from a string enum member
// (Primitive.Prompts), a spread of STATIC_LIST and an Object.freeze(...)d experimental block.
// All of it evaluates statically, so the result is exact. `experimental` passes through both eras
// untouched.
//
// Parcel tracking uses handleSubscribeResource, but the base has no "resources": the legacy era
// ignores the handler (warning subscribe-without-resources).
import type { CallToolResult, GetPromptResult, RequestContext } from "@conduit/runtime";
import { ACME_EXPERIMENTAL, Primitive, STATIC_LIST, TOOLS_ONLY } from "./shared";

export class ShippingServer {
  static __capabilities__ = () => ({
    ...TOOLS_ONLY,
    [Primitive.Prompts]: { ...STATIC_LIST },
    experimental: ACME_EXPERIMENTAL,
  });

  private readonly tracked = new Set<string>();

  async handleCallTool(ctx: RequestContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    if (name !== "create_label") return { isError: true, content: [{ type: "text", text: `Unknown tool: ${name}` }] };
    const parcel = `PCL-${Date.now().toString(36).toUpperCase()}`;
    return { content: [{ type: "text", text: `Label ${parcel} for order ${String(args.orderId)} (${args.format ?? "zpl"})` }] };
  }

  async handleGetPrompt(ctx: RequestContext, ...request: [name: string, args?: Record<string, string>]): Promise<GetPromptResult> {
    const [name, args = {}] = request;
    const text = name === "delay_notice" ? `Write a short apology for the delayed parcel ${args.parcel}.` : `Unknown prompt ${name}`;
    return { messages: [{ role: "user", content: { type: "text", text } }] };
  }

  async handleSubscribeResource(ctx: RequestContext, uri: string) {
    this.tracked.add(uri);
    return {};
  }
}
