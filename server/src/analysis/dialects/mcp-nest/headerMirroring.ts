// MCP-Nest 2.x refuses a tool whose parameters' JSON Schema holds the key `x-mcp-header` anywhere
// (SEP-2243 header mirroring, which it does not implement): reading the decorated methods as the
// application starts, it throws "@Tool({ name: '…' }) declares 'x-mcp-header' at …", and listen()
// never serves. Read from the decorator as written (`z.string().meta({ "x-mcp-header": "Region" })`,
// a raw schema's `"x-mcp-header": …`): a schema held elsewhere is not looked into.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { CapabilityMethod } from "./capabilityMethods";

/** The key written as a property name: quoted, then a colon. */
const HEADER_KEY = /(["'`])x-mcp-header\1\s*:/;

/** The first tool whose decorator writes the `x-mcp-header` key, with where. */
export function headerMirroringTool(ev: Evaluator, methods: readonly CapabilityMethod[]): { readonly method: CapabilityMethod; readonly loc: Loc } | undefined {
  for (const method of methods) {
    if (method.primitive !== "tools") continue;
    const text = ev.host.text?.(method.loc.file)?.slice(method.loc.span.start, method.loc.span.end);
    const found = text === undefined ? null : HEADER_KEY.exec(text);
    if (found) return { method, loc: { file: method.loc.file, span: { start: method.loc.span.start + found.index, end: method.loc.span.start + found.index + found[0].length } } };
  }
  return undefined;
}
