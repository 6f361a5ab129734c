// A registration under a guard that also holds the server's connect(), after it in the same block:
// `if (isMain) { server.registerTool(…); await server.connect(t) }`. Whenever that connect() runs,
// the statement of the registration ran before it: when that connect() is the only way the server
// is served (the replay checks it once it has followed everything), the registration is no condition
// of what the server advertises. Nested guards are alike (`if (a) { reg; if (b) await connect }`);
// a registration under a guard of its own (`if (a) { if (c) reg; connect }`), an operand of `&&`,
// or in a loop, a try or a callback, is not.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEvent, FlowUnit, Span } from "../../core/model/summary";
import { nodeAt } from "../../core/summarize/nodeAt";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";

/**
 * The span of the connect() (an event of `unit` that `connectsServer` takes) held by a statement after
 * the one of the call at `unit.events[index]`, in the same block of the unit's own body, when that
 * statement is the call itself (awaited, parenthesised or `void` at most).
 */
export function connectAfterInBlock(ev: Evaluator, file: string, unit: FlowUnit, index: number, connectsServer: (e: FlowEvent) => boolean): Span | undefined {
  const later = unit.events.slice(index + 1).filter((x) => connectsServer(x.event));
  if (later.length === 0) return undefined;
  const sf = parsedSource(ev, file);
  const call = sf && nodeAt(sf, unit.events[index]!.event.span, ts.isCallExpression);
  if (!sf || !call) return undefined;
  let statement: ts.Node = call.parent;
  while (ts.isParenthesizedExpression(statement) || ts.isAwaitExpression(statement) || ts.isVoidExpression(statement)) statement = statement.parent;
  if (!ts.isExpressionStatement(statement)) return undefined;
  const block = statement.parent;
  if (!(ts.isBlock(block) || ts.isSourceFile(block)) || !inOwnBody(sf, block, unit)) return undefined;
  const after = block.statements.slice(block.statements.indexOf(statement) + 1);
  for (const { event } of later) {
    // A function declared there is hoisted: what it holds may run before the registration.
    const holder = after.find((s) => s.getStart(sf) <= event.span.start && event.span.end <= s.end);
    if (holder && !ts.isFunctionDeclaration(holder) && !ts.isClassDeclaration(holder)) return event.span;
  }
  return undefined;
}

/** `block` is the unit's body or reached from it through blocks and `if`s only (no loop, try, switch or nested function). */
function inOwnBody(sf: ts.SourceFile, block: ts.Node, unit: FlowUnit): boolean {
  for (let n: ts.Node = block; ; n = n.parent) {
    if (ts.isSourceFile(n)) return unit.kind === "module";
    if (ts.isFunctionLike(n)) return n.getStart(sf) === unit.span.start && n.end === unit.span.end;
    if (!ts.isBlock(n) && !ts.isIfStatement(n)) return false;
  }
}
