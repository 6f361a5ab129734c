// `@PublicMcp()` with `export const PublicMcp = () => McpController({ server: "public" })`: a class
// decorator of the workspace that is a function taking nothing, declaring nothing and returning a call
// of MCP-Nest's McpController is that call, so the class is tagged with the server its options name.
// `@PublicMcp` with `const PublicMcp = McpController({...})` likewise. Anything else (parameters the
// options may read, a body that does more) is left to the caller, which keeps the server name open.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { DecoratorSummary, ValueExpr } from "../../core/model/summary";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";
import { originOf } from "./decoratorOrigin";
import { nodeAt } from "../../core/summarize/nodeAt";
import { mcpNestExport } from "./reexports";

/** The McpController call a class decorator comes down to: its options argument and the file it is written in. */
export function wrappedController(ev: Evaluator, file: string, d: DecoratorSummary): { options: ValueExpr | undefined; file: string } | undefined {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, d.span, ts.isDecorator) : undefined;
  if (!node || !ts.isDecorator(node)) return undefined;
  const called = ts.isCallExpression(node.expression);
  const callee = ts.isCallExpression(node.expression) ? node.expression.expression : node.expression;
  if (!ts.isIdentifier(callee)) return undefined;
  const origin = originOf(ev, { k: "ref", name: callee.text, span: d.span }, ev.fileScope(file));
  let call: ValueExpr | undefined;
  if (called && origin.k === "fn") {
    const { params, rest, wraps, locals, result } = origin.fn;
    if (params.length === 0 && !rest && !wraps && locals.size === 0) call = result ?? undefined;
  } else if (!called && origin.k === "expr") call = origin.expr;
  // Read at a file's top level, where the call's arguments are read too.
  if (call?.k !== "call" || !("scope" in origin) || origin.scope.vars !== null) return undefined;
  const at = origin.scope.file;
  const exported =
    call.callee.k === "ref" ? mcpNestExport(ev, at, call.callee.name)
    : call.callee.k === "get" && call.callee.object.k === "ref" && call.callee.key.k === "static" ? mcpNestExport(ev, at, call.callee.object.name, call.callee.key.name)
    : undefined;
  return exported === "McpController" ? { options: call.args[0], file: at } : undefined;
}
