// Where a server's class is named in its construction (`FastMCP` in `const server = new FastMCP({…})`):
// the server hover shows there as on the server's name, for every dialect whose server is made with
// `new` (the SDK keeps the span in its details; the frameworks read it back from the flow summary).
import type { EditorContext } from "./dialect";
import type { Span } from "./model/summary";
import type { ServerReport } from "./model/serverReport";

/** The class name of the `new` that made `server` (its name span is the server's location), when the offset is on it. */
export function constructorNameAt(ctx: EditorContext, server: ServerReport, offset: number): Span | undefined {
  if (ctx.file !== server.loc.file) return undefined;
  const text = ctx.text(ctx.file);
  if (text === undefined) return undefined;
  for (const unit of ctx.summary?.flow?.units ?? []) {
    for (const { event } of unit.events) {
      if (event.k !== "new" || event.nameSpan.start !== server.loc.span.start || offset < event.span.start || offset > event.span.end) continue;
      // `new X(` / `new ns.X(` at the start of the expression.
      const m = /^new\s+([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)/.exec(text.slice(event.span.start, event.span.end));
      if (!m) return undefined;
      const start = event.span.start + m[0].length - m[1]!.length;
      const span = { start, end: start + m[1]!.length };
      return offset >= span.start && offset <= span.end ? span : undefined;
    }
  }
  return undefined;
}
