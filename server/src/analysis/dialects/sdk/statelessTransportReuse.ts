// `const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })`, connected
// once, then `transport.handleRequest(req, res, body)` in a route's handler: a stateless transport
// serves one request only. From SDK 1.26.0 (and in v2) its second handleRequest throws "Stateless
// transport cannot be reused across requests", so every request after the first fails. Older
// tutorials wire it this way; the SDK's own stateless example makes a transport per request.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { isUndefinedValue } from "../../core/evaluate/values";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import type { FlowUnit, ValueExpr } from "../../core/model/summary";
import { diagnostic } from "./codes";
import { isStreamableTransport, perRequestHandler, reuseRefused } from "./perRequestConnect";
import type { SdkRelease } from "./sdkRelease";
import { SDK_EVAL } from "./sdkEval";

/** The warning for each request handler that hands requests to the one stateless transport the server is connected to. */
export function statelessTransportReused(ev: Evaluator, connectArg: { readonly file: string; readonly expr: ValueExpr | undefined } | undefined, version: "v1" | "v2", release: SdkRelease): AnalysisDiagnostic[] {
  const expr = connectArg?.expr;
  if (!connectArg || expr?.k !== "ref" || !reuseRefused(version, release)) return [];
  const { file } = connectArg;
  const summary = ev.summary(file);
  const made = summary?.decls.get(expr.name);
  if (made?.k !== "const" || made.init.k !== "new" || made.init.callee.k !== "ref" || !isStreamableTransport(made.init.callee.name)) return [];
  // Stateless: options whose sessionIdGenerator is undefined (written so, or left out).
  const options = made.init.args[0] ? ev.evaluate(made.init.args[0], ev.fileScope(file), SDK_EVAL) : undefined;
  if (options?.t !== "obj") return [];
  const generator = options.entries.get("sessionIdGenerator")?.value;
  if (generator !== undefined && !isUndefinedValue(generator)) return [];
  const units = summary!.flow?.units ?? [];
  const sdk = version === "v2" ? "SDK v2" : `SDK ${release.version ?? "v1"}`;
  const out: AnalysisDiagnostic[] = [];
  for (const unit of units) {
    const handler = routeHandlerAround(ev, file, units, unit, expr.name);
      if (!handler) continue;
    for (const { event } of unit.events) {
      if (event.k !== "call" || event.method !== "handleRequest" || event.receiver.length !== 1 || event.receiver[0] !== expr.name) continue;
      out.push(
        diagnostic(
          "sdk-stateless-transport-reused",
          { file, span: event.span },
          `handleRequest runs in the handler ${handler} calls for every request, on one stateless transport made once (${expr.name}, no sessionIdGenerator): ${sdk} serves one request per stateless transport and throws on the next ("Stateless transport cannot be reused across requests"), so every request after the first fails. ` +
            `Make the transport (and the server) in the handler, as the SDK's stateless example does, or give it a sessionIdGenerator and keep one per session.`,
        ),
      );
    }
  }
  return out;
}

/** The route (or listener) a function runs for, itself or around it, when no function on the way declares `name`. */
function routeHandlerAround(ev: Evaluator, file: string, units: readonly FlowUnit[], unit: FlowUnit, name: string): string | undefined {
  for (let u: FlowUnit | undefined = unit, hops = 0; u && u.kind !== "module" && hops < 16; u = u.parent === null ? undefined : units[u.parent], hops++) {
    if (u.params.includes(name) || u.locals?.includes(name)) return undefined;
    const handler = perRequestHandler(ev, file, u);
    if (handler) return handler;
  }
  return undefined;
}
