// `const tool = server.registerTool.bind(server); tool("a", …); tool("b", …)`: a registration method
// bound to its own server and kept in a const that is only ever called, directly, in the code it is
// declared in. Each call is that method called on the server. Any other use of the const (passed,
// stored, exported, called from a callback written later in the text) leaves it a registration made
// out of sight.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit, RefPath, InvokeEvent } from "../../core/model/summary";

export interface BoundRegistration {
  readonly receiver: RefPath;
  readonly method: string;
}


/** The method and receiver `const name = receiver.method.bind(receiver)` binds, when `name` is only called directly in `unit`. */
export function boundRegistration(ev: Evaluator, file: string, unit: FlowUnit, event: InvokeEvent, read: RefPath): BoundRegistration | undefined {
  const name = event.result;
  const callee = event.callee;
  if (!name || callee.k !== "get" || callee.key.k !== "static" || callee.key.name !== "bind") return undefined;
  const receiver = read.slice(0, -1);
  const arg = event.args[0];
  if (event.args.length !== 1 || !arg || arg.join(".") !== receiver.join(".")) return undefined;
  if (!declaredConst(ev, file, unit, name)) return undefined;
  const text = ev.host.text?.(file)?.slice(unit.span.start, unit.span.end);
  // Called only by the unit itself: a call in a function written inside it (a wrapper, a callback) runs at another time.
  const ownCalls = unit.events.filter(({ event: e }) => e.k === "invoke" && e.callee.k === "ref" && e.callee.name === name).length;
  return text !== undefined && onlyCalled(text, name) === ownCalls ? { receiver, method: read.at(-1)! } : undefined;
}

function declaredConst(ev: Evaluator, file: string, unit: FlowUnit, name: string): boolean {
  if (unit.kind !== "module") return unit.consts?.has(name) === true && (unit.locals ?? []).filter((l) => l === name).length === 1;
  const summary = ev.summary(file);
  const exported = [...(summary?.exports.values() ?? [])].some((x) => x.k === "local" && x.local === name);
  return summary?.decls.get(name)?.k === "const" && !exported;
}

/** How many direct calls (`name(`) the text makes of `name`, when every other mention is its one declaration (`const name =`); -1 otherwise. */
function onlyCalled(text: string, name: string): number {
  let declarations = 0;
  let calls = 0;
  for (const m of text.matchAll(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))) {
    const before = text.slice(Math.max(0, m.index - 10), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 10);
    if (/\bconst\s+$/.test(before) && /^\s*=/.test(after)) declarations++;
    else if (/^\s*\(/.test(after)) calls++;
    else return -1;
  }
  return declarations === 1 ? calls : -1;
}
