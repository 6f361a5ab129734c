// SDK v2's serving entry points take a server factory and own everything after it: they call it for
// each connection (or HTTP request) with a context, connect the server it returns, and answer the
// eras they serve. A factory handed to one by reference (`serveStdio(buildServer)`, the documented
// form) is therefore served by it, and nothing else is done with its server.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc, Value } from "../../core/evaluate/values";
import type { FileSummary, FlowEvent, FlowUnit, Span, ValueExpr } from "../../core/model/summary";
import { sdkNameOf } from "./findSdkServers";
import { SDK_EVAL } from "./sdkEval";
import { mentions } from "../../core/classes/superArguments";

/**
 * The entry points that take a factory as their first argument and decide the eras they answer;
 * `legacyStatelessFallback(factory)` answers 2025 clients (initialize) only.
 */
const ENTRIES = new Set(["serveStdio", "createMcpHandler", "legacyStatelessFallback"]);

/** A factory served by an entry point: which one, where, and the eras it answers. */
export interface EntryServe {
  readonly via: string;
  readonly legacy: boolean;
  readonly modern: boolean;
  /** The options say whether initialize is answered, but not statically. */
  readonly legacyUnknown?: true;
  readonly loc: Loc;
  /** Where the factory's name is written in the call (a use this explains). */
  readonly nameSpan: Span;
  /**
   * `serveStdio(() => buildServer({ readonly: true }))`: what the arrow passes the factory, when it reads
   * nothing of the arrow's own (its context parameter, its locals): the same on every call, so it is
   * what the factory's parameters hold, as for a direct call in the file the arrow is written in.
   */
  readonly args?: readonly ValueExpr[];
  /** The unit the entry point's call is written in (the scope of `args`), set by who found it. */
  readonly unit?: FlowUnit;
}

/**
 * `serveStdio(name)` / `createMcpHandler(name, options)`: the entry point serving `name`, if the event is
 * one. With `member`, `name` is a class and its static factory is what is served: `() => C.create()`,
 * or `C.create` when the method runs the same without a `this` (the entry point calls it with none).
 */
export function entryServing(ev: Evaluator, file: string, summary: FileSummary, event: FlowEvent, names: ReadonlySet<string>, member?: { readonly name: string; readonly byReference: boolean }): EntryServe | undefined {
  if (event.k !== "invoke") return undefined;
  const factory = event.argExprs[0];
  const named = member ? staticMemberServed(factory, member) : factory?.k === "ref" ? factory : factory?.k === "fn" ? wrappedFactory(factory.fn.result) : undefined;
  if (!named || !names.has(named.name)) return undefined;
  const via = sdkNameOf(summary, event.callee, ev);
  if (!via || !ENTRIES.has(via)) return undefined;
  const inner = factory?.k === "fn" && factory.fn.result?.k === "call" ? factory.fn.result : undefined;
  const own = factory?.k === "fn" ? new Set<string>(["this", "arguments", ...factory.fn.params.filter(Boolean), ...factory.fn.locals.keys()]) : undefined;
  const args = inner && own && !inner.args.some((a) => mentions(a, own)) ? { args: inner.args } : {};
  return { via, ...servedEras(ev, file, via, event.argExprs), loc: { file, span: event.span }, nameSpan: named.span, ...args };
}

/** The eras the entry point `via` answers, called with `args`. */
function servedEras(ev: Evaluator, file: string, via: string, args: readonly ValueExpr[]): { legacy: boolean; modern: boolean; legacyUnknown?: true } {
  if (via === "legacyStatelessFallback") return { legacy: true, modern: false };
  return entryEras(args[1] ? ev.evaluate(args[1], ev.fileScope(file), SDK_EVAL) : undefined);
}

/** The class named in `C.create` (by reference, when allowed) or `() => C.create(...)`, for the static factory `member`. */
function staticMemberServed(factory: ValueExpr | undefined, member: { readonly name: string; readonly byReference: boolean }): Extract<ValueExpr, { k: "ref" }> | undefined {
  const onClass = (e: ValueExpr | null | undefined) => (e?.k === "get" && e.key.k === "static" && e.key.name === member.name && e.object.k === "ref" ? e.object : undefined);
  if (factory?.k === "get") return member.byReference ? onClass(factory) : undefined;
  const result = factory?.k === "fn" ? factory.fn.result : undefined;
  return result?.k === "call" ? onClass(result.callee) : undefined;
}

/** `() => buildServer(options)`: an arrow that only returns what the factory makes (called with any arguments). */
function wrappedFactory(result: ValueExpr | null | undefined): Extract<ValueExpr, { k: "ref" }> | undefined {
  return result?.k === "call" && result.callee.k === "ref" ? result.callee : undefined;
}

/**
 * The eras an entry point answers, from its options: both, unless `legacy: "reject"` (then only
 * server/discover). Options not known statically leave initialize in doubt.
 */
