// `startServer();`, `await startServer();`, `void startServer();`, `startServer().catch(onError);`: a
// call whose result nothing keeps. Whatever the function returns (a server it built and started) is
// then out of the program's reach: no code can add to it afterwards.
import type { Evaluator } from "./evaluator";
import type { Span } from "../model/summary";
import { ts } from "../typescript";
import { parsedSource } from "../summarize/parsedSource";
import { nodeAt } from "../summarize/nodeAt";

/** Methods of a promise whose callback gets the rejection (or nothing), never the value. */
const ERROR_ONLY = new Set(["catch", "finally"]);

/**
 * Whether the call written at `span` is a statement of its own, maybe awaited, `void`ed, parenthesised
 * or chained with `.catch(...)`/`.finally(...)` (whose promise is dropped in turn): its result is not used.
 */
export function resultDiscarded(ev: Evaluator, file: string, span: Span): boolean {
  const sf = parsedSource(ev, file);
  const call = sf ? nodeAt(sf, span, ts.isCallExpression) : undefined;
  if (!call) return false;
  let node: ts.Node = call;
  for (let hops = 0; hops < 16; hops++) {
    const parent: ts.Node | undefined = node.parent;
    if (!parent) return false;
    if (ts.isExpressionStatement(parent)) return true;
    if (ts.isParenthesizedExpression(parent) || ts.isAwaitExpression(parent) || ts.isVoidExpression(parent)) {
      node = parent;
      continue;
    }
    // `f().catch(handler)`: the call is the object of `.catch`, and the chained call's result is read in turn.
    const chained = parent.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === node && ERROR_ONLY.has(parent.name.text) && chained && ts.isCallExpression(chained) && chained.expression === parent) {
      node = chained;
      continue;
    }
    return false;
  }
  return false;
}
