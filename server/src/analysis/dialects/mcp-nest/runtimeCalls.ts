// The calls that change what a strategy serves at run time (registerTool()/…, removeTool()/…) written
// on the strategy's own name in its file, and whether each is made before any client can connect.
import type { DialectRun } from "../../core/dialect";
import type { CallEvent } from "../../core/model/summary";
import { RUNTIME_METHODS, unitFactoryCalls, type StrategySite } from "./findStrategies";
import { runsAtLoad } from "./loadTimeCalls";

/** `strategy.registerTool(...)` and friends, in the strategy's file or one that imports it. */
export interface RuntimeCall {
  readonly event: CallEvent;
  readonly file: string;
  /** The strategy's name where the call is written. */
  readonly receiver: string;
  /** Made, if at all, before any client can connect: before Nest is given the strategy, or as a module loads (loadTimeCalls.ts). */
  readonly beforeServing: boolean;
  /** Under an `if`, in a loop or a callback. */
  readonly conditional: boolean;
}

/** `strategy.registerTool(...)` and friends on the strategy's own name, anywhere in its file. */
export function runtimeCalls(run: DialectRun, site: StrategySite): RuntimeCall[] {
  const target = site.event.target?.join(".");
  const summary = run.ev.summary(site.file);
  if (!target || !summary) return [];
  // No transport listens before the application exists: a call made between the strategy's creation
  // and the NestFactory call of the same function runs before any client connects.
  const factory = site.conditional ? undefined : unitFactoryCalls(summary, site.unit)[0];
  // Made at the top level: a call there after it runs as the module loads, before any request is read.
  const atTop = site.unit.parent === null && !site.conditional;
  const out: RuntimeCall[] = [];
  for (const unit of summary.flow?.units ?? []) {
    for (const entry of unit.events) {
      const { event, conditional } = entry;
      if (event.k !== "call" || !RUNTIME_METHODS.has(event.method) || event.receiver.join(".") !== target) continue;
      const beforeFactory = unit === site.unit && factory !== undefined && event.span.start >= site.event.span.end && event.span.end <= factory.span.start;
      const beforeServing = beforeFactory || (atTop && runsAtLoad(run.ev, site.file, unit, entry, site.event.span.end));
      out.push({ event, file: site.file, receiver: target, beforeServing, conditional });
    }
  }
  return out;
}
