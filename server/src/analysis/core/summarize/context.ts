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
  return { start: node.getStart(ctx.sf), end: node.end };
}

export function textOf(ctx: SummaryContext, node: ts.Node): string {
  return compactText(ctx.text, node.getStart(ctx.sf), node.end);
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
