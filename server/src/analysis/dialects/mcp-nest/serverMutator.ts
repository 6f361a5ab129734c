// The `serverMutator` option of McpStrategy: MCP-Nest's createServer() hands it the SDK v2 McpServer
// it has just built (capabilities already set) and serves what it returns, so whatever the callback
// does to that server is in what clients see. A callback that only registers tools, resources or
// prompts on it, or gives its low-level server literal capabilities (`server.server.registerCapabilities({...})`),
// unconditionally, and returns it, is modelled (McpServer's register* merges `{ listChanged: existing ?? true }`
// into that key; registerCapabilities merges each key's object into what is there); anything else is
// unknown, said at its place.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { isPlainObject, toJson } from "../../core/evaluate/values";
import type { DynamicPart, JsonObject, Loc } from "../../core/evaluate/values";
import type { FlowUnit, ValueExpr } from "../../core/model/summary";
import type { UnknownPart } from "../../core/model/unknown";
import type { StrategySite } from "./findStrategies";
import { resolveLiteral } from "./strategyOptions";

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

export function serverMutatorEffect(ev: Evaluator, site: StrategySite): MutatorEffect {
  const found = resolveLiteral(ev, site.file, site.event.args[0]);
  const options = found?.expr;
  // The options may be a const declared elsewhere (in the file or in a module it imports): its text is where the callback is.
  const file = found && found.expr.span.start >= 0 ? found.file : site.file;
  const where = options && options.span.start >= 0 ? options.span : site.event.span;
  const text = ev.textAt(file, where) ?? "";
  if (!/\bserverMutator\b/.test(text)) return NONE;
  const at: Loc = { file, span: where };
  const opaque = (why: string, loc: Loc = at): MutatorEffect => ({ steps: [], unknown: [{ path: [], spread: true, reason: `serverMutator ${why}: it receives the McpServer MCP-Nest built and may change any capability`, loc }] });
  const units = ev.summary(file)?.flow?.units ?? [];
  const entry = options?.k === "obj" ? options.entries.find((e) => e.k === "prop" && e.key.k === "static" && e.key.name === "serverMutator") : undefined;
  const value: ValueExpr | undefined = entry?.k === "prop" ? entry.value : undefined;
  // An arrow or function expression is a unit starting where the value does; a method shorthand is a unit named after it.
  const unit = units.find((u) => (value ? u.span.start === value.span.start : u.name === "(method) serverMutator" && u.span.start >= where.start && u.span.end <= where.end));
  if (!unit) return opaque(value ? `is ${ev.sourceText(value, file)}, whose body the analysis does not read` : "is given in a way the analysis does not read", value ? { file, span: value.span } : at);
  const loc: Loc = { file, span: unit.span };
  const param = unit.params[0];
  if (unit.params.length !== 1 || !param) return opaque("takes its server in a way the analysis does not follow", loc);
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
  const mentions = mentionsOf(ev.textAt(site.file, unit.span) ?? "", param);
  if (!returnsIt || mentions !== explained || hasNested(units, unit)) return opaque(returnsIt ? "does more with the server than register tools, resources or prompts" : "does not always return the server it is given", loc);
  return { steps, unknown };
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
