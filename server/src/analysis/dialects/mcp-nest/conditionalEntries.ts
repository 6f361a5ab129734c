// `controllers: [SearchController, ...(process.env.EXPERIMENTAL === "1" ? [ExperimentalController] : [])]`:
// an entry of @Module that spreads one of two array literals of classes. The summaries keep such an
// entry only as text, so it is read from the syntax: a class in both branches is listed for sure, one
// in a single branch only when its condition holds, which makes what its methods add unknown rather
// than everything. Any other shape is left to the caller (the module stays open).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc } from "../../core/evaluate/values";
import { compactText } from "../../core/model/text";
import { ts } from "../../core/typescript";
import { parsedSource } from "../../core/summarize/parsedSource";
import { nodeAt } from "../../core/summarize/nodeAt";

export interface Listed {
  readonly cls: ClassRef;
  readonly loc: Loc;
}

export interface ConditionalEntry {
  /** Listed whichever branch is taken. */
  readonly sure: readonly Listed[];
  /** Listed by one branch only. */
  readonly maybe: readonly Listed[];
  /** The condition, as written. */
  readonly when: string;
}

/** The classes of the spread of a conditional written at `at`; undefined when it is not that shape. */
export function conditionalEntry(ev: Evaluator, at: Loc): ConditionalEntry | undefined {
  const sf = parsedSource(ev, at.file);
  const spread = sf ? nodeAt(sf, at.span, ts.isSpreadElement) : undefined;
  const cond = spread && ts.isSpreadElement(spread) ? unwrap(spread.expression) : undefined;
  if (!sf || !cond || !ts.isConditionalExpression(cond)) return undefined;
  const yes = branch(ev, sf, at.file, cond.whenTrue);
  const no = branch(ev, sf, at.file, cond.whenFalse);
  if (!yes || !no) return undefined;
  const inBoth = (l: Listed, other: readonly Listed[]) => other.some((o) => o.cls.key === l.cls.key);
  return {
    sure: yes.filter((l) => inBoth(l, no)),
    maybe: [...yes.filter((l) => !inBoth(l, no)), ...no.filter((l) => !inBoth(l, yes))],
    when: compactText(sf.text, cond.condition.getStart(sf), cond.condition.end),
  };
}

/** An array literal of names of classes known statically; undefined for anything else. */
function branch(ev: Evaluator, sf: ts.SourceFile, file: string, e: ts.Expression): Listed[] | undefined {
  const arr = unwrap(e);
  if (!ts.isArrayLiteralExpression(arr)) return undefined;
  const out: Listed[] = [];
  for (const item of arr.elements) {
    if (!ts.isIdentifier(item)) return undefined;
    const span = { start: item.getStart(sf), end: item.end };
    const v = ev.evaluate({ k: "ref", name: item.text, span }, ev.fileScope(file), { calls: false });
    if (v.t !== "class") return undefined;
    out.push({ cls: v.cls, loc: { file, span } });
  }
  return out;
}

function unwrap(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  return e;
}
