// `return { server, cleanup }`: a factory that hands its server out inside an object literal. Its
// callers that take the object apart (`const { server } = createServer()`) hold the server under the
// name they give that key, and are followed like callers of a factory returning the server itself.
// Any other use of the object (kept whole, passed on, spread) is not followed.
import type { FlowEvent } from "../../core/model/summary";
import { returnsServer, type SdkSite } from "./findSdkServers";

/** The key the site's function returns its server under, when it does so in object literals only, under one key. */
export function returnedKey(site: SdkSite): string | undefined {
  const target = site.event.target;
  if (site.unit.kind !== "function" || !target || target.length !== 1 || returnsServer(site)) return undefined;
  const keys = new Set<string>();
  for (const { event } of site.unit.events) {
    if (event.k !== "return" || event.expr?.k !== "obj") continue;
    for (const e of event.expr.entries) {
      if (e.k === "spread" && e.expr.k === "ref" && e.expr.name === target[0]) return undefined;
      // `{ server: mcp.server }`: the low-level Server inside is the server handed out too.
      const inner = e.k === "prop" && e.value.k === "get" && e.value.key.k === "static" && e.value.key.name === "server" && e.value.object.k === "ref" && e.value.object.name === target[0];
      if (e.k !== "prop" || (!inner && (e.value.k !== "ref" || e.value.name !== target[0]))) continue;
      if (e.key.k !== "static") return undefined;
      keys.add(e.key.name);
    }
  }
  return keys.size === 1 ? [...keys][0] : undefined;
}

/** Whether an escape at `start` is the server's entry in one of the unit's returned object literals. */
export function isReturnedEntry(events: readonly { event: FlowEvent }[], start: number): boolean {
  return events.some(({ event }) => event.k === "return" && event.expr?.k === "obj" && event.expr.entries.some((e) => e.k === "prop" && e.value.k === "ref" && e.value.span.start === start));
}

/** The name a caller gives the server: the local of the key it destructures; null when it drops it; undefined when it keeps the object whole. */
export function callerName(key: string, event: Extract<FlowEvent, { k: "invoke" }>): string | null | undefined {
  const fields = event.resultFields;
  if (!fields) return undefined;
  return Object.prototype.hasOwnProperty.call(fields, key) ? fields[key]! : null;
}
