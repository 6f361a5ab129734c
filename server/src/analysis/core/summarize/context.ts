import { ts } from "../typescript";
import type { ClassSummary, ImportBinding, Span } from "../model/summary";
import { compactText } from "../model/text";

/** What the summariser of one file threads through its helpers. */
export interface SummaryContext {
  readonly sf: ts.SourceFile;
  readonly text: string;
  readonly ambientFile: boolean;
  /** Every class of the file, top level or nested in a function, in discovery order. */
  readonly classes: ClassSummary[];
  /** Local type aliases that denote function types (`type Handler = (ctx) => void`). */
  readonly functionTypeAliases: Set<string>;
  /** The file's imports, read before anything else. */
  readonly imports: ReadonlyMap<string, ImportBinding>;
  /** Top-level `const NAME = "text"` bindings, for computed member names. */
  readonly stringConsts: ReadonlyMap<string, string>;
}

/** Deepest expression nesting summarised before the rest is kept as dynamic text. */
export const MAX_DEPTH = 200;

export function spanOf(ctx: SummaryContext, node: ts.Node): Span {
  return { start: startOf(ctx.sf, node), end: node.end };
}

export function textOf(ctx: SummaryContext, node: ts.Node): string {
  return compactText(ctx.text, startOf(ctx.sf, node), node.end);
}

/** `textOf` the node a span was taken of (its start is not looked for again). */
export function spanText(ctx: SummaryContext, span: Span): string {
  return compactText(ctx.text, span.start, span.end);
}

/**
 * Where a node's first token starts: `node.getStart(sf)`, which skips the trivia before the node.
 * Most nodes start at their full start or after blanks only, which are skipped here without the
 * compiler's general scan (asked for every span the summaries record); anything else (a comment, a
 * merge-conflict marker, a shebang, a JSDoc star, a blank outside ASCII, an empty missing node) is
 * left to `getStart`, which knows them.
 */
export function startOf(sf: ts.SourceFile, node: ts.Node): number {
  if (node.pos === node.end) return node.getStart(sf);
  const text = sf.text;
  let pos = node.pos;
  for (;;) {
    const ch = text.charCodeAt(pos);
    // Space, line feed, tab, carriage return, vertical tab, form feed.
    if (ch === 32 || ch === 10 || ch === 9 || ch === 13 || ch === 11 || ch === 12) {
      pos++;
      continue;
    }
    // Printable ASCII that starts no trivia: `/` a comment, `<|=>` a conflict marker, `#` a shebang, `*` a JSDoc line.
    if (ch > 32 && ch < 127 && ch !== 47 && ch !== 60 && ch !== 124 && ch !== 61 && ch !== 62 && ch !== 35 && ch !== 42) return pos;
    return node.getStart(sf);
  }
}


/** Whether a declaration carries a modifier; reads the node's own list (no array is built per call). */
export function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  const modifiers = (node as { modifiers?: ts.NodeArray<ts.ModifierLike> }).modifiers;
  if (!modifiers) return false;
  for (let i = 0; i < modifiers.length; i++) if (modifiers[i]!.kind === kind) return true;
  return false;
}

/** The text of a property name when it is known from the syntax alone. */
export function staticPropertyName(name: ts.PropertyName | ts.BindingName | undefined, ctx?: SummaryContext): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isComputedPropertyName(name)) {
    const e = name.expression;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e)) return e.text;
    // `[SUB]()` after `const SUB = "handleSubscribeResource"` in the same file.
    if (ts.isIdentifier(e)) return ctx?.stringConsts.get(e.text);
  }
  return undefined;
}

/** Whether a JSDoc block directly before the node carries `tag` (e.g. `@mcpServer`). */
export function leadingJsDocHasTag(ctx: SummaryContext, node: ts.Node, tag: string): boolean {
  const ranges = ts.getLeadingCommentRanges(ctx.text, node.pos);
  if (!ranges) return false;
  const pattern = new RegExp(`@${tag}\\b`);
  return ranges.some((r) => ctx.text.startsWith("/**", r.pos) && pattern.test(ctx.text.slice(r.pos, r.end)));
}
