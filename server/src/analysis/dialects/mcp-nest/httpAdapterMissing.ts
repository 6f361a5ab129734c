// MCP-Nest 2.x's StreamableHttpTransport mounts its routes on the application's HTTP adapter as it
// starts, unless told not to (`mount: false`) or a controller mounts them (reading the transport's
// `httpHandlers`). The adapter reaches the transport only through the strategy: `new McpStrategy({
// httpAdapter })` or `strategy.setHttpAdapter(app.getHttpAdapter())`. Nest never hands it over, not
// to createMicroservice nor to a hybrid application's connectMicroservice, so without one the
// strategy's listen() fails ("StreamableHttpTransport requires an HTTP adapter to self-mount") and
// Nest's listen() rejects with it. Said only when the texts settle it: a plain McpStrategy whose
// options are written out, an inline self-mounting transport, and no file involved naming anything
// that could give an adapter or read the handlers.
import type { DialectRun } from "../../core/dialect";
import type { Loc } from "../../core/evaluate/values";
import type { StrategyOptions } from "./strategyOptions";

/** Any of these words where the strategy, its options or its application are written may give the adapter or claim the routes. */
const MAY_GIVE_ADAPTER = /\b(?:setHttpAdapter|httpAdapter|httpHandlers|unwrap|MCP_HTTP_HANDLER)\b/;

/** Why the strategy's listen() fails for want of an HTTP adapter, and where; undefined when it may not. */
export function httpAdapterMissing(run: DialectRun, options: StrategyOptions, files: readonly string[]): { why: string; loc: Loc } | undefined {
  if (options.httpAdapter !== "absent" || !options.transports) return undefined;
  const selfMounting = options.transports.find((t) => t.kind === "streamable-http" && t.mount === "self");
  if (!selfMounting) return undefined;
  for (const file of new Set([...files, selfMounting.loc.file])) {
    const text = run.fileText(file);
    if (text === undefined || MAY_GIVE_ADAPTER.test(text)) return undefined;
  }
  return {
    why: "StreamableHttpTransport mounts its routes on the application's HTTP adapter as it starts, and nothing gives the strategy one (no httpAdapter option, no strategy.setHttpAdapter(app.getHttpAdapter())): its listen() fails with \"StreamableHttpTransport requires an HTTP adapter to self-mount\"",
    loc: selfMounting.loc,
  };
}
