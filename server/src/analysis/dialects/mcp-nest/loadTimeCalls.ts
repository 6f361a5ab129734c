// Whether a strategy's registerTool()/… written at a module's top level runs before any client can
// see the strategy. McpStrategy builds each connection's server, capabilities included, when that
// connection's first request arrives (createServer() in createBoundServer), and a request reaches the
// process as I/O, which Node handles only once the code running now has run to its end or to an
// `await`. A module's top level runs as the module is loaded, in one go up to its first top-level
// `await`: a call there, after the strategy exists and before any such `await`, has run before any
// request is read, whatever the module's top level has called before it (a `bootstrap()` that starts
// Nest gets no further than the first `await` of NestFactory). Only the modules the strategy is
// certainly in before it serves are asked: its own (where it is made) and the one that gives it to
// Nest (it holds the strategy from its first line). A call in a function, a callback, a branch, a
// loop or a `try`, or after a top-level `await`, may run after a client connected: not said here.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEventEntry, FlowUnit } from "../../core/model/summary";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";

/**
 * The call of `entry`, in `unit` of `file`, runs as the module loads, with the strategy already made:
 * at the top level, on every path, at or after `from` (where the strategy exists), with no top-level
 * `await` between `from` and it.
 */
export function runsAtLoad(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, from: number): boolean {
  if (unit.parent !== null || entry.conditional || entry.event.span.start < from) return false;
  const sf = parsedSource(ev, file);
  return sf !== undefined && !topLevelAwaitWithin(sf, from, entry.event.span.start);
}

/** A top-level `await` (an `await` expression, `for await`, `await using`) written between `from` and `to`, not in a function or class. */
function topLevelAwaitWithin(sf: ts.SourceFile, from: number, to: number): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || n.end <= from || n.getStart(sf) >= to || ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    const start = n.getStart(sf);
    const awaits = ts.isAwaitExpression(n)
      || (ts.isForOfStatement(n) && n.awaitModifier !== undefined)
      || (ts.isVariableDeclarationList(n) && (n.flags & ts.NodeFlags.AwaitUsing) === ts.NodeFlags.AwaitUsing);
    if (awaits && start >= from && start < to) {
      found = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(sf, visit);
  return found;
}
