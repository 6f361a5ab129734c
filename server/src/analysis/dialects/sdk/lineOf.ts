// The line (from 1) a place is on, as the SDK dialect's reasons name it.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import { positionAt } from "../../core/model/positions";

export function lineOf(ev: Evaluator, loc: Loc): number {
  return positionAt(ev.summary(loc.file)?.lineStarts ?? [0], loc.span.start).line + 1;
}
