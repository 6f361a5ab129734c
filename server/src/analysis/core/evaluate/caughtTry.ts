// A throw inside `try { ... } catch { ... }` does not stop the program when the catch keeps it going:
// the catch takes the error. Only a catch that neither throws again nor ends the process counts;
// anything else (a `finally` alone, a rethrow, `process.exit(1)` in the catch) leaves the throw as it was.
import type { Evaluator } from "./evaluator";
import type { FlowEventEntry } from "../model/summary";
import { ts } from "../typescript";
import { parsedSource } from "../summarize/parsedSource";
import { nodeAt } from "../summarize/nodeAt";
import { ENDS_PROGRAM_TEXT } from "../summarize/deadCode";
import { mayExitEarly } from "../summarize/loopShapes";
import { perParse } from "../summarize/perParse";

/** The innermost `try` around the event whose `catch` (or `finally`) keeps the program running. */
export function catchingTry(ev: Evaluator, file: string, entry: FlowEventEntry): { readonly sf: ts.SourceFile; readonly statement: ts.TryStatement } | undefined {
  const regions = entry.branches;
  if (!entry.conditional || !regions || regions.length === 0) return undefined;
  const sf = parsedSource(ev, file);
  if (!sf) return undefined;
  for (const region of [...regions].reverse()) {
    const m = /^(\d+):(\d+)$/.exec(region);
    if (!m) continue;
    const block = blockAt(sf, Number(m[1]), Number(m[2]));
    const parent = block?.parent;
    if (!block || !parent || !ts.isTryStatement(parent) || parent.tryBlock !== block) continue;
    // `finally { return s; }`: the finally's own exit replaces the throw.
    if (parent.finallyBlock && mayExitEarly(parent.finallyBlock)) return { sf, statement: parent };
    if (parent.catchClause !== undefined && !ENDS_PROGRAM_TEXT.test(parent.catchClause.block.getText(sf))) return { sf, statement: parent };
  }
  return undefined;
}

/** Whether the event sits in the `try` block of a `try` whose `catch` keeps the program running. */
export function caughtAround(ev: Evaluator, file: string, entry: FlowEventEntry): boolean {
  return catchingTry(ev, file, entry) !== undefined;
}

/** The block spanning exactly [start, end); kept per parse: every event of a `try` block (of every server) asks again. */
const blockAt = (sf: ts.SourceFile, start: number, end: number): ts.Block | undefined => blockByKey(sf, `${start}:${end}`);
const blockByKey = perParse((sf, key) => {
  const [start, end] = key.split(":").map(Number) as [number, number];
  return nodeAt(sf, { start, end }, ts.isBlock) as ts.Block | undefined;
});

/**
 * Whether the event is conditional only because it is written in `try` blocks (of its own function):
 * it runs unless something before it there throws, and what follows it in those blocks runs after it.
 */
export function onlyInTryBlocks(ev: Evaluator, file: string, entry: FlowEventEntry): boolean {
  const regions = entry.branches;
  if (!entry.conditional || !regions || regions.length === 0) return false;
  const sf = parsedSource(ev, file);
  if (!sf) return false;
  return regions.every((region) => {
    const m = /^(\d+):(\d+)$/.exec(region);
    const block = m ? blockAt(sf, Number(m[1]), Number(m[2])) : undefined;
    return block !== undefined && block.parent !== undefined && ts.isTryStatement(block.parent) && block.parent.tryBlock === block;
  });
}
