// Where mcp-framework servers are built: `new MCPServer(...)` of the class the file imports from
// "mcp-framework" (or from a workspace module re-exporting it, frameworkExports.ts), or `new
// AppServer(...)` of a workspace class extending it (serverClass.ts; unbound ones, unboundNews.ts),
// and the calls made on that server in the same body.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FileSummary, FlowEventEntry, FlowUnit, NewEvent, CallEvent } from "../../core/model/summary";
import { serverCtor, type ChainClass } from "./serverClass";
import { unboundNews } from "./unboundNews";
import { FRAMEWORK_REACH } from "./packageName";
export type { NewEvent, CallEvent } from "../../core/model/summary";

export { PACKAGE } from "./packageName";
export const SERVER_METHODS = new Set(["addTool", "addPrompt", "addResource", "start", "handleRequest", "createLambdaHandler", "sendLog"]);


export interface ServerSite {
  readonly unit: FlowUnit;
  readonly event: NewEvent;
  readonly name: string;
  /** `new AppServer()`: the workspace classes from the one built up to the one extending MCPServer. */
  readonly chain?: readonly ChainClass[];
}

/**
 * A file whose flow a whole-workspace analysis left out (`flowDeferred`) reaches no file that imports
 * mcp-framework: none of its classes can extend MCPServer, and its flow is not asked for.
 */
export function serverSites(ev: Evaluator, file: string): ServerSite[] {
  const summary = ev.summary(file);
  const units = summary?.flow?.units ?? [];
  if (!summary || units.length === 0) return [];
  // MCPServer, or a class extending it, is imported from the package or through modules that do.
  if (ev.host.reachesModule?.(file, FRAMEWORK_REACH) === false) return [];
  const out: ServerSite[] = [];
  const kinds = new Map<string, ReturnType<typeof serverCtor>>();
  const kindOf = (ctor: string) => {
    if (!kinds.has(ctor)) kinds.set(ctor, serverCtor(ev, summary, ctor));
    return kinds.get(ctor);
  };
  const add = (unit: FlowUnit, event: NewEvent) => {
    const kind = kindOf(event.ctor);
    if (!kind) return;
    const name = event.target?.join(".") ?? (kind.k === "subclass" ? kind.chain[0]!.cls.name : "MCPServer");
    out.push({ unit, event, name, ...(kind.k === "subclass" ? { chain: kind.chain } : {}) });
  };
  for (const unit of units) for (const { event } of unit.events) if (event.k === "new") add(unit, event);
  for (const event of unboundNews(summary, ev.host.text?.(file), (ctor) => kindOf(ctor)?.k === "subclass")) add(innermost(units, event.span.start, event.span.end), event);
  return out.sort((a, b) => a.event.span.start - b.event.span.start);
}

/** The smallest unit holding a span (the module's at least). */
function innermost(units: readonly FlowUnit[], start: number, end: number): FlowUnit {
  let best = units[0]!;
  for (const u of units) if (u.span.start <= start && end <= u.span.end && u.span.end - u.span.start <= best.span.end - best.span.start) best = u;
  return best;
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
