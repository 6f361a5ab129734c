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
  /** Helpers the server goes through first, innermost first (`withPrompts(withTools(new McpServer()))`). */
  readonly inner?: readonly { readonly helper: { readonly file: string; readonly unit: FlowUnit }; readonly param: string }[];
}

export function wrappingHelper(site: SdkSite, resolve: (callee: ValueExpr) => { file: string; unit: FlowUnit } | undefined): WrappingHelper | undefined {
  if (site.event.target !== null || !site.event.lost) return undefined;
  const { span } = site.event;
  for (let index = site.eventIndex + 1; index < site.unit.events.length; index++) {
    const { event, conditional } = site.unit.events[index]!;
    if (event.k !== "invoke") continue;
    const at = event.argExprs.findIndex((a) => a.span.start === span.start && a.span.end === span.end);
    if (at < 0) continue;
    const helper = resolve(event.callee);
    const param = helper?.unit.params[at];
    if (!helper || !param || !returnsParam(helper.unit, param)) return undefined;
    if (event.result) return { helper, param, index, result: event.result, conditional };
    // `withPrompts(withTools(new McpServer(...)))`: the wrapped server is handed to the next helper.
    const outer = nestedWrapping(site, event.span, resolve, 0);
    return outer && { ...outer, inner: [{ helper, param }, ...(outer.inner ?? [])], conditional: outer.conditional || conditional };
  }
  return undefined;
}

/** Every way out of the helper hands back the parameter itself: its result is the server. */
function returnsParam(unit: FlowUnit, param: string): boolean {
  const returns = unit.events.filter(({ event: e }) => e.k === "return");
  return returns.length > 0 && returns.every(({ event: e }) => e.k === "return" && e.source?.length === 1 && e.source[0] === param);
}

/** The helper whose argument is the call at `span` (itself a wrapping helper's call), up to the one whose result is bound. */
function nestedWrapping(site: SdkSite, span: { start: number; end: number }, resolve: (callee: ValueExpr) => { file: string; unit: FlowUnit } | undefined, depth: number): WrappingHelper | undefined {
  if (depth > 8) return undefined;
  const matches = site.unit.events
    .map(({ event, conditional }, index) => ({ event, conditional, index }))
    .filter(({ event }) => event.k === "invoke" && event.argExprs.some((a) => a.span.start === span.start && a.span.end === span.end));
  if (matches.length !== 1) return undefined;
  const { event, conditional, index } = matches[0]!;
  if (event.k !== "invoke") return undefined;
  const at = event.argExprs.findIndex((a) => a.span.start === span.start && a.span.end === span.end);
  const helper = resolve(event.callee);
  const param = helper?.unit.params[at];
  if (!helper || !param || !returnsParam(helper.unit, param)) return undefined;
  if (event.result) return { helper, param, index: Math.max(index, site.eventIndex), result: event.result, conditional };
  const outer = nestedWrapping(site, event.span, resolve, depth + 1);
  return outer && { ...outer, inner: [{ helper, param }, ...(outer.inner ?? [])], conditional: outer.conditional || conditional };
}
