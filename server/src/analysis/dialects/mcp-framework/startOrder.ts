// Whether a start() written in a function that the server's own body calls has begun when a later
// addTool/addPrompt/addResource of that body runs. start() copies the classes added so far before its
// first await (`_doInitialize()`), then replaces its maps, so anything added after that is dropped.
// `async function main() { await server.start(); } main(); server.addTool(X);`: calling main() runs
// it up to its first await, start() included, before the next statement. Had main() awaited something
// first, start() would run only once the body that called it pauses or ends: after addTool().
import type { DialectRun } from "../../core/dialect";
import type { FlowUnit, Span } from "../../core/model/summary";
import { scriptKindOf } from "../../core/summarize/parseFile";
import { ts } from "../../core/typescript";
import type { CallEvent, ServerSite } from "./sites";
import { nodeAt } from "../../core/summarize/nodeAt";

export type StartOrder = { readonly k: "before"; readonly via: string; readonly caller: string } | { readonly k: "after" } | { readonly k: "unknown"; readonly reason: string };

interface Placed {
  readonly call: CallEvent;
  readonly conditional: boolean;
  readonly unit: FlowUnit;
}

/** Lazily parsed once per analysis of a server. */
export type Tree = () => ts.SourceFile | undefined;

export function treeOf(run: DialectRun, file: string): Tree {
  let sf: ts.SourceFile | undefined | null = null;
  return () => {
    if (sf === null) {
      const text = run.fileText(file);
      // With parent links: whether a call is awaited is read upwards.
      sf = text === undefined ? undefined : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
    }
    return sf;
  };
}

/** `start` runs in a unit nested in the site's body; `add` is a call of that body itself. */
export function startOrder(run: DialectRun, file: string, site: ServerSite, start: Placed, add: Placed, tree: Tree): StartOrder {
  const units = run.ev.summary(file)?.flow?.units ?? [];
  const fn = start.unit;
  const label = fn.kind === "closure" ? "the function expression" : `${fn.name}()`;
  if (fn.parent !== site.unit.id) return { k: "unknown", reason: `${start.call.method}() is called in ${label}, nested deeper than the analysis follows the order of` };
  const mentions = mentionsOf(units, fn);
  const outside = mentions.find((m) => m.unit !== site.unit.id);
  if (outside !== undefined) return { k: "unknown", reason: `${start.call.method}() is called in ${label}, which is also reached from ${units[outside.unit]?.name ?? "another function"}, at a time the analysis does not follow` };
  const first = mentions.filter((m) => m.span.start < add.call.span.start).sort((a, b) => a.span.start - b.span.start)[0];
  // Nothing can run the function before this call: it is added before start() begins.
  if (!first) return { k: "after" };
  if (!first.direct) return { k: "unknown", reason: `${start.call.method}() is called in ${label}, which is handed on before this call, so when it runs is not followed` };
  if (first.conditional || start.conditional) return { k: "unknown", reason: `${label} may or may not reach ${start.call.method}() before this call` };
  const sf = tree();
  const node = sf && nodeAt(sf, fn.span);
  if (!sf || !node || !ts.isFunctionLike(node) || !("body" in node) || !node.body) return { k: "unknown", reason: `${label} cannot be read to tell whether it reaches ${start.call.method}() before this call` };
  if ((node as ts.FunctionLikeDeclaration).asteriskToken) return { k: "unknown", reason: `${label} is a generator: calling it does not run it` };
  const ownBody = node.body;
  if (exitsBefore(ownBody, start.call.span.start)) return { k: "unknown", reason: `${label} may return or throw before it reaches ${start.call.method}()` };
  const at = lineOf(sf, first.span.start);
  const pausesAt = suspensions(ownBody)[0];
  // Run to start() in one go when called, or awaited there to its end.
  if (pausesAt === undefined || pausesAt > start.call.span.start) return { k: "before", via: `${label}, called on line ${at}, reaches ${start.call.method}() before it first awaits`, caller: label };
  if (awaited(sf, first.span)) return { k: "before", via: `${label}, awaited on line ${at}, calls ${start.call.method}()`, caller: label };
  // It pauses first: start() runs once this body pauses or ends, after the call unless it pauses in between.
  const site0 = site.unit.kind === "module" ? sf : nodeAt(sf, site.unit.span);
  if (!site0) return { k: "unknown", reason: `the body that builds the server cannot be read to order ${label} against this call` };
  const pause = suspensions(site0).find((p) => p > first.span.start && p <= add.call.span.start);
  return pause === undefined ? { k: "after" } : { k: "unknown", reason: `${label}, called on line ${at}, awaits before ${start.call.method}(), and the code between that call and this one awaits too, so which runs first is not known` };
}

