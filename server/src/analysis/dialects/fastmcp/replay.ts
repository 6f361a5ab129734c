// Replays, in source order, what a program does with one fastmcp server: the registrations made
// before the session is created by `start()`/`connect()` (they decide the capabilities), the ones made
// after it (fastmcp then notifies sessions instead), and whatever runs at an unknown time (callbacks,
// helpers that are not followed).
import type { Loc } from "../../core/evaluate/values";
import type { FileSummary, FlowEventEntry, FlowUnit, Span, ValueExpr } from "../../core/model/summary";
import type { FastmcpSite } from "./findServers";
import { REGISTRATIONS, REMOVALS, STARTS, type Primitive } from "./rules";

/** Before the session exists, after it, or at a time the analysis cannot know (a callback, a later call). */
export type Phase = "before" | "after" | "deferred";

export interface Registration {
  readonly method: string;
  readonly key: Primitive;
  readonly loc: Loc;
  readonly callSpan: Span;
  readonly phase: Phase;
  /** Inside a branch, a loop or a callback that may run any number of times. */
  readonly conditional: boolean;
  /** `addTools(list)` with a list that is not a literal: it may be empty. */
  readonly maybeEmpty: boolean;
  /** Made at the module's top level, in the server's own unit (a statement a quick fix may move). */
  readonly movable: boolean;
}

export interface Removal {
  readonly method: string;
  readonly key: Primitive;
  readonly loc: Loc;
  readonly phase: Phase;
}

export interface StartCall {
  readonly method: string;
  readonly loc: Loc;
  readonly callSpan: Span;
  /** What transport the session runs on; `unknown` when start() leaves it to argv/environment. */
  readonly transport: "stdio" | "httpStream" | "unknown" | "custom";
  readonly awaited: boolean;
  readonly movableTarget: boolean;
}

export interface Unfollowed {
  readonly what: string;
  readonly loc: Loc;
  readonly phase: Phase;
}

export interface Replay {
  readonly registrations: Registration[];
  readonly removals: Removal[];
  start?: StartCall;
  readonly unfollowed: Unfollowed[];
}

const MAX_HELPER_DEPTH = 4;

export function replayServer(summary: FileSummary, site: FastmcpSite, textAt: (span: Span) => string | undefined): Replay {
  const units = summary.flow!.units;
  const out: Replay = { registrations: [], removals: [], unfollowed: [] };
  const visited = new Set<number>([site.unit.id]);
  const file = site.file;
  const loc = (span: Span): Loc => ({ file, span });
  const siteNames = new Set<string>([site.name]);

  const walk = (unit: FlowUnit, events: readonly FlowEventEntry[], names: Set<string>, forced: boolean, depth: number) => {
    for (const { event, conditional: c } of events) {
      const conditional = c || forced;
      const phase: Phase = out.start ? "after" : "before";
      if (event.k === "alias") {
        if (names.has(event.source.join("."))) names.add(event.target);
        continue;
      }
      if (event.k === "call") {
        if (!names.has(event.receiver.join("."))) continue;
        const reg = REGISTRATIONS[event.method];
        if (reg) {
          out.registrations.push({
            method: event.method,
            key: reg.key,
            loc: loc(event.methodSpan),
            callSpan: event.span,
            phase,
            conditional,
            maybeEmpty: reg.plural && !nonEmptyList(event.args[0]),
            movable: unit.id === site.unit.id && unit.kind === "module" && !conditional,
          });
          if (reg.plural && isEmptyList(event.args[0])) out.registrations.pop();
        } else if (REMOVALS[event.method]) {
          out.removals.push({ method: event.method, key: REMOVALS[event.method]!, loc: loc(event.methodSpan), phase });
        } else if (STARTS.has(event.method) && !out.start && depth === 0) {
          const before = textAt({ start: Math.max(0, event.span.start - 6), end: event.span.start }) ?? "";
          out.start = {
            method: event.method,
            loc: loc(event.methodSpan),
            callSpan: event.span,
            transport: event.method === "connect" ? "custom" : transportOf(event.args[0]),
            awaited: /await\s*$/.test(before),
            movableTarget: unit.id === site.unit.id && unit.kind === "module" && !conditional,
          };
        }
        continue;
      }
      if (event.k === "invoke") {
        if (event.callee.k === "fn") {
          // `list.forEach((t) => server.addTool(t))`: runs now, any number of times.
          const child = units.find((u) => u.span.start === event.callee.span.start && u.parent === unit.id);
          if (child && !visited.has(child.id)) {
            visited.add(child.id);
            walk(child, child.events, new Set(names), true, depth);
          }
          continue;
        }
        const at = event.args.findIndex((a) => a !== null && names.has(a.join(".")));
        if (at < 0) continue;
        const helper = event.callee.k === "ref" ? units.find((u) => u.kind === "function" && u.name === (event.callee as { name: string }).name) : undefined;
        const param = helper?.params[at];
        if (helper && param && depth < MAX_HELPER_DEPTH && !visited.has(helper.id)) {
          visited.add(helper.id);
          walk(helper, helper.events, new Set([param]), conditional, depth + 1);
        } else {
          out.unfollowed.push({ what: textAt(event.span)?.split("(")[0]?.trim() || "a helper", loc: loc(event.span), phase });
        }
      }
    }
  };

  walk(site.unit, site.unit.events.slice(site.eventIndex + 1), siteNames, false, 0);

  // Code elsewhere that registers on the same server runs at a time the replay cannot know: a tool's
  // handler, a timer, a function called later.
  const inScope = (u: FlowUnit): boolean => site.unit.kind === "module" || isDescendant(units, u, site.unit.id);
  for (const u of units) {
    if (visited.has(u.id) || !inScope(u)) continue;
    for (const { event } of u.events) {
      if (event.k !== "call" || !siteNames.has(event.receiver.join("."))) continue;
      const reg = REGISTRATIONS[event.method];
      if (reg) out.registrations.push({ method: event.method, key: reg.key, loc: loc(event.methodSpan), callSpan: event.span, phase: "deferred", conditional: true, maybeEmpty: reg.plural, movable: false });
      else if (REMOVALS[event.method]) out.removals.push({ method: event.method, key: REMOVALS[event.method]!, loc: loc(event.methodSpan), phase: "deferred" });
    }
  }
  return out;
}

function isDescendant(units: readonly FlowUnit[], u: FlowUnit, ancestor: number): boolean {
  for (let p = u.parent; p !== null; p = units[p]?.parent ?? null) if (p === ancestor) return true;
  return false;
}

function transportOf(arg: ValueExpr | undefined): StartCall["transport"] {
  if (!arg || arg.k !== "obj") return "unknown";
  for (const e of arg.entries) {
    if (e.k === "prop" && e.key.k === "static" && e.key.name === "transportType") {
      if (e.value.k === "lit" && (e.value.value === "stdio" || e.value.value === "httpStream")) return e.value.value;
      return "unknown";
    }
  }
  return "unknown";
}

const nonEmptyList = (e: ValueExpr | undefined): boolean => e?.k === "arr" && e.items.some((i) => i.k !== "spread");
const isEmptyList = (e: ValueExpr | undefined): boolean => e?.k === "arr" && e.items.length === 0;
