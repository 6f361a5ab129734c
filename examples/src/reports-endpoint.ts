// Endpoints in class form: `extends Endpoint` with `static components`. The base classes come from
// the vendored runtime declarations (vendor/conduit-runtime/index.d.ts, via the tsconfig path alias).
//
// A component's kind comes from its base class, directly (StockLevelTool extends Tool) or
// indirectly (LowStockTool extends StockLevelTool), or from `static type` (WeeklyDigestPrompt).
// ShelfLabelTool forgot `extends Tool`: its kind is unknown, so it is left out of the generated
// base, and the result is inexact (component-unresolved, information).
//
// NightlyReportsEndpoint extends ReportsEndpoint: it inherits the components, so it is an Endpoint
// too, and adds handleComplete.
import {
  Endpoint,
  Tool,
  type CallToolResult,
  type CompleteResult,
  type CompletionArgument,
  type CompletionRef,
  type GetPromptResult,
  type RequestContext,
} from "@conduit/runtime";

const LEVELS = new Map([["SKU-1001", 12], ["SKU-1002", 0], ["SKU-1003", 3]]);
const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });

export class StockLevelTool extends Tool<{ sku: string }> {
  static toolName = "stock_level";
  async execute(params: { sku: string }) {
    return text(`${params.sku}: ${LEVELS.get(params.sku) ?? 0} on hand`);
  }
}

export class LowStockTool extends StockLevelTool {
  static toolName = "low_stock";
  async execute() {
    return text([...LEVELS].filter(([, units]) => units < 5).map(([sku]) => sku).join("\n"));
  }
}

export class WeeklyDigestPrompt {
  static type = "prompt";
  async render(args: { week: string }): Promise<GetPromptResult> {
    const request = `Summarise stock movements for week ${args.week}: top sellers, shrinkage, reorders.`;
    return { messages: [{ role: "user", content: { type: "text", text: request } }] };
  }
}

export class ShelfLabelTool {
  async execute(params: { sku: string }) {
    return text(`^XA^FO50,50^BCN,100^FD${params.sku}^FS^XZ`);
  }
}

export class ReportsEndpoint extends Endpoint {
  static components = [
    StockLevelTool,
    LowStockTool,
    WeeklyDigestPrompt,
    ShelfLabelTool,
  ];
}

export class NightlyReportsEndpoint extends ReportsEndpoint {
  async handleComplete(ctx: RequestContext, ref: CompletionRef, argument: CompletionArgument): Promise<CompleteResult> {
    const weeks = ["2026-W27", "2026-W28", "2026-W29"];
    return { completion: { values: weeks.filter((week) => week.startsWith(argument.value)) } };
  }
}