export function entryEras(options: Value | undefined): { legacy: boolean; modern: boolean; legacyUnknown?: true } {
  const legacyOption = options?.t === "obj" ? options.entries.get("legacy")?.value : options?.t === "dyn" ? options : undefined;
  const rejects = legacyOption?.t === "prim" && legacyOption.value === "reject";
  return { legacy: !rejects, modern: true, ...(legacyOption && legacyOption.t !== "prim" ? { legacyUnknown: true as const } : {}) };
}

/**
 * `serveStdio(() => server)` at the top level of a module that imports the server: the entry point
 * calls the factory only once a client connects, after the module's top-level code ran, so what that
 * code does to the server before the call is certain. Only when nothing after the call touches the
 * server (what follows could run before or after a client connects).
 */
export function servedAtTopLevel(ev: Evaluator, file: string, summary: FileSummary, unit: FlowUnit, local: string): EntryServe | undefined {
  if (unit.kind !== "module") return undefined;
  const units = summary.flow?.units ?? [];
  const at = unit.events.findIndex(({ event, conditional }) => !conditional && event.k === "invoke" && returnsOnly(units, event.argExprs[0], local) && ENTRIES.has(sdkNameOf(summary, event.callee, ev) ?? ""));
  if (at < 0) return undefined;
  if (unit.events.slice(at + 1).some(({ event }) => touches(event, local))) return undefined;
  const event = unit.events[at]!.event as Extract<FlowEvent, { k: "invoke" }>;
  const via = sdkNameOf(summary, event.callee, ev)!;
  return { via, ...servedEras(ev, file, via, event.argExprs), loc: { file, span: event.span }, nameSpan: event.argExprs[0]!.span };
}

/** Whether the module's top level serves `local` with an SDK entry point (`serveStdio(() => server)`). */
export function servesAtModuleTop(ev: Evaluator, file: string, local: string): boolean {
  const summary = ev.summary(file);
  const module = summary?.flow?.units.find((u) => u.kind === "module");
  return summary !== undefined && module !== undefined && servedAtTopLevel(ev, file, summary, module, local) !== undefined;
}

/** `() => server`: an arrow whose every return hands out `local` itself, and that does nothing else. */
function returnsOnly(units: readonly FlowUnit[], factory: ValueExpr | undefined, local: string): boolean {
  if (factory?.k !== "fn") return false;
  const fn = units.find((u) => u.kind === "closure" && u.span.start === factory.span.start);
  if (!fn || fn.params.includes(local) || fn.events.length === 0) return false;
  return fn.events.every(({ event }) => event.k === "return" && event.source?.length === 1 && event.source[0] === local);
}

/** Whether an event uses the name (calls on it, hands it on, aliases or stores it, returns it). */
function touches(event: FlowEvent, local: string): boolean {
  switch (event.k) {
    case "call":
      return event.receiver[0] === local;
    case "invoke":
      return event.args.some((a) => a?.[0] === local) || (event.callee.k === "ref" && event.callee.name === local) || (event.callee.k === "get" && event.callee.object.k === "ref" && event.callee.object.name === local);
    case "alias":
    case "escape":
      return event.source[0] === local;
    case "return":
      return event.source?.[0] === local;
    case "throw":
      return false;
    default:
      return true;
  }
}

/** A factory handed to an SDK entry point as an arrow returning an expression (`() => app.build()`). */
export interface EntryArrow {
  readonly serve: EntryServe;
  /** What the arrow returns. */
  readonly result: ValueExpr;
  /** The entry call is in a closure, or under a condition of its function. */
  readonly uncertain: boolean;
}

/** The factories handed to SDK entry points in the file as arrows returning an expression, with their serves. */
export function entryArrowFactories(ev: Evaluator, file: string, summary: FileSummary): EntryArrow[] {
  const out: EntryArrow[] = [];
  for (const unit of summary.flow?.units ?? []) {
    for (const { event, conditional } of unit.events) {
      if (event.k !== "invoke") continue;
      const factory = event.argExprs[0];
      if (factory?.k !== "fn" || !factory.fn.result) continue;
      const via = sdkNameOf(summary, event.callee, ev);
      if (!via || !ENTRIES.has(via)) continue;
      const uncertain = conditional || (unit.kind !== "module" && unit.kind !== "function");
      out.push({ serve: { via, ...servedEras(ev, file, via, event.argExprs), loc: { file, span: event.span }, nameSpan: factory.span }, result: factory.fn.result, uncertain });
    }
  }
  return out;
}

/**
 * `serveStdio(() => new App().server, options)` at the top level of a module or in a function (`main`),
 * with `App` the class imported as `local`: the entry point builds the class and serves the server in
 * its field `field`, as it does for a factory of its own file.
 */
export function servedFromField(ev: Evaluator, file: string, summary: FileSummary, local: string, field: string): EntryServe[] {
  return entryArrowFactories(ev, file, summary)
    .filter(({ result: made, uncertain }) => !uncertain && made.k === "get" && made.key.k === "static" && made.key.name === field && made.object.k === "new" && made.object.callee.k === "ref" && made.object.callee.name === local)
    .map((f) => f.serve);
}
