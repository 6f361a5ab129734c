// `server.on("connect", (event) => { server.addTool(..) })`: fastmcp emits `connect` from start() or
// connect() once the session is built (its capabilities fixed), just before it marks the server
// running. So what the handler registers is never in the session that emitted it, and, over stdio or
// connect(), no list_changed is sent for it either. Only a handler the replayed code really installs,
// on a server whose start is followed, is placed so: any other callback runs at a time not known.
import type { Loc } from "../../core/evaluate/values";
import type { FlowUnit } from "../../core/model/summary";
import { key, type FileUnits, type Replay } from "./replay";
import { exprPath } from "./exprPath";
import { REGISTRATIONS, REMOVALS } from "./rules";
import { firstOwnAwait } from "../../core/summarize/firstOwnAwait";
import type { ts } from "../../core/typescript";

/** Whether `u` is the function given to `<server>.on("connect", …)` in the unit that holds it. */
function isConnectHandler(units: readonly FlowUnit[], u: FlowUnit, names: ReadonlySet<string>): boolean {
  if (u.passedTo !== "on" || u.parent === null) return false;
  return (units[u.parent]?.events ?? []).some(({ event }) => {
    if (event.k !== "invoke" || event.callee.k !== "get" || event.callee.key.k !== "static" || event.callee.key.name !== "on") return false;
    const [name, handler] = event.argExprs;
    const on = exprPath(event.callee.object);
    return on !== undefined && names.has(on) && name?.k === "lit" && name.value === "connect" && handler?.k === "fn" && handler.span.start === u.span.start;
  });
}

/**
 * Places the registrations and removals written directly in the server's `connect` handlers after
 * the session is built. The handler must be installed by code the replay ran (`visited`) and the
 * server started by it; the handler is then visited, so nothing else counts it again.
 */
export function placeConnectHandlers(out: Replay, at: FileUnits, visited: Set<string>, names: ReadonlySet<string>, syntax?: () => ts.SourceFile | undefined): void {
  if (!out.start) return;
  const loc = (span: { start: number; end: number }): Loc => ({ file: at.file, span });
  for (const u of at.units) {
    if (visited.has(key(at, u)) || u.parent === null || !visited.has(key(at, at.units[u.parent]!)) || !isConnectHandler(at.units, u, names)) continue;
    visited.add(key(at, u));
    // After the handler's first await, fastmcp has gone on and marked the server running.
    const sf = syntax?.();
    const awaitAt = sf ? firstOwnAwait(sf, u.span)?.at : undefined;
    for (const { event, conditional } of u.events) {
      if (event.k !== "call" || !names.has(event.receiver.join("."))) continue;
      const reg = REGISTRATIONS[event.method];
      const late = awaitAt !== undefined && event.span.start > awaitAt ? { afterAwait: true as const } : {};
      if (reg) out.registrations.push({ method: event.method, key: reg.key, loc: loc(event.methodSpan), callSpan: event.span, phase: "after", conditional, maybeEmpty: reg.plural, movable: false, onConnect: true, ...late });
      else if (REMOVALS[event.method]) out.removals.push({ method: event.method, key: REMOVALS[event.method]!, loc: loc(event.methodSpan), phase: "after" });
    }
  }
}
