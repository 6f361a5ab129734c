// The `serverMutator` option of McpStrategy: MCP-Nest's createServer() hands it the SDK v2 McpServer
// it has just built (capabilities already set) and serves what it returns, so whatever the callback
// does to that server is in what clients see. A callback that only registers tools, resources or
// prompts on it, unconditionally, and returns it, is modelled (McpServer's register* merges
// `{ listChanged: existing ?? true }` into that key); anything else is unknown, said at its place.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import type { FlowUnit, ValueExpr } from "../../core/model/summary";
import type { UnknownPart } from "../../core/model/unknown";
import type { StrategySite } from "./findStrategies";

const REGISTERS: Readonly<Record<string, "tools" | "resources" | "prompts">> = { registerTool: "tools", registerResource: "resources", registerPrompt: "prompts" };

export interface MutatorEffect {
  /** Keys the callback surely adds, with the call that adds each. */
  readonly adds: readonly { readonly key: "tools" | "resources" | "prompts"; readonly loc: Loc }[];
  readonly unknown: readonly UnknownPart[];
}

const NONE: MutatorEffect = { adds: [], unknown: [] };

export function serverMutatorEffect(ev: Evaluator, site: StrategySite): MutatorEffect {
  const options = resolved(ev, site.file, site.event.args[0]);
  // The options may be a const declared elsewhere in the file: its text is where the callback is.
  const where = options && options.span.start >= 0 ? options.span : site.event.span;
  const text = ev.textAt(site.file, where) ?? "";
  if (!/\bserverMutator\b/.test(text)) return NONE;
  const at: Loc = { file: site.file, span: where };
  const opaque = (why: string, loc: Loc = at): MutatorEffect => ({ adds: [], unknown: [{ path: [], spread: true, reason: `serverMutator ${why}: it receives the McpServer MCP-Nest built and may change any capability`, loc }] });
  const units = ev.summary(site.file)?.flow?.units ?? [];
  const entry = options?.k === "obj" ? options.entries.find((e) => e.k === "prop" && e.key.k === "static" && e.key.name === "serverMutator") : undefined;
  const value: ValueExpr | undefined = entry?.k === "prop" ? entry.value : undefined;
  // An arrow or function expression is a unit starting where the value does; a method shorthand is a unit named after it.
  const unit = units.find((u) => (value ? u.span.start === value.span.start : u.name === "(method) serverMutator" && u.span.start >= where.start && u.span.end <= where.end));
  if (!unit) return opaque(value ? `is ${ev.sourceText(value, site.file)}, whose body the analysis does not read` : "is given in a way the analysis does not read", value ? { file: site.file, span: value.span } : at);
  const loc: Loc = { file: site.file, span: unit.span };
  const param = unit.params[0];
  if (unit.params.length !== 1 || !param) return opaque("takes its server in a way the analysis does not follow", loc);
  const adds: { key: "tools" | "resources" | "prompts"; loc: Loc }[] = [];
  const unknown: UnknownPart[] = [];
  let explained = 1; // the parameter itself
  let returnsIt = false;
  for (const { event, conditional } of unit.events) {
    if (event.k === "call" && event.receiver.length === 1 && event.receiver[0] === param && REGISTERS[event.method]) {
      explained++;
      const key = REGISTERS[event.method]!;
      const callLoc = { file: site.file, span: event.methodSpan };
      if (conditional) unknown.push({ path: [key], reason: `serverMutator calls ${event.method}() only on some paths`, loc: callLoc });
      else adds.push({ key, loc: callLoc });
    } else if (event.k === "return" && event.source?.length === 1 && event.source[0] === param && !conditional) {
      explained++;
      returnsIt = true;
    }
  }
  // Every other mention of the server (server.server.registerCapabilities, a helper, a closure) does something not modelled.
  const mentions = mentionsOf(ev.textAt(site.file, unit.span) ?? "", param);
  if (!returnsIt || mentions !== explained || hasNested(units, unit)) return opaque(returnsIt ? "does more with the server than register tools, resources or prompts" : "does not always return the server it is given", loc);
  return { adds, unknown };
}

/** `new McpStrategy(OPTIONS)` with `const OPTIONS = {...}` in the file: the literal. */
function resolved(ev: Evaluator, file: string, expr: ValueExpr | undefined): ValueExpr | undefined {
  let cur = expr;
  for (let i = 0; i < 10 && cur?.k === "ref"; i++) {
    const decl = ev.summary(file)?.decls.get(cur.name);
    cur = decl?.k === "const" ? decl.init : undefined;
  }
  return cur ?? expr;
}

function mentionsOf(text: string, name: string): number {
  const escaped = name.replace(/[$]/g, "\\$&");
  return [...text.matchAll(new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`, "g"))].length;
}

/** A function written inside the callback other than a registration's handler may keep the server for later. */
function hasNested(units: readonly FlowUnit[], unit: FlowUnit): boolean {
  return units.some((u) => u.parent === unit.id && !(u.passedTo && u.passedTo in REGISTERS));
}
