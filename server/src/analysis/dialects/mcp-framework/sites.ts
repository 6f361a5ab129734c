// Where mcp-framework servers are built: `new MCPServer(...)` of the class the file imports from
// "mcp-framework", and the calls made on that server in the same body.
import type { FileSummary, FlowEvent, FlowEventEntry, FlowUnit } from "../../core/model/summary";

export const PACKAGE = "mcp-framework";
export const SERVER_METHODS = new Set(["addTool", "addPrompt", "addResource", "start", "handleRequest", "createLambdaHandler", "sendLog"]);

export type NewEvent = Extract<FlowEvent, { k: "new" }>;
export type CallEvent = Extract<FlowEvent, { k: "call" }>;

export interface ServerSite {
  readonly unit: FlowUnit;
  readonly event: NewEvent;
  readonly name: string;
}

function isMcpServerCtor(summary: FileSummary, ctor: string): boolean {
  const [head, member] = ctor.split(".");
  const binding = summary.imports.get(head!);
  if (!binding || binding.specifier !== PACKAGE) return false;
  return member === undefined ? binding.imported === "MCPServer" : binding.imported === "*" && member === "MCPServer";
}

export function serverSites(summary: FileSummary): ServerSite[] {
  const out: ServerSite[] = [];
  for (const unit of summary.flow?.units ?? []) {
    for (const { event } of unit.events) {
      if (event.k === "new" && isMcpServerCtor(summary, event.ctor)) out.push({ unit, event, name: event.target?.join(".") ?? "MCPServer" });
    }
  }
  return out;
}

/** Calls on the server's name in the body that builds it (and in bodies nested in it). */
export function callsOn(summary: FileSummary, site: ServerSite): { call: CallEvent; entry: FlowEventEntry; unit: FlowUnit }[] {
  const target = site.event.target?.join(".");
  if (!target) return [];
  const units = summary.flow?.units ?? [];
  const within = (u: FlowUnit): boolean => u.id === site.unit.id || (u.parent !== null && within(units.find((p) => p.id === u.parent)!));
  const out: { call: CallEvent; entry: FlowEventEntry; unit: FlowUnit }[] = [];
  for (const unit of units) {
    if (!within(unit)) continue;
    for (const entry of unit.events) {
      const e = entry.event;
      if (e.k === "call" && e.receiver.join(".") === target && SERVER_METHODS.has(e.method)) out.push({ call: e, entry, unit });
    }
  }
  return out.sort((a, b) => a.call.span.start - b.call.span.start);
}
