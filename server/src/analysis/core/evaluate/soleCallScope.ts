// `function createServer(verbose: boolean) { return new MCPServer({ …, logging: verbose }) }` called
// once, `createServer(true)`: what the function builds is read with its parameters bound to that
// call's arguments. Only when that call is surely the only one: a function declared at the file's top
// level, not exported, whose name the file's text spells nowhere but in its declaration and that call
// (so it is not handed on, stored, or called a second way). A comment or a string naming it can only
// make the answer no.
import type { Evaluator } from "./evaluator";
import type { Binding, Scope } from "./values";
import type { FlowEvent, FlowUnit } from "../model/summary";
import { mutatedNamesIn } from "./mutation";

const escaped = (name: string) => name.replace(/\$/g, "\\$");

/** Whether `text` assigns `name` (`name = …`, `name ||= …`, `name++`, `--name`). */
const assigned = (text: string, name: string): boolean =>
  new RegExp(String.raw`(?<![\w$.])${escaped(name)}\s*(?:(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])|\+\+|--)|(?:\+\+|--)\s*${escaped(name)}(?![\w$])`).test(text);

/** The scope of `unit`'s body with its parameters bound to the arguments of its one call; undefined when there is not surely one. */
export function soleCallScope(ev: Evaluator, file: string, unit: FlowUnit): Scope | undefined {
  if (unit.kind !== "function" || unit.params.length === 0 || !/^[A-Za-z_$][\w$]*$/.test(unit.name)) return undefined;
  const summary = ev.summary(file);
  const text = ev.host.text?.(file);
  const units = summary?.flow?.units;
  const decl = summary?.decls.get(unit.name);
  if (!summary || text === undefined || !units || decl?.k !== "function" || !(decl.span.start <= unit.span.start && unit.span.end <= decl.span.end)) return undefined;
  if (unit.parent === null || units[unit.parent]?.kind !== "module") return undefined;
  for (const e of summary.exports.values()) if (e.k === "local" && e.local === unit.name) return undefined;
  const spelled = text.match(new RegExp(String.raw`(?<![\w$.])${escaped(unit.name)}(?![\w$])`, "g"))?.length ?? 0;
  if (spelled !== 2) return undefined;
  const calls: { event: Extract<FlowEvent, { k: "invoke" }>; unit: FlowUnit }[] = [];
  for (const u of units) for (const entry of u.events) if (entry.event.k === "invoke" && entry.event.callee.k === "ref" && entry.event.callee.name === unit.name) calls.push({ event: entry.event, unit: u });
  const call = calls.length === 1 ? calls[0]! : undefined;
  // One argument per parameter, each a plain name with no default (a default replaces an undefined argument).
  if (!call || call.event.argExprs.length !== unit.params.length || unit.params.some((p) => !p) || unit.paramDefaults?.some((d) => d !== null)) return undefined;
  // A parameter the body assigns, changes (`opts.logging = false`) or reaches through `arguments` is not the argument.
  const body = text.slice(unit.span.start, unit.span.end);
  const changed = mutatedNamesIn(body);
  if (/(?<![\w$.])arguments(?![\w$])/.test(body) || unit.params.some((p) => changed.has(p) || assigned(body, p))) return undefined;
  // The arguments are read where the call is written: at the top level, the file's scope.
  if (call.unit.kind !== "module") return undefined;
  const at = ev.fileScope(file);
  const vars = new Map<string, Binding>();
  unit.params.forEach((p, i) => vars.set(p, { expr: call.event.argExprs[i]!, scope: at }));
  return { file, vars, parent: at };
}