interface Mention {
  readonly unit: number;
  readonly span: Span;
  /** Called right there (`main()`, an IIFE); otherwise handed on (`setTimeout(main)`, a callback). */
  readonly direct: boolean;
  readonly conditional: boolean;
}

function mentionsOf(units: readonly FlowUnit[], fn: FlowUnit): Mention[] {
  const out: Mention[] = [];
  const named = (p: readonly string[] | null | undefined) => fn.kind !== "closure" && p?.length === 1 && p[0] === fn.name;
  for (const u of units) {
    if (u.id === fn.id) continue;
    for (const { event, conditional } of u.events) {
      if (event.k === "invoke") {
        const callee = event.callee;
        const calls = (callee.k === "ref" && fn.kind !== "closure" && callee.name === fn.name) || (callee.k === "fn" && callee.span.start === fn.span.start && callee.span.end === fn.span.end);
        if (calls) out.push({ unit: u.id, span: event.span, direct: true, conditional });
        else if (event.args.some(named) || (fn.kind === "closure" && contains(event.span, fn.span))) out.push({ unit: u.id, span: event.span, direct: false, conditional });
      } else if (((event.k === "alias" || event.k === "escape" || event.k === "return") && named(event.source)) || (fn.kind === "closure" && event.k === "call" && contains(event.span, fn.span))) {
        out.push({ unit: u.id, span: event.span, direct: false, conditional });
      }
    }
  }
  // A callback written inline is created where its enclosing call is; not recorded as an event there, it is handed on at its own place.
  if (fn.kind === "closure" && !out.some((m) => m.unit === fn.parent)) out.push({ unit: fn.parent ?? -1, span: fn.span, direct: false, conditional: false });
  return out;
}

const contains = (outer: Span, inner: Span) => outer.start <= inner.start && inner.end <= outer.end;

/** Where a body gives control back, as offsets: after each `await`'s operand, at each `for await`, each `yield`. Nested functions are their own. */
function suspensions(body: ts.Node): number[] {
  const out: number[] = [];
  const visit = (n: ts.Node): void => {
    if (n !== body && (ts.isFunctionLike(n) || ts.isClassLike(n))) return;
    if (ts.isAwaitExpression(n)) out.push(n.expression.end);
    if (ts.isForOfStatement(n) && n.awaitModifier) out.push(n.getStart());
    if (ts.isYieldExpression(n)) out.push(n.getStart());
    ts.forEachChild(n, visit);
  };
  visit(body);
  return out.sort((a, b) => a - b);
}

/** A `return` or `throw` of the body itself before `offset`. */
function exitsBefore(body: ts.Node, offset: number): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || n.pos >= offset || (n !== body && (ts.isFunctionLike(n) || ts.isClassLike(n)))) return;
    if ((ts.isReturnStatement(n) || ts.isThrowStatement(n)) && n.end <= offset) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(body);
  return found;
}

/** `await main()`: the caller waits for the whole of it. */
function awaited(sf: ts.SourceFile, span: Span): boolean {
  const call = nodeAt(sf, span);
  let parent = call?.parent;
  while (parent && ts.isParenthesizedExpression(parent)) parent = parent.parent;
  return parent !== undefined && ts.isAwaitExpression(parent);
}

function lineOf(sf: ts.SourceFile, offset: number): number {
  return sf.getLineAndCharacterOfPosition(offset).line + 1;
}

/** The first start() in a nested function that certainly runs before the call, else the first that may; undefined when none can. */
export function nestedStart<T extends { unit: { id: number } }>(startCalls: readonly T[], order: (s: T) => StartOrder): (StartOrder & { start: T }) | undefined {
  let open: (StartOrder & { start: T }) | undefined;
  for (const s of startCalls) {
    const o = order(s);
    if (o.k === "before") return { ...o, start: s };
    if (o.k === "unknown") open ??= { ...o, start: s };
  }
  return open;
}
