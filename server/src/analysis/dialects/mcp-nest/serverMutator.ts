// The `serverMutator` option of McpStrategy: MCP-Nest's createServer() hands it the SDK v2 McpServer
// it has just built (capabilities already set) and serves what it returns, so whatever the callback
// does to that server is in what clients see. A callback that only registers tools, resources or
// prompts on it, or gives its low-level server literal capabilities (`server.server.registerCapabilities({...})`),
// unconditionally, and returns it, is modelled (McpServer's register* merges `{ listChanged: existing ?? true }`
// into that key; registerCapabilities merges each key's object into what is there); anything else is
// unknown, said at its place. The callback is read where it is written: in place, or the function a
// name stands for (this file's, or a workspace module's it is imported from).
import type { Evaluator } from "../../core/evaluate/evaluator";
import { isPlainObject, toJson } from "../../core/evaluate/values";
import type { DynamicPart, JsonObject, Loc } from "../../core/evaluate/values";
import type { FlowUnit, Span, ValueExpr } from "../../core/model/summary";
import type { UnknownPart } from "../../core/model/unknown";
import type { StrategySite } from "./findStrategies";
import { resolveLiteral } from "./strategyOptions";
import type { OptionProp } from "./spreadOptions";
import { importTarget } from "./reexports";
import { MCP_NEST_FLOW } from "./findStrategies";
import { flowOnDemand } from "../../core/summarize/flowOnDemand";
import { parsedSource } from "../../core/summarize/parsedSource";
import { neverReassigned } from "../../core/summarize/neverReassigned";

const REGISTERS: Readonly<Record<string, "tools" | "resources" | "prompts">> = { registerTool: "tools", registerResource: "resources", registerPrompt: "prompts" };

/** What the callback does to the server, in the order it does it. */
export type MutatorStep =
  | { readonly k: "register"; readonly key: "tools" | "resources" | "prompts"; readonly loc: Loc }
  | { readonly k: "merge"; readonly caps: JsonObject; readonly loc: Loc };

export interface MutatorEffect {
  /** The steps the callback surely takes, each with its call. */
  readonly steps: readonly MutatorStep[];
  readonly unknown: readonly UnknownPart[];
}

const NONE: MutatorEffect = { steps: [], unknown: [] };

/**
 * `given`: the options' `serverMutator` property as readOptions laid it out (through spreads of consts
 * and the literal a function returns), when it found one; else the options are read here as written
 * at `new McpStrategy(...)` (a method shorthand too).
 */
export function serverMutatorEffect(ev: Evaluator, site: StrategySite, given?: OptionProp): MutatorEffect {
  if (given) return mutatorAt(ev, given.file, given.entry.value.span, given.entry.value);
  const found = resolveLiteral(ev, site.file, site.event.args[0]);
  const options = found?.expr;
  // The options may be a const declared elsewhere (in the file or in a module it imports): its text is where the callback is.
  const file = found && found.expr.span.start >= 0 ? found.file : site.file;
  const where = options && options.span.start >= 0 ? options.span : site.event.span;
  const text = ev.textAt(file, where) ?? "";
  if (!/\bserverMutator\b/.test(text)) return NONE;
  const entry = options?.k === "obj" ? options.entries.find((e) => e.k === "prop" && e.key.k === "static" && e.key.name === "serverMutator") : undefined;
  return mutatorAt(ev, file, where, entry?.k === "prop" ? entry.value : undefined);
}

/** The mutator written in `file` within `where` (`value`: the property's value, when it has one), read. */
function mutatorAt(ev: Evaluator, file: string, where: Span, value: ValueExpr | undefined): MutatorEffect {
  const at: Loc = { file, span: where };
  // The file of a spread const need not import MCP-Nest: its flow is made on demand.
  const units = flowUnits(ev, file);
  // An arrow or function expression is a unit starting where the value does; a method shorthand is a
  // unit named after it; a name, the function it declares (here or in the module it is imported from).
  const shorthand = (u: FlowUnit): boolean => u.name === "(method) serverMutator" && u.span.start >= where.start && u.span.end <= where.end;
  const written = units.find((u) => (value ? u.span.start === value.span.start || (value.k === "dyn" && shorthand(u)) : shorthand(u)));
  const mutator = written ? { file, units, unit: written } : value?.k === "ref" ? namedFunction(ev, file, value.name) : undefined;
  if (!mutator) {
    const why = value ? `is ${ev.sourceText(value, file)}, whose body the analysis does not read` : "is given in a way the analysis does not read";
    return { steps: [], unknown: [{ path: [], spread: true, reason: `serverMutator ${why}: it receives the McpServer MCP-Nest built and may change any capability`, loc: value ? { file, span: value.span } : at }] };
  }
  return readMutator(ev, mutator.file, mutator.units, mutator.unit);
}

/** A file's flow units, the flow made on demand when the file store left it out. */
function flowUnits(ev: Evaluator, file: string): readonly FlowUnit[] {
  const own = ev.summary(file)?.flow?.units;
  if (own) return own;
  const demand = flowOnDemand(ev, MCP_NEST_FLOW);
  demand.want(file);
  return demand.ev.summary(file)?.flow?.units ?? [];
}

