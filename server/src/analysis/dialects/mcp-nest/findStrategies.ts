// Where MCP-Nest servers are: each `new McpStrategy({...})` of a file, and the NestFactory calls of
// that file that name the application's root module.
import { packageCtor, type ChainClass } from "../../core/classes/packageSubclass";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FileSummary, FlowEvent, FlowUnit, ValueExpr } from "../../core/model/summary";
import type { FlowSpec } from "../../core/summarize/flowSummary";
import { isMcpNestSpecifier, MCP_NEST_REACH, PACKAGE } from "./packageName";
import { mcpNestExport } from "./reexports";

export { PACKAGE };

/** The strategy's methods that change what it serves at run time (read by the flow summary). */
export const RUNTIME_METHODS = new Set(["registerTool", "registerResource", "registerPrompt", "removeTool", "removeResource", "removePrompt"]);

/**
 * The program flow the dialect reads. `@nestjs/core` too: NestFactory calls name the root module;
 * they are read as plain invocations. The name `McpStrategy` makes a file relevant wherever it is
 * imported from (isStrategyCtor follows the re-exports to tell whether it is MCP-Nest's).
 */
export const MCP_NEST_FLOW: FlowSpec = {
  specifier: (s) => isMcpNestSpecifier(s) || s === "@nestjs/core",
  hints: [PACKAGE, "@nestjs/core"],
  methods: RUNTIME_METHODS,
  names: new Set(["McpStrategy"]),
};

type NewEvent = Extract<FlowEvent, { k: "new" }>;

export interface StrategySite {
  readonly file: string;
  readonly unit: FlowUnit;
  readonly event: NewEvent;
  readonly conditional: boolean;
  /** `new AppStrategy()` of a workspace class extending McpStrategy: that chain, most derived first. */
  readonly chain?: readonly ChainClass[];
}

/**
 * `McpStrategy` (or `nest.McpStrategy`) of @rekog/mcp-nest, imported from it or from a module of the
 * workspace that re-exports it (a barrel: `export { McpStrategy } from "@rekog/mcp-nest"`).
 */
function isStrategyCtor(ev: Evaluator, file: string, ctor: string): boolean {
  const [local, member, more] = ctor.split(".");
  return more === undefined && mcpNestExport(ev, file, local!, member) === "McpStrategy";
}

export function findStrategies(ev: Evaluator, file: string): StrategySite[] {
  const summary = ev.summary(file);
  const out: StrategySite[] = [];
  // McpStrategy, or a class extending it, is imported from the package or through modules that do.
  if (!summary?.flow?.units.some((u) => u.events.some((e) => e.event.k === "new")) || ev.host.reachesModule?.(file, MCP_NEST_REACH) === false) return out;
  for (const unit of summary?.flow?.units ?? []) {
    for (const { event, conditional } of unit.events) {
      if (event.k !== "new") continue;
      if (isStrategyCtor(ev, file, event.ctor)) {
        out.push({ file, unit, event, conditional });
        continue;
      }
      // `class AppStrategy extends McpStrategy { constructor() { super({...}) } }`, then `new AppStrategy()`.
      const made = summary ? packageCtor(ev, summary, event.ctor, (owner, written) => isStrategyCtor(ev, owner.fileName, written)) : undefined;
      if (made?.k === "subclass") out.push({ file, unit, event, conditional, chain: made.chain });
    }
  }
  return out;
}

const FACTORY_METHODS = new Set(["create", "createMicroservice", "createApplicationContext"]);

export interface FactoryCall {
  readonly method: string;
  readonly module: ValueExpr;
  readonly span: { start: number; end: number };
  /** The name the application is kept in (`const app = await NestFactory.createMicroservice(...)`). */
  readonly result?: string;
  /** What `createMicroservice(Module, options)` is given as its options. */
  readonly options?: ValueExpr;
}

/** `NestFactory.createMicroservice(AppModule, ...)` and its siblings, anywhere in the file. */
export function factoryCalls(summary: FileSummary): FactoryCall[] {
  return (summary.flow?.units ?? []).flatMap((unit) => unitFactoryCalls(summary, unit));
}

/** The NestFactory calls written in one function of the file, in order. */
export function unitFactoryCalls(summary: FileSummary, unit: FlowUnit): FactoryCall[] {
  const out: FactoryCall[] = [];
  for (const { event } of unit.events) {
    if (event.k !== "invoke" || event.callee.k !== "get" || event.callee.object.k !== "ref" || event.callee.key.k !== "static") continue;
    const binding = summary.imports.get(event.callee.object.name);
    if (binding?.specifier !== "@nestjs/core" || binding.imported !== "NestFactory") continue;
    const method = event.callee.key.name;
    const module = event.argExprs[0];
    const options = method === "createMicroservice" ? event.argExprs[1] : undefined;
    if (FACTORY_METHODS.has(method) && module) out.push({ method, module, span: event.span, ...(event.result ? { result: event.result } : {}), ...(options ? { options } : {}) });
  }
  return out;
}

/** The `strategy` of an options object as written (`{ strategy }`, `{ strategy: admin }`). */
function strategyOption(options: ValueExpr | undefined): ValueExpr | undefined {
  const entry = options?.k === "obj" ? options.entries.find((e) => e.k === "prop" && e.key.k === "static" && e.key.name === "strategy") : undefined;
  return entry?.k === "prop" ? entry.value : undefined;
}

/**
 * Of a file's several NestFactory calls, the one application the strategy held in `name` is given to:
 * `createMicroservice(Module, { strategy: name })`, or `app.connectMicroservice({ strategy: name })`
 * on the application a call keeps in `app`. Undefined unless exactly one application is.
 */
export function applicationGiven(summary: FileSummary, calls: readonly FactoryCall[], name: string): FactoryCall | undefined {
  const isName = (v: ValueExpr | undefined) => v?.k === "ref" && v.name === name;
  const apps = new Set<FactoryCall>(calls.filter((c) => isName(strategyOption(c.options))));
  for (const unit of summary.flow?.units ?? []) {
    for (const { event } of unit.events) {
      if (event.k !== "invoke" || event.callee.k !== "get" || event.callee.key.k !== "static" || event.callee.key.name !== "connectMicroservice") continue;
      const app = event.callee.object;
      if (app.k !== "ref" || !isName(strategyOption(event.argExprs[0]))) continue;
      const made = calls.filter((c) => c.result === app.name);
      if (made.length !== 1) return undefined;
      apps.add(made[0]!);
    }
  }
  return apps.size === 1 ? [...apps][0] : undefined;
}

/**
 * The `strategy` option of each `NestFactory.createMicroservice(Module, { strategy })` and
 * `app.connectMicroservice({ strategy })` of the file: what the file gives to Nest as a transport.
 */
export function strategiesGiven(summary: FileSummary): ValueExpr[] {
  const out: ValueExpr[] = [];
  for (const unit of summary.flow?.units ?? []) {
    for (const { event } of unit.events) {
      if (event.k !== "invoke" || event.callee.k !== "get" || event.callee.key.k !== "static") continue;
      const method = event.callee.key.name;
      const object = event.callee.object;
      const binding = object.k === "ref" ? summary.imports.get(object.name) : undefined;
      const nestFactory = binding?.specifier === "@nestjs/core" && binding.imported === "NestFactory";
      const options = method === "connectMicroservice" ? event.argExprs[0] : method === "createMicroservice" && nestFactory ? event.argExprs[1] : undefined;
      const strategy = strategyOption(options);
      if (strategy) out.push(strategy);
    }
  }
  return out;
}
