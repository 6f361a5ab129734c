// Where fastmcp servers are built: `new FastMCP({...})` (or `new fastmcp.FastMCP(...)`) with FastMCP
// imported from the `fastmcp` package.
import type { FileSummary, FlowEvent, FlowUnit, Span } from "../../core/model/summary";

export type NewEvent = Extract<FlowEvent, { k: "new" }>;

export interface FastmcpSite {
  readonly file: string;
  readonly unit: FlowUnit;
  readonly eventIndex: number;
  readonly event: NewEvent;
  /** The path the server is bound to (`server`, `this.mcp`), or `server` when it is not bound. */
  readonly name: string;
  readonly span: Span;
}

export const isFastmcpSpecifier = (s: string): boolean => s === "fastmcp";

function importsFastMCP(summary: FileSummary, ctor: string): boolean {
  const [head, member] = ctor.split(".");
  const binding = summary.imports.get(head!);
  if (!binding || !isFastmcpSpecifier(binding.specifier)) return false;
  return member === undefined ? binding.imported === "FastMCP" : binding.imported === "*" && member === "FastMCP";
}

export function findFastmcpSites(summary: FileSummary | undefined): FastmcpSite[] {
  if (!summary?.flow) return [];
  const sites: FastmcpSite[] = [];
  for (const unit of summary.flow.units) {
    unit.events.forEach(({ event }, eventIndex) => {
      if (event.k !== "new" || !importsFastMCP(summary, event.ctor)) return;
      const bound = event.target && event.target[0] !== "<return>" ? event.target.join(".") : undefined;
      sites.push({
        file: summary.fileName,
        unit,
        eventIndex,
        event,
        name: bound ?? (unit.kind === "module" ? "server" : unit.name),
        // The whole unit: registrations and start() anywhere in it get the dialect's hover.
        span: unit.span,
      });
    });
  }
  return sites;
}
