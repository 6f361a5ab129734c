// The MCP Apps helpers of `@modelcontextprotocol/ext-apps/server` (1.x, for SDK v1's McpServer):
// `registerAppTool(server, name, config, cb)` calls `server.registerTool(name, { ...config, _meta }, cb)`
// after reading `config._meta.ui` (so a config without `_meta` throws there), and
// `registerAppResource(server, name, uri, config, cb)` calls `server.registerResource(name, uri,
// { mimeType, ...config }, cb)`. Each is replayed as the registration it makes.
import type { FileSummary, FlowEvent, ObjEntry, ValueExpr } from "../../core/model/summary";

type InvokeEvent = Extract<FlowEvent, { k: "invoke" }>;
type CallEvent = Extract<FlowEvent, { k: "call" }>;

const SPECIFIER = /^@modelcontextprotocol\/ext-apps\/server$/;

/** The helper → the McpServer method it calls, and how many arguments it needs. */
const HELPERS: Readonly<Record<string, { readonly method: string; readonly arity: number }>> = {
  registerAppTool: { method: "registerTool", arity: 4 },
  registerAppResource: { method: "registerResource", arity: 5 },
};

/**
 * The registration an ext-apps helper call makes on the server given as its first argument, as a call
 * event on that server; undefined when the call is not one, or when it may throw before registering.
 */
export function extAppsRegistration(summary: FileSummary | undefined, event: InvokeEvent): CallEvent | undefined {
  const callee = event.callee;
  if (callee.k !== "ref" || !summary) return undefined;
  const binding = summary.imports.get(callee.name);
  if (!binding || !SPECIFIER.test(binding.specifier)) return undefined;
  const helper = HELPERS[binding.imported];
  const receiver = event.args[0];
  if (!helper || !receiver || event.argExprs.length < helper.arity) return undefined;
  const [, ...rest] = event.argExprs;
  if (helper.method === "registerTool" && !hasObjectMeta(rest[1]!)) return undefined;
  return { k: "call", receiver, method: helper.method, args: rest, span: event.span, methodSpan: callee.span };
}

/** `{ ..., _meta: { ... } }` written as literals: `config._meta.ui` can be read. */
function hasObjectMeta(config: ValueExpr): boolean {
  if (config.k !== "obj") return false;
  const meta = config.entries.filter((e): e is Extract<ObjEntry, { k: "prop" }> => e.k === "prop" && e.key.k === "static" && e.key.name === "_meta");
  const last = config.entries.at(-1);
  return meta.length > 0 && meta.at(-1)!.value.k === "obj" && (last === meta.at(-1) || !config.entries.slice(config.entries.indexOf(meta.at(-1)!) + 1).some((e) => e.k === "spread"));
}
