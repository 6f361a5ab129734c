// The hover, without LSP: on a server's name (or another place its dialect says names it, like a
// factory), the generic server hover; elsewhere, what the server's dialect has to say about the place
// (a handler, a registration), for the servers of this file and those declared elsewhere it feeds.
import type { ServerReport } from "../analysis/core/model/serverReport";
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
    const dialect = ctx.workspace.dialectOf(server);
    const named = within(server.loc.span, offset) ? server.loc.span : dialect?.editor?.namesServerAt?.(editorContext(ctx, server), server, offset);
    if (named) return { markdown: serverHover(ctx, dialect, server, dialect?.editor?.serverHover?.(editorContext(ctx, server), server)), span: named };
  }
  for (const server of candidates(ctx, offset)) {
    const part = ctx.workspace.dialectOf(server)?.editor?.hover?.(editorContext(ctx, server), server, offset);
    if (part) return { markdown: `${part.markdown}\n\n${previewFooter(ctx, server)}`, span: part.span };
  }
  return null;
}

/**
 * Whose dialect is asked, in order: the innermost server around the cursor (a factory inside a module
 * that builds another), the file's other servers (a module-level server's registrations follow its
 * declaration), then servers declared in other files that this file feeds.
 */
function candidates(ctx: FeatureContext, offset: number): ServerReport[] {
  const { servers } = ctx.analysis;
  const around = servers.filter((s) => within(s.span, offset)).sort((a, b) => a.span.end - a.span.start - (b.span.end - b.span.start));
  const others = servers.filter((s) => !around.includes(s));
  const fed: ServerReport[] = [];
  for (const { server } of ctx.workspace.contributionsIn(ctx.file)) if (!servers.includes(server) && !fed.includes(server)) fed.push(server);
  return [...around, ...others, ...fed];
}
