// The hover, without LSP: on a server's name, the generic server hover; elsewhere inside a server, what
// its dialect has to say about the place (a handler, a registration).
import type { Span } from "../analysis/core/model/summary";
import { editorContext, type FeatureContext } from "./context";
import { previewFooter, serverHover } from "./render/hoverMarkdown";

export interface HoverResult {
  readonly markdown: string;
  readonly span: Span;
}

const within = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

export function hoverAt(ctx: FeatureContext, offset: number): HoverResult | null {
  const { servers } = ctx.analysis;
  for (const server of servers) {
    if (within(server.loc.span, offset)) return { markdown: serverHover(ctx, ctx.workspace.dialectOf(server), server), span: server.loc.span };
  }
  // The innermost server around the cursor first (a factory inside a module that builds another),
  // then the file's other servers: a module-level server's span is its construction, and the calls
  // that shape it (`server.registerTool(...)` on the next lines) lie outside it. Each dialect's hover
  // answers only for places its own report recorded.
  const around = servers.filter((s) => within(s.span, offset)).sort((a, b) => a.span.end - a.span.start - (b.span.end - b.span.start));
  for (const server of [...around, ...servers.filter((s) => !around.includes(s))]) {
    const part = ctx.workspace.dialectOf(server)?.editor?.hover?.(editorContext(ctx, server), server, offset);
    if (part) return { markdown: `${part.markdown}\n\n${previewFooter(ctx, server)}`, span: part.span };
  }
  return null;
}
