// What a caller of the server's factory does with the server beyond its own body: it may return it to
// its own callers, or keep it in a variable of an outer scope that other functions read. The replay
// follows the caller's body; these say when the server leaves it before it is connected (after that,
// nothing can add a capability: the SDK refuses `registerCapabilities` once connected).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEventEntry, FlowUnit, Span } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { nodeAt, outerReadsAreHarmless, parsedSource, runsAfter } from "./containerStores";

/** The first `return <name>` after `from` that no certain `connect()` of the same name precedes, if any. */
export function returnedBeforeConnect(unit: FlowUnit, from: number, name: string): FlowEventEntry | undefined {
  const connects: (readonly string[])[] = [];
  for (const entry of unit.events.slice(from)) {
    const { event } = entry;
    if (event.k === "call" && event.method === "connect" && event.receiver.length === 1 && event.receiver[0] === name && (!entry.conditional || entry.branches)) {
      connects.push(entry.branches ?? []);
    }
    if (event.k === "return" && event.source?.length === 1 && event.source[0] === name && !connects.some((c) => runsAfter(c, entry.branches ?? []))) return entry;
  }
  return undefined;
}

/**
 * For `name = createServer()` (an assignment, not a declaration): whether every read of `name` outside
 * the caller's own body is harmless. A `const` or a name the caller declares has no such reads.
 */
export function assignedNameStaysHere(ev: Evaluator, file: string, caller: FlowUnit, call: Span): boolean {
  const sf = parsedSource(ev, file);
  const node = sf ? nodeAt(sf, call) : undefined;
  if (!sf || !node) return false;
  let top: ts.Node = node;
  // An arm of `admin ? createAdminServer() : createPublicServer()` is what the expression gives when it runs.
  const wraps = (p: ts.Node, n: ts.Node) => ts.isAwaitExpression(p) || ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isNonNullExpression(p) || (ts.isConditionalExpression(p) && p.condition !== n);
  while (top.parent && wraps(top.parent, top)) top = top.parent;
  // `const server = createServer()`: a declaration, read only where it is visible (the replay follows it there).
  if (top.parent && ts.isVariableDeclaration(top.parent)) return true;
  const body = caller.kind === "module" ? sf : nodeAt(sf, caller.span);
  return body !== undefined && outerReadsAreHarmless(sf, top, body);
}

/**
 * Whether the factory hands the server out only once it is connected: every `return` of it in its own
 * body comes after a certain `connect()` of it in the same region. Its callers then cannot add a
 * capability (the SDK refuses `registerCapabilities` once connected).
 */
export function returnsOnlyConnected(unit: FlowUnit, from: number, target: readonly string[] | null): boolean {
  if (!target) return false;
  const name = target.join(".");
  const connects: (readonly string[])[] = [];
  let returns = 0;
  for (const entry of unit.events.slice(from)) {
    const { event } = entry;
    if (event.k === "call" && event.method === "connect" && event.receiver.join(".") === name && (!entry.conditional || entry.branches)) connects.push(entry.branches ?? []);
    if (event.k !== "return" || event.source?.join(".") !== name) continue;
    returns++;
    if (!connects.some((c) => runsAfter(c, entry.branches ?? []))) return false;
  }
  return returns > 0;
}
