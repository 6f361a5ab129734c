// The workspace classes an instance is made of, most derived first, and which of their methods a
// call on that instance runs: `this.register()` in a base class runs the subclass's override, and
// the base's own method when the subclass does not override it (virtual dispatch, read statically).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope, Value } from "../../core/evaluate/values";
import type { ClassSummary, FileSummary, FlowUnit, ValueExpr } from "../../core/model/summary";
import { sdkImport, versionOf } from "./findSdkServers";
import type { SdkVersion } from "./sdkTables";
import { compactText } from "../../core/model/text";
import { SDK_EVAL } from "./sdkEval";

/** One workspace class of the chain. */
export interface ChainClass {
  readonly file: string;
  readonly cls: ClassSummary;
  /** Its units (constructor, methods): none when its file has no flow summary. */
  readonly units: readonly FlowUnit[] | undefined;
}

export interface ClassChain {
  /** Most derived first. */
  readonly classes: readonly ChainClass[];
  /** The SDK server class the last workspace class extends, if that is where the chain ends. */
  readonly sdkBase?: { readonly version: SdkVersion; readonly kind: "mcp" | "low" };
  /** The chain ends in a class that is neither the workspace's nor the SDK's server (or is not known). */
  readonly opaqueBase: boolean;
  /**
   * The call the last workspace class extends, given the SDK's server class (`withAuth(McpServer)`, a
   * mixin): the class it makes is not followed.
   */
  readonly through?: string;
}

/** Where a method call on an instance goes. */
export type DispatchTarget =
  | { readonly k: "unit"; readonly file: string; readonly unit: FlowUnit; readonly owner: ChainClass }
  /** A workspace class declares it, but its body is not summarised (its file has no flow). */
  | { readonly k: "opaque"; readonly owner: ChainClass }
  /** No workspace class declares it: the SDK's own method (or an external base's). */
  | { readonly k: "inherited" };

const MAX_CHAIN = 8;

/** The class a constructor expression names (`Registry`, `ns.Registry`), read in `scope`. */
export function classNamed(ev: Evaluator, scope: Scope, ctor: string): ChainClass | undefined {
  const [head, member] = ctor.split(".");
  const span = { start: 0, end: 0 };
  const expr: ValueExpr =
    member === undefined
      ? { k: "ref", name: head!, span }
      : { k: "get", object: { k: "ref", name: head!, span }, key: { k: "static", name: member, span }, span };
  let value = ev.evaluate(expr, scope, SDK_EVAL);
  if (value.t === "dyn") value = loadedExport(ev, scope.file, head!, member) ?? value;
  if (value.t !== "class" || value.cls.scope !== null) return undefined;
  return chainClass(ev, value.cls.file, value.cls.index);
}

/**
 * `const { Srv } = await import("./srv.js")` (or `const S = await import(…)`, `S.Srv`): the export of
 * the module loaded at run time that the name stands for, as the flow summary read the binding.
 */
function loadedExport(ev: Evaluator, file: string, head: string, member: string | undefined): Value | undefined {
  const binding = ev.summary(file)?.flow?.loaded?.get(head);
  const name = binding?.imported === "*" ? member : member === undefined ? binding?.imported : undefined;
  const target = binding && name !== undefined ? ev.host.resolveModule(binding.specifier, file) : undefined;
  return target === undefined ? undefined : ev.resolveExport(target, name!, { file, span: binding!.span }, SDK_EVAL);
}

function chainClass(ev: Evaluator, file: string, index: number): ChainClass | undefined {
  const summary = ev.summary(file);
  const cls = summary?.classes[index];
  if (!summary || !cls || cls.ambient) return undefined;
  return { file, cls, units: summary.flow?.units.filter((u) => u.className === cls.name && u.span.start >= cls.span.start && u.span.end <= cls.span.end) };
}

