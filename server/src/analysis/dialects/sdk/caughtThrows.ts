// A registration that throws (after connect()) inside `try { ... } catch { ... }` of its own function
// does not stop the program: the catch takes the error, the capability is not added, and the server
// goes on serving. Only a catch that neither throws again nor ends the process counts; anything else
// (a `finally` alone, a rethrow, `process.exit(1)` in the catch) leaves the throw as it was.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEventEntry } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";
import { ENDS_PROGRAM_TEXT } from "../../core/summarize/deadCode";
import { mayExitEarly } from "../../core/summarize/loopShapes";


/** Whether the event sits in the `try` block of a `try` whose `catch` keeps the program running. */
export function caughtAround(ev: Evaluator, file: string, entry: FlowEventEntry): boolean {
  const regions = entry.branches;
  if (!entry.conditional || !regions || regions.length === 0) return false;
  const sf = parsedSource(ev, file);
  if (!sf) return false;
  return regions.some((region) => {
    const m = /^(\d+):(\d+)$/.exec(region);
    if (!m) return false;
    const block = blockAt(sf, Number(m[1]), Number(m[2]));
    const parent = block?.parent;
    if (!block || !parent || !ts.isTryStatement(parent) || parent.tryBlock !== block) return false;
    // `finally { return s; }`: the finally's own exit replaces the throw.
    if (parent.finallyBlock && mayExitEarly(parent.finallyBlock)) return true;
    return parent.catchClause !== undefined && !ENDS_PROGRAM_TEXT.test(parent.catchClause.block.getText(sf));
  });
}

/** The block that spans exactly [start, end) (a region's node; the parse has parent pointers). */
function blockAt(sf: ts.SourceFile, start: number, end: number): ts.Block | undefined {
  let found: ts.Block | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.pos > start || n.end < end) return;
    if (ts.isBlock(n) && n.getStart(sf) === start && n.end === end) {
      found = n;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
