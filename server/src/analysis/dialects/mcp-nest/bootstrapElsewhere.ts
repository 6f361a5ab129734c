// The application of a strategy made in one file and given to Nest in another, as MCP-Nest's README
// quick start lays it out: `export const mcp = new McpStrategy(...)` in app.module.ts, and main.ts
// does `NestFactory.createMicroservice(AppModule, { strategy: mcp })`. Or an exported factory
// (`export function createMcpStrategy() { return new McpStrategy(...) }`) called once, its result
// given to Nest: kept in a name first, or called right in the option (`{ strategy: createMcpStrategy() }`),
// or kept in a const another module exports and the bootstrap imports. The package's files that import it are read (the engine's exportedServerUsers): the
// application is the one bootstrapped by the single NestFactory call of the single file that gives
// the strategy to Nest. Every other use there, each import not followed (a namespace, a re-export,
// import()), and a factory called more than once or only on some paths, is unknown at its place.
import type { DialectRun } from "../../core/dialect";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { FileSummary, FlowUnit } from "../../core/model/summary";
import type { UnknownPart } from "../../core/model/unknown";
import { exportedServerUsers, packageReaderOf } from "../../core/project/exportedServerUsers";
import { flowOnDemand } from "../../core/summarize/flowOnDemand";
import { applicationGiven, factoryCalls, MCP_NEST_FLOW, RUNTIME_METHODS, strategiesGiven, type FactoryCall, type StrategySite } from "./findStrategies";
import { usesIn } from "./strategyUses";
import { exportNamesOf } from "../../core/model/exportNames";
import { runsAtLoad } from "./loadTimeCalls";
import type { RuntimeCall } from "./runtimeCalls";

const KEYS = ["tools", "resources", "prompts"] as const;

export interface Elsewhere {
  /** The file that bootstraps the application with the strategy, and its NestFactory call. */
  readonly app?: { readonly file: string; readonly call: FactoryCall };
  /** Why the application is not known, when it is not. */
  readonly why?: string;
  readonly unknown: UnknownPart[];
  /** registerTool()/… and removeTool()/… made on the strategy in the importing files. */
  readonly calls: RuntimeCall[];
}

/** How the strategy leaves its file: the names it is exported under, as a value or as a factory's result. */
interface Leaves {
  readonly kind: "value" | "factory";
  /** Its name in its own file: the const, or the factory function. */
  readonly local: string;
  readonly names: readonly string[];
}

const all = (reason: string, loc: Loc): UnknownPart[] => KEYS.map((k) => ({ path: [k], reason, loc }));