/** The chain from `start` up through the workspace's classes. */
export function classChain(ev: Evaluator, start: ChainClass): ClassChain {
  const classes: ChainClass[] = [start];
  for (let cur = start; classes.length <= MAX_CHAIN; ) {
    const heritage = cur.cls.heritage;
    if (!heritage) return { classes, opaqueBase: false };
    const summary = ev.summary(cur.file)!;
    const sdk = sdkServerClass(ev, summary, heritage);
    if (sdk) return { classes, sdkBase: sdk, opaqueBase: false };
    if (heritage.k === "call") {
      const mixed = heritage.args.map((a) => sdkServerClass(ev, summary, a)).find((b) => b !== undefined);
      const text = ev.host.text?.(cur.file);
      if (mixed) return { classes, sdkBase: mixed, opaqueBase: false, through: text === undefined ? "a call" : compactText(text, heritage.span.start, heritage.span.end) };
    }
    const value = ev.evaluate(heritage, ev.fileScope(cur.file), SDK_EVAL);
    const next = value.t === "class" && value.cls.scope === null ? chainClass(ev, value.cls.file, value.cls.index) : undefined;
    if (!next || classes.some((c) => c.file === next.file && c.cls === next.cls)) return { classes, opaqueBase: true };
    classes.push(next);
    cur = next;
  }
  return { classes, opaqueBase: true };
}

/** `McpServer` / `Server` of the SDK (directly or through the workspace's re-exports). */
function sdkServerClass(ev: Evaluator, summary: FileSummary, heritage: ValueExpr): ClassChain["sdkBase"] {
  const name = heritage.k === "ref" ? heritage.name : heritage.k === "get" && heritage.object.k === "ref" && heritage.key.k === "static" ? `${heritage.object.name}.${heritage.key.name}` : undefined;
  const imported = name ? sdkImport(summary, name, ev) : undefined;
  const version = imported ? versionOf(imported.specifier) : undefined;
  if (!imported || !version || (imported.name !== "McpServer" && imported.name !== "Server")) return undefined;
  return { version, kind: imported.name === "McpServer" ? "mcp" : "low" };
}

/** The method `name` of an instance of the chain's first class; `from` skips classes (for `super.m()`). */
export function dispatch(chain: ClassChain, name: string, from = 0, fieldsFrom = 0): DispatchTarget {
  for (let i = from; i < chain.classes.length; i++) {
    const owner = chain.classes[i]!;
    // A field is assigned once its class's constructor has called super(): in the constructor of a
    // base class (`fieldsFrom`), a subclass's `m = () => …` is not there yet and the base's `m` runs.
    const member = owner.cls.members.find((m) => m.name === name && !m.isStatic && !m.typeOnly && (i >= fieldsFrom || m.kind === "method"));
    if (!member) continue;
    // An abstract declaration (or a field without a function) is not what runs: look further up.
    if (member.isAbstract || (member.kind !== "method" && !member.callable)) continue;
    if (!owner.units) return { k: "opaque", owner };
    const unit = owner.units.find((u) => u.kind !== "closure" && u.nameSpan?.start === member.nameSpan.start);
    return unit ? { k: "unit", file: owner.file, unit, owner } : { k: "opaque", owner };
  }
  return { k: "inherited" };
}

/** A class's constructor unit, if it declares one (undefined: implicit, it passes its arguments to super). */
export function constructorOf(owner: ChainClass): FlowUnit | undefined {
  return owner.units?.find((u) => u.kind === "method" && u.name === `${owner.cls.name}.constructor`);
}

/** Whether a class declares a constructor (read from its text when its file has no flow). */
export function declaresConstructor(ev: Evaluator, owner: ChainClass): boolean {
  if (constructorOf(owner)) return true;
  const text = ev.host.text?.(owner.file);
  return text === undefined || /\bconstructor\s*\(/.test(text.slice(owner.cls.span.start, owner.cls.span.end));
}

/**
 * For `dispatch`'s `fieldsFrom`: when `unit` is the constructor of a chain class, that class's index
 * (the fields of the classes below it are not assigned yet); 0 otherwise.
 */
export function constructingIndex(chain: ClassChain, file: string, unit: FlowUnit): number {
  return unit.kind === "method" && unit.name.endsWith(".constructor") ? Math.max(0, ownerIndex(chain, file, unit)) : 0;
}

/** Index of the chain class whose units include `unit` (-1: none). */
export function ownerIndex(chain: ClassChain, file: string, unit: FlowUnit): number {
  return chain.classes.findIndex((c) => c.file === file && c.units?.includes(unit));
}

/** The `super(...)` call of a constructor unit, with its index. */
export function superCallOf(unit: FlowUnit): { index: number; args: readonly ValueExpr[] } | undefined {
  for (let i = 0; i < unit.events.length; i++) {
    const e = unit.events[i]!.event;
    if (e.k === "invoke" && e.callee.k === "dyn" && e.callee.text === "super") return { index: i, args: e.argExprs };
  }
  return undefined;
}
