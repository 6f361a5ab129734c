// MCP-Nest 2.x refuses a tool whose parameters' JSON Schema holds the key `x-mcp-header` anywhere
// (SEP-2243 header mirroring, which it does not implement): reading the decorated methods as the
// application starts, it throws "@Tool({ name: '…' }) declares 'x-mcp-header' at …", and listen()
// never serves. Read from the decorator as written (`z.string().meta({ "x-mcp-header": "Region" })`,
// a raw schema's `"x-mcp-header": …`): a schema held elsewhere is not looked into.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { Span } from "../../core/model/summary";
import { forEachToken } from "../../core/summarize/codeTokens";
import { SK } from "../../core/typescript";
import type { CapabilityMethod } from "./capabilityMethods";

const HEADER_KEY = "x-mcp-header";

/** The first tool whose decorator writes the `x-mcp-header` key, with where. */
export function headerMirroringTool(ev: Evaluator, methods: readonly CapabilityMethod[]): { readonly method: CapabilityMethod; readonly loc: Loc } | undefined {
  for (const method of methods) {
    if (method.primitive !== "tools") continue;
    const text = ev.host.text?.(method.loc.file);
    const at = text === undefined ? undefined : keyWritten(text, method.loc.span);
    if (at) return { method, loc: { file: method.loc.file, span: at } };
  }
  return undefined;
}

/** Where the key is written as a property name (a quoted string, then a colon), comments and other strings aside. */
function keyWritten(text: string, span: Span): Span | undefined {
  let found: Span | undefined;
  let candidate: Span | undefined;
  forEachToken(text, span, (kind, scanner) => {
    if (found) return;
    if (kind === SK.ColonToken && candidate) found = candidate;
    candidate = (kind === SK.StringLiteral || kind === SK.NoSubstitutionTemplateLiteral) && scanner.getTokenValue() === HEADER_KEY ? { start: scanner.getTokenStart(), end: scanner.getTokenEnd() } : undefined;
  });
  return found;
}