/** undefined: the strategy does not leave its file through an export. */
export function bootstrapElsewhere(run: DialectRun, site: StrategySite): Elsewhere | undefined {
  const summary = run.ev.summary(site.file);
  const leaves = summary ? howItLeaves(summary, site) : undefined;
  if (!summary || !leaves) return undefined;
  const demand = flowOnDemand(run.ev, MCP_NEST_FLOW);
  const summaryOf = (f: string) => {
    demand.want(f);
    return demand.ev.summary(f);
  };
  const users = exportedServerUsers(packageReaderOf(run, summaryOf), site.file, leaves.names);
  const here: Loc = { file: site.file, span: site.event.nameSpan };
  const unknown: UnknownPart[] = [];
  const found: Found[] = [];
  for (const o of users.open) unknown.push(...all(`the strategy is exported: ${o.why}, and what is done with it there may register tools, resources or prompts`, o.loc ?? here));
  const top = (s: FileSummary | undefined) => s?.flow?.units.find((u) => u.parent === null);
  if (leaves.kind === "factory") {
    // The factory's own file: any mention other than its declaration may call it once more.
    const module = top(summary);
    if (module) unknown.push(...usesIn(run, run.ev, site.file, leaves.local, module, new Set(site.unit.nameSpan ? [site.unit.nameSpan.start] : [])));
  }
  const apps: { file: string; call: FactoryCall }[] = [];
  const reasons: string[] = [];
  /** The application bootstrapped in `file`, which gives the strategy (held there in `name`) to Nest. */
  const bootstrappedIn = (file: string, s: FileSummary, name?: string): void => {
    const calls = factoryCalls(s);
    const given = calls.length > 1 && name !== undefined ? applicationGiven(s, calls, name) : undefined;
    if (given) apps.push({ file, call: given });
    else if (calls.length === 1) apps.push({ file, call: calls[0]! });
    else reasons.push(calls.length === 0 ? `${file} gives it to Nest but no NestFactory call there names the application's root module` : `${file}, which gives it to Nest, creates more than one Nest application`);
  };
  const givenIn = (s: FileSummary, name: string, unit: FlowUnit): boolean =>
    strategiesGiven(s).some((g) => g.k === "ref" && g.name === name && g.span.start >= unit.span.start && g.span.end <= unit.span.end);
  // `export const mcp = createMcpStrategy()` in a module of its own: the strategy, kept in that
  // exported const, is given to Nest where the const is imported (one more hop, as a value).
  const passedOn = (file: string, s: FileSummary, name: string): void => {
    const names = exportNamesOf(s, name);
    if (names.length === 0) return;
    const next = exportedServerUsers(packageReaderOf(run, summaryOf), file, names);
    for (const o of next.open) unknown.push(...all(`the strategy is exported: ${o.why}, and what is done with it there may register tools, resources or prompts`, o.loc ?? here));
    for (const { file: at, local } of next.found) {
      const there = summaryOf(at);
      const module = top(there);
      if (!there || !module) {
        unknown.push(...all(`${local} is imported by a file whose flow the analysis could not read`, { file: at, span: { start: 0, end: 0 } }));
        continue;
      }
      unknown.push(...usesIn(run, demand.ev, at, local, module, new Set<number>()));
      found.push(...runtimeCallsIn(demand.ev, there, at, local, 0));
      if (givenIn(there, local, module)) bootstrappedIn(at, there, local);
    }
  };
  let made = 0;
  for (const { file, local } of users.found) {
    const s = summaryOf(file);
    const module = top(s);
    if (!s || !module) {
      unknown.push(...all(`${local} is imported by a file whose flow the analysis could not read`, { file, span: { start: 0, end: 0 } }));
      continue;
    }
    const held: Held[] = leaves.kind === "value" ? [{ name: local, unit: module, skip: new Set<number>(), from: 0 }] : results(run, demand.ev, s, file, local, unknown);
    made += held.length;
    for (const h of held) {
      // Made right in the `strategy` option (`{ strategy: createMcpStrategy() }`): no name holds it, so
      // nothing else can reach it; it is given to Nest there.
      if (h.name !== undefined) {
        unknown.push(...usesIn(run, demand.ev, file, h.name, h.unit, h.skip));
        found.push(...runtimeCallsIn(demand.ev, s, file, h.name, h.from));
        if (!givenIn(s, h.name, h.unit)) {
          if (leaves.kind === "factory" && h.unit === module) passedOn(file, s, h.name);
          continue;
        }
      }
      bootstrappedIn(file, s, h.name);
    }
  }
  if (leaves.kind === "factory" && made > 1) unknown.push(...all(`${leaves.local}() is called ${made} times: each call makes a strategy of its own, served by the application it is given to`, here));
  const app = apps.length === 1 && reasons.length === 0 ? apps[0]! : undefined;
  // A call made as a module loads is before serving only in the module that gives the strategy to
  // Nest: any other importer may be loaded late, or not at all.
  const calls = found.map(({ atLoad, ...call }) => ({ ...call, beforeServing: atLoad && call.file === app?.file }));
  if (app) return { app, unknown, calls };
  const why = reasons[0] ?? (apps.length > 1 ? "it is given to more than one Nest application" : "no file that imports it gives it to NestFactory.createMicroservice or connectMicroservice with the application's root module");
  return { why, unknown, calls };
}

function howItLeaves(summary: FileSummary, site: StrategySite): Leaves | undefined {
  const target = site.event.target;
  if (!target || target.length !== 1) return undefined;
  if (site.unit.parent === null && target[0] !== "<return>" && site.event.declared) {
    const names = exportNamesOf(summary, target[0]!);
    return names.length > 0 ? { kind: "value", local: target[0]!, names } : undefined;
  }
  // `return new McpStrategy(...)` in a function of the file's top level.
  const parent = site.unit.parent === null ? undefined : summary.flow?.units[site.unit.parent];
  if (site.unit.kind !== "function" || parent?.parent !== null || target[0] !== "<return>") return undefined;
  const names = exportNamesOf(summary, site.unit.name);
  return names.length > 0 ? { kind: "factory", local: site.unit.name, names } : undefined;
}

