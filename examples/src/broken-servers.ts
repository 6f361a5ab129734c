// Servers with mistakes that break them at run time, and what the analyser says about each.
//
// - LabelPrinterServer: __capabilities__ is a plain object (the arrow was forgotten). The runtime
//   calls it and crashes, so neither era can be served: capabilities-not-callable, both eras null.
// - KioskServer: __capabilities__ is an instance method, but the runtime calls the static one. It
//   is ignored (capabilities-not-static) and the default trio is advertised instead.
// - BarcodeServer: `tools: true` is not an object, and the modern era merges listChanged into it,
//   so server/discover would fail with -32603 (capability-not-object, modern null); `completion` is
//   not a capability key (unknown-capability-key, "did you mean completions?").
// - ReplicaReader and ReplicaWriter extend each other after a refactor swapped their bases. The code
//   cannot run (TypeScript reports it too); both get inheritance-cycle and inexact results.
import type { CallToolResult, RequestContext } from "@conduit/runtime";

const ok = (text: string): CallToolResult => ({ content: [{ type: "text", text }] });

export class LabelPrinterServer {
  static __capabilities__ = { tools: { listChanged: false } };

  async handleCallTool(ctx: RequestContext, name: string, args: Record<string, unknown>) {
    return ok(`printing ${String(args.copies ?? 1)} label(s) with ${name}`);
  }
}

export class KioskServer {
  __capabilities__() {
    return { tools: { listChanged: false } };
  }

  async handleListTools(ctx: RequestContext) {
    return { tools: [{ name: "find_aisle", inputSchema: { type: "object" } }] };
  }

  async handleCallTool(ctx: RequestContext, name: string, args: Record<string, unknown>) {
    return ok(`${String(args.product)} is in aisle 7`);
  }
}

export class BarcodeServer {
  static __capabilities__() {
    return {
      tools: true,
      completion: {},
    };
  }

  async handleCallTool(ctx: RequestContext, name: string, args: Record<string, unknown>) {
    return ok(`decoded ${String(args.image).length} bytes`);
  }
}

export class ReplicaReader extends ReplicaWriter {
  async handleListResources(ctx: RequestContext) {
    return { resources: [] };
  }
}

export class ReplicaWriter extends ReplicaReader {
  async handleCallTool(ctx: RequestContext, name: string) {
    return ok(`replicated ${name}`);
  }
}
