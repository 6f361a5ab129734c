// `const server = withLogging(new McpServer(...))`: the construction is the argument of a workspace
// function that returns that same parameter (an enhancer registering on it). The helper runs on the
// server first, then the name the call's result is bound to is the server's.
import type { FlowUnit, ValueExpr } from "../../core/model/summary";
import type { SdkSite } from "./findSdkServers";

export interface WrappingHelper {
  readonly helper: { readonly file: string; readonly unit: FlowUnit };
  /** The helper's parameter the server is given as. */
  readonly param: string;
  /** The call's event index in the site's unit, and the name its result is bound to. */
  readonly index: number;
  readonly result: string;
  readonly conditional: boolean;
}

export function wrappingHelper(site: SdkSite, resolve: (callee: ValueExpr) => { file: string; unit: FlowUnit } | undefined): WrappingHelper | undefined {
  if (site.event.target !== null || !site.event.lost) return undefined;
  const { span } = site.event;
  for (let index = site.eventIndex + 1; index < site.unit.events.length; index++) {
    const { event, conditional } = site.unit.events[index]!;
    if (event.k !== "invoke") continue;
    const at = event.argExprs.findIndex((a) => a.span.start === span.start && a.span.end === span.end);
    if (at < 0) continue;
    if (!event.result) return undefined;
    const helper = resolve(event.callee);
    const param = helper?.unit.params[at];
    if (!helper || !param) return undefined;
    const returns = helper.unit.events.filter(({ event: e }) => e.k === "return");
    // Every way out hands back the parameter itself: the result is the server.
    if (returns.length === 0 || !returns.every(({ event: e }) => e.k === "return" && e.source?.length === 1 && e.source[0] === param)) return undefined;
    return { helper, param, index, result: event.result, conditional };
  }
  return undefined;
}
