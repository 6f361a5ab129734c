// SDK v2's serving entry points take a server factory and own everything after it: they call it for
// each connection (or HTTP request) with a context, connect the server it returns, and answer the
// eras they serve. A factory handed to one by reference (`serveStdio(buildServer)`, the documented
// form) is therefore served by it, and nothing else is done with its server.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc, Value } from "../../core/evaluate/values";
import type { FileSummary, FlowEvent, Span } from "../../core/model/summary";
import { sdkNameOf } from "./findSdkServers";

/** The entry points that take a factory as their first argument and decide the eras they answer. */
const ENTRIES = new Set(["serveStdio", "createMcpHandler"]);

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
}

/** `serveStdio(name)` / `createMcpHandler(name, options)`: the entry point serving `name`, if the event is one. */
export function entryServing(ev: Evaluator, file: string, summary: FileSummary, event: FlowEvent, names: ReadonlySet<string>): EntryServe | undefined {
  if (event.k !== "invoke") return undefined;
  const factory = event.argExprs[0];
  if (factory?.k !== "ref" || !names.has(factory.name)) return undefined;
  const via = sdkNameOf(summary, event.callee, ev);
  if (!via || !ENTRIES.has(via)) return undefined;
  const options = event.argExprs[1] ? ev.evaluate(event.argExprs[1], ev.fileScope(file), { calls: false }) : undefined;
  const eras = entryEras(options);
  return { via, ...eras, loc: { file, span: event.span }, nameSpan: factory.span };
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
