// The line (from 1) a place is on, as the dialects' reasons name it ("line 12", "tools.ts:12").
import type { Evaluator } from "./evaluator";
import type { Loc } from "./values";
import { positionAt } from "../model/positions";

export function lineOf(ev: Evaluator, loc: Loc): number {
  return positionAt(ev.summary(loc.file)?.lineStarts ?? [0], loc.span.start).line + 1;
}
