// The MCP Apps helpers of `@modelcontextprotocol/ext-apps/server` (the same in 1.0.1, 1.1.2 and 1.7.5,
// for SDK v1's McpServer, and in 2.0.4, for SDK v2's; 0.x releases are not known here):
// `registerAppTool(server, name, config, cb)` calls `server.registerTool(name, { ...config, _meta }, cb)`
// after reading `config._meta.ui` (so a config without `_meta` throws there), and
// `registerAppResource(server, name, uri, config, cb)` calls `server.registerResource(name, uri,
// { mimeType, ...config }, cb)`. Each is replayed as the registration it makes.
import type { FileSummary, ObjEntry, ValueExpr, CallEvent, InvokeEvent } from "../../core/model/summary";
import { dirname, joinPath } from "../../core/project/paths";


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
export function extAppsRegistration(file: string, text: (file: string) => string | undefined, summary: FileSummary | undefined, event: InvokeEvent): CallEvent | undefined {
  const callee = event.callee;
  if (callee.k !== "ref" || !summary) return undefined;
  const binding = summary.imports.get(callee.name);
  if (!binding || !SPECIFIER.test(binding.specifier) || !knownRelease(file, text)) return undefined;
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

/** Whether the nearest package.json naming ext-apps asks for a release from 1.0.0 on (0.x are not known here). */
function knownRelease(file: string, text: (file: string) => string | undefined): boolean {
  let dir = dirname(file);
  for (let hops = 0; hops < 12; hops++) {
    const manifest = text(joinPath(dir, "package.json"));
    const range = manifest ? /"@modelcontextprotocol\/ext-apps"\s*:\s*"([^"]*)"/.exec(manifest)?.[1] : undefined;
    if (range !== undefined) return /^\s*(?:[\^~]|>=?)?\s*v?[1-9]\d*\./.test(range) && !/\|\||\s-\s|<|\s0\./.test(range);
    const up = dirname(dir);
    if (up === dir) return false;
    dir = up;
  }
  return false;
}
