import { HANDLERS, type HandlerName } from "./handlers";
import type { ConduitDetails } from "./details";
import type { FixData } from "../../core/model/diagnostics";

/** A minimal valid result per request, so a stub compiles and answers something sensible. */
const STUB_RESULT: Record<HandlerName, string> = {
  handleListTools: "{ tools: [] }",
  handleCallTool: "{ content: [] }",
  handleListResources: "{ resources: [] }",
  handleListResourceTemplates: "{ resourceTemplates: [] }",
  handleReadResource: "{ contents: [] }",
  handleSubscribeResource: "{}",
  handleUnsubscribeResource: "{}",
  handleListPrompts: "{ prompts: [] }",
  handleGetPrompt: "{ messages: [] }",
  handleComplete: "{ completion: { values: [] } }",
  handleSetLogLevel: "{}",
};

export function stubSignature(handler: HandlerName): string {
  return `${handler}(${HANDLERS.get(handler)!.stubParams.join(", ")})`;
}

/**
 * Inserts a handler with the parameters the runtime passes before the class's closing brace, indented
 * like the class's members.
 */
export function handlerStubFix(details: Pick<ConduitDetails, "stubInsert">, handler: HandlerName, fileText: string | undefined): FixData {
  const info = HANDLERS.get(handler)!;
  const indent = details.stubInsert.indent || "  ";
  const at = details.stubInsert.loc.span.start;
  const params = info.stubParams.map((p) => `${p}: unknown`).join(", ");
  const body = [
    `${indent}async ${handler}(${params}) {`,
    `${indent}  // TODO: serve ${info.request}`,
    `${indent}  return ${STUB_RESULT[handler]};`,
    `${indent}}`,
  ].join("\n");
  const lineStart = fileText ? fileText.lastIndexOf("\n", at - 1) + 1 : at;
  const beforeBrace = fileText ? fileText.slice(lineStart, at) : "x";
  const closingOnOwnLine = /^[ \t]*$/.test(beforeBrace);
  const loc = { file: details.stubInsert.loc.file, span: { start: closingOnOwnLine ? lineStart : at, end: closingOnOwnLine ? lineStart : at } };
  const newText = closingOnOwnLine ? `\n${body}\n` : `\n${body}\n${beforeBrace.match(/^[ \t]*/)?.[0] ?? ""}`;
  return { title: `Add handler stub: ${stubSignature(handler)}`, edits: [{ loc, newText }] };
}
