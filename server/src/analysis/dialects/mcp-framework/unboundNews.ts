// `new AppServer().start()`: the flow summary keeps a construction of a class it does not know as a
// server only when the result is bound to a name, so an unbound one of a workspace subclass of
// MCPServer is found here, in the file's text, and made into the same event (with no name). The file
// is parsed only when its text constructs such a class more often than the summary recorded; the
// parse is kept per summary (a changed text is a new summary).
import type { FileSummary, FlowEvent } from "../../core/model/summary";
import { parseFile } from "../../core/summarize/parseFile";
import { spanOf, type SummaryContext } from "../../core/summarize/context";
import { toValueExpr } from "../../core/summarize/valueExpr";
import { ts } from "../../core/typescript";

type NewEvent = Extract<FlowEvent, { k: "new" }>;

const parsed = new WeakMap<FileSummary, readonly NewEvent[]>();

/** Constructions of classes `isServer` accepts (as written: `AppServer`, `ns.AppServer`) the summary did not record. */
export function unboundNews(summary: FileSummary, rawText: string | undefined, isServer: (ctor: string) => boolean): readonly NewEvent[] {
  const text = rawText?.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  if (text === undefined || text.length !== summary.textLength) return [];
  const recorded = new Map<string, number>();
  const spans = new Set<number>();
  for (const u of summary.flow?.units ?? []) {
    for (const { event } of u.events) {
      if (event.k !== "new") continue;
      recorded.set(event.ctor, (recorded.get(event.ctor) ?? 0) + 1);
      spans.add(event.span.start);
    }
  }
  // One look at the text: the classes constructed more often than the summary recorded.
  const written = new Map<string, number>();
  for (const m of text.matchAll(/\bnew\s+([\w$]+(?:\s*\.\s*[\w$]+)?)/g)) {
    const ctor = m[1]!.replace(/\s+/g, "");
    written.set(ctor, (written.get(ctor) ?? 0) + 1);
  }
  const wanted = new Set([...written].filter(([ctor, n]) => n > (recorded.get(ctor) ?? 0) && isServer(ctor)).map(([ctor]) => ctor));
  if (wanted.size === 0) return [];
  let all = parsed.get(summary);
  if (!all) {
    all = newsIn(summary, text);
    parsed.set(summary, all);
  }
  return all.filter((e) => wanted.has(e.ctor) && !spans.has(e.span.start));
}

/** Every `new X(...)` and `new ns.X(...)` of the file, as flow events without a name. */
function newsIn(summary: FileSummary, text: string): NewEvent[] {
  const sf = parseFile(summary.fileName, text);
  const ctx: SummaryContext = { sf, text, ambientFile: false, classes: [], functionTypeAliases: new Set(), imports: summary.imports, stringConsts: new Map() };
  const out: NewEvent[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node)) {
      const c = node.expression;
      const ctor = ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) ? `${c.expression.text}.${c.name.text}` : undefined;
      if (ctor) out.push({ k: "new", ctor, target: null, args: (node.arguments ?? []).map((a) => toValueExpr(ctx, a)), span: spanOf(ctx, node), nameSpan: spanOf(ctx, c) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