/** What the mutator's body (`unit` of `file`) does to the server it is given, as serverMutatorEffect says. */
function readMutator(ev: Evaluator, file: string, units: readonly FlowUnit[], unit: FlowUnit): MutatorEffect {
  const loc: Loc = { file, span: unit.span };
  const opaque = (why: string, at: Loc = loc): MutatorEffect => ({ steps: [], unknown: [{ path: [], spread: true, reason: `serverMutator ${why}: it receives the McpServer MCP-Nest built and may change any capability`, loc: at }] });
  const param = unit.params[0];
  if (unit.params.length !== 1 || !param) return opaque("takes its server in a way the analysis does not follow");
  const steps: MutatorStep[] = [];
  const unknown: UnknownPart[] = [];
  let explained = 1; // the parameter itself
  let returnsIt = false;
  for (const { event, conditional } of unit.events) {
    if (event.k === "call" && event.receiver.length === 1 && event.receiver[0] === param && REGISTERS[event.method]) {
      explained++;
      const key = REGISTERS[event.method]!;
      const callLoc = { file, span: event.methodSpan };
      if (conditional) unknown.push({ path: [key], reason: `serverMutator calls ${event.method}() only on some paths`, loc: callLoc });
      else steps.push({ k: "register", key, loc: callLoc });
    } else if (event.k === "call" && event.receiver.length === 2 && event.receiver[0] === param && event.receiver[1] === "server" && event.method === "registerCapabilities") {
      const callLoc = { file, span: event.methodSpan };
      const caps = literalCapabilities(ev, file, event.args[0]);
      if (!caps || conditional) return opaque(caps ? "calls registerCapabilities() only on some paths" : `gives registerCapabilities() ${event.args[0] ? ev.sourceText(event.args[0], file) : "nothing"}, which is only known when it runs`, callLoc);
      explained++;
      steps.push({ k: "merge", caps, loc: callLoc });
    } else if (event.k === "return" && event.source?.length === 1 && event.source[0] === param && !conditional) {
      explained++;
      returnsIt = true;
    }
  }
  // Every other mention of the server (server.server.registerCapabilities, a helper, a closure) does something not modelled.
  const mentions = mentionsOf(ev.textAt(file, unit.span) ?? "", param);
  if (!returnsIt || mentions !== explained || hasNested(units, unit)) return opaque(returnsIt ? "does more with the server than register tools, resources or prompts" : "does not always return the server it is given");
  return { steps, unknown };
}

/**
 * `serverMutator: addServerExtras`: the function the name stands for where it is written, declared at
 * the top level of that file or of a workspace module it is imported from (through re-exports), as a
 * function declaration or a const holding an arrow or function expression, with its file's flow (made
 * on demand: a module of helpers need not import MCP-Nest). A name that may hold another value (`let`,
 * a function assigned again) is not followed.
 */
function namedFunction(ev: Evaluator, file: string, name: string): { file: string; units: readonly FlowUnit[]; unit: FlowUnit } | undefined {
  let at = { file, name };
  const summary = ev.summary(file);
  if (!summary?.decls.has(name)) {
    const binding = summary?.imports.get(name);
    if (!binding || binding.imported === "*") return undefined;
    const target = importTarget(ev, binding.specifier, binding.imported, file);
    if (target.k !== "local") return undefined;
    at = { file: target.file, name: target.name };
  }
  const decl = ev.summary(at.file)?.decls.get(at.name);
  const units = flowUnits(ev, at.file);
  const module = units.find((u) => u.kind === "module");
  // `function f() {}` and `const f = () => {}` alike (a const arrow is summarised as a function): one
  // the file assigns again (`f = other`) is not followed.
  const sf = parsedSource(ev, at.file);
  const unit =
    decl?.k === "function" && sf && neverReassigned(sf, new Set([at.name])).has(at.name) ? units.find((u) => u.kind === "function" && u.parent === module?.id && u.name === at.name && !u.bodiless)
    : decl?.k === "const" && decl.init.k === "fn" ? units.find((u) => u.span.start === decl.init.span.start && !u.bodiless)
    : undefined;
  return unit ? { file: at.file, units, unit } : undefined;
}

/** A capabilities object known to the last key, or undefined. */
function literalCapabilities(ev: Evaluator, file: string, arg: ValueExpr | undefined): JsonObject | undefined {
  if (!arg) return undefined;
  const value = ev.evaluate(arg, ev.fileScope(file), { calls: false });
  if (value.t !== "obj") return undefined;
  const dynamics: DynamicPart[] = [];
  const json = toJson(value, dynamics);
  return dynamics.length === 0 && isPlainObject(json) ? json : undefined;
}

function mentionsOf(text: string, name: string): number {
  const escaped = name.replace(/[$]/g, "\\$&");
  return [...text.matchAll(new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`, "g"))].length;
}

/** A function written inside the callback other than a registration's handler may keep the server for later. */
function hasNested(units: readonly FlowUnit[], unit: FlowUnit): boolean {
  return units.some((u) => u.parent === unit.id && !(u.passedTo && u.passedTo in REGISTERS));
}
