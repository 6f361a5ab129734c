// Whether the rejection of a start-up call surely ends the program, followed out from the call that
// rejects through the calls that ran its function: each hop either passes the rejection to its caller
// (`await` of it as a statement of an async function, `return` of it), ends the program (made as a
// statement with nothing handling it: Node stops on an unhandled rejection; awaited at a module's top
// level: the module's evaluation fails), or does something the analysis does not read (kept, handed to
// `Promise.all`, given a handler, in a `try`). Only a path of passes ending in an end is certain.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import { processHandlers } from "./rejectionFates";

type Hop = "ends" | "passes" | "unknown";

/**
 * Whether a rejection of the call at `call` (its whole expression) ends the program for certain,
 * `through` being the calls that ran its function (outermost first). A process listener for
 * unhandled rejections or uncaught exceptions in one of `listenerFiles` may take it: not certain.
 */
export function rejectionEndsProgram(ev: Evaluator, call: Loc, through: readonly Loc[], listenerFiles: readonly string[]): boolean {
  const files = new Set([call.file, ...through.map((l) => l.file), ...listenerFiles]);
  for (const f of files) {
    const listens = processHandlers(ev, f);
    if (listens.rejections || listens.exceptions) return false;
  }
  for (const at of [call, ...[...through].reverse()]) {
    const hop = hopAt(ev, at);
    if (hop !== "passes") return hop === "ends";
  }
  // The outermost function's own caller is not known.
  return false;
}

/** What a rejection of the call written at `at` does there. */
function hopAt(ev: Evaluator, at: Loc): Hop {
  const sf = parsedSource(ev, at.file);
  const node = sf ? nodeAt(sf, at.span) : undefined;
  if (!node || !ts.isCallExpression(node)) return "unknown";
  let top: ts.Node = node;
  let awaited = false;
  for (;;) {
    const p = top.parent;
    if (!p) return "unknown";
    if (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isNonNullExpression(p) || ts.isSatisfiesExpression(p)) top = p;
    else if (ts.isAwaitExpression(p) && !awaited) {
      awaited = true;
      top = p;
    } else break;
  }
  if (inTryBlock(top)) return "unknown";
  const parent = top.parent!;
  const fn = enclosingFunction(parent);
  if (ts.isExpressionStatement(parent)) return !awaited ? "ends" : fn === undefined ? "ends" : "passes";
  if (!awaited && ts.isVoidExpression(parent) && ts.isExpressionStatement(parent.parent)) return "ends";
  // The function's promise is the call's: a rejection reaches whoever called the function.
  if (fn !== undefined && (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === top))) return "passes";
  return "unknown";
}

/** A `try` block around the node, within its function (a catch or a finally may take the rejection). */
function inTryBlock(node: ts.Node): boolean {
  for (let n: ts.Node = node; n.parent && !ts.isFunctionLike(n); n = n.parent) {
    if (ts.isTryStatement(n.parent) && n.parent.tryBlock === n) return true;
  }
  return false;
}

function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | undefined {
  for (let n: ts.Node | undefined = node; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
  return undefined;
}