/**
 * In a file importing the factory as `local`: the names its calls are kept in (`const strategy =
 * createMcpStrategy()`), each with the unit it is declared in, and the calls written as the `strategy`
 * option given to Nest (no name). A call made on some paths, or whose result is otherwise not kept in
 * a name, is unknown; so is any other mention of the factory there.
 */
function results(run: DialectRun, ev: Evaluator, s: FileSummary, file: string, local: string, unknown: UnknownPart[]): Held[] {
  const text = ev.host.text?.(file) ?? "";
  const out: Held[] = [];
  const calls = new Set<number>();
  // `createMicroservice(AppModule, { strategy: createMcpStrategy() })`: the call is the option itself.
  const givenInline = strategiesGiven(s).filter((g) => g.k === "call" && g.callee.k === "ref" && g.callee.name === local);
  for (const unit of s.flow?.units ?? []) {
    for (const { event, conditional } of unit.events) {
      if (event.k !== "invoke" || event.callee.k !== "ref" || event.callee.name !== local) continue;
      calls.add(event.span.start);
      const loc = { file, span: event.span };
      if (conditional) unknown.push(...all(`${local}() is called here only on some paths: the strategy may not exist`, loc));
      if (!event.result && givenInline.some((g) => g.span.start === event.span.start && g.span.end === event.span.end)) {
        out.push({ name: undefined, unit, skip: new Set(), from: event.span.end });
        continue;
      }
      const declaredAt = event.result ? declaration(text, event.result, event.span.start) : undefined;
      if (!event.result || declaredAt === undefined) {
        unknown.push(...all(`the strategy ${local}() makes here is not kept in a name the analysis follows`, loc));
        continue;
      }
      out.push({ name: event.result, unit, skip: new Set([declaredAt]), from: event.span.end });
    }
  }
  const module = s.flow?.units.find((u) => u.parent === null);
  if (module) unknown.push(...usesIn(run, ev, file, local, module, calls));
  return out;
}

/** A strategy of an importing file: the name holding it there, or none when it is made in the `strategy` option given to Nest. */
interface Held {
  readonly name: string | undefined;
  readonly unit: FlowUnit;
  readonly skip: Set<number>;
  /** Where the strategy exists in the file from: its first line for an imported value, the end of the factory's call. */
  readonly from: number;
}

/** Where `const name =` (or `let`, with a type) is written right before the call at `callAt`. */
function declaration(text: string, name: string, callAt: number): number | undefined {
  const before = text.slice(Math.max(0, callAt - 200), callAt);
  const escaped = name.replace(/[$]/g, "\\$&");
  const m = new RegExp(`\\b(?:const|let|var)\\s+(${escaped})\\s*(?::[^=;]*)?=\\s*(?:await\\s+)?$`).exec(before);
  return m ? callAt - before.length + m.index + m[0].indexOf(name, m[0].search(/\s/)) : undefined;
}

/** A call on the strategy in an importing file, before it is known whether that file gives the strategy to Nest. */
type Found = Omit<RuntimeCall, "beforeServing"> & { readonly atLoad: boolean };

/**
 * `strategy.registerTool(...)` and `strategy.removeTool(...)` and friends in an importing file, where
 * the strategy is held in `name` from `from` on; whether each runs as the module loads (loadTimeCalls.ts).
 */
function runtimeCallsIn(ev: Evaluator, s: FileSummary, file: string, name: string, from: number): Found[] {
  const out: Found[] = [];
  for (const unit of s.flow?.units ?? []) {
    for (const entry of unit.events) {
      const { event, conditional } = entry;
      if (event.k !== "call" || event.receiver.length !== 1 || event.receiver[0] !== name || !RUNTIME_METHODS.has(event.method)) continue;
      out.push({ event, file, receiver: name, conditional, atLoad: runsAtLoad(ev, file, unit, entry, from) });
    }
  }
  return out;
}
