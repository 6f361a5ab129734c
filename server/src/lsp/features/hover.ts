import type { Connection, Disposable } from "vscode-languageserver";
import { MarkupKind, type Hover } from "vscode-languageserver-protocol";
import { isHandlerName } from "../../analysis/dialects/conduit/handlers";
import type { ServerReport } from "../../analysis/core/model/serverReport";
import type { ClassSummary, Span } from "../../analysis/core/model/summary";
import { diagnosticsOf } from "../../analysis/core/model/ofServer";
import { guard } from "../guard";
import { capabilitiesHover, handlerHover, notAHandlerHover, serverHover, type HoverContext } from "../render/hoverMarkdown";
import type { AnalyzedDocument, LanguageSession } from "../session";

const within = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

/** Hover on a server class name, on one of its handlers (or look-alikes), or on `__capabilities__`. */
export function registerHover(connection: Connection, session: LanguageSession): Disposable {
  return connection.onHover(
    guard(connection, "hover", null, async (params, token): Promise<Hover | null> => {
      const analyzed = await session.analyze(params.textDocument.uri, token);
      if (!analyzed?.document) return null;
      return hoverAt(session, analyzed, analyzed.document.offsetAt(params.position));
    }),
  );
}

export function hoverAt(session: LanguageSession, analyzed: AnalyzedDocument, offset: number): Hover | null {
  const ctx: HoverContext = { location: (l) => session.location(l), uri: analyzed.uri };
  const markdown = (value: string, span: Span): Hover => ({
    contents: { kind: MarkupKind.Markdown, value },
    range: session.range({ file: analyzed.path, span }),
  });
  const { servers, diagnostics } = analyzed.analysis;
  for (const server of servers) {
    if (within(server.loc.span, offset)) return markdown(serverHover(ctx, server), server.loc.span);
  }
  const server = servers.find((s) => within(s.classSpan, offset));
  if (!server) return null;
  const cls = classOf(analyzed, server);
  const member = cls?.members.find((m) => within(m.nameSpan, offset));
  if (!member) return null;
  const mine = diagnosticsOf(server, diagnostics);
  if (member.name === "__capabilities__") return markdown(capabilitiesHover(ctx, server, mine, member.isStatic), member.nameSpan);
  const atMember = mine.filter((d) => d.loc.file === analyzed.path && d.loc.span.start === member.nameSpan.start);
  const misspelled = atMember.find((d) => d.code === "handler-misspelled");
  if (misspelled) return markdown(notAHandlerHover(ctx, server, misspelled), member.nameSpan);
  if (member.isStatic || !isHandlerName(member.name)) {
    const staticHandler = atMember.find((d) => d.code === "handler-static");
    return staticHandler ? markdown(notAHandlerHover(ctx, server, staticHandler), member.nameSpan) : null;
  }
  const present = server.handlers.find((h) => h.handler === member.name);
  const inherited = present && present.via !== "own" ? present.className : undefined;
  return markdown(handlerHover(ctx, server, member.name, inherited), member.nameSpan);
}

function classOf(analyzed: AnalyzedDocument, server: ServerReport): ClassSummary | undefined {
  return analyzed.workspace.files.summary(analyzed.path)?.classes.find((c) => c.nameSpan.start === server.loc.span.start);
}
