// `class App { server = new FastMCP(..); init() { addTools(this.server) } start() { return
// this.server.start(..) } }`, then `const app = new App(); app.init(); await app.start();` at the top
// level of the class's module, or of the one module importing it: those methods run at start-up, in
// that order, on the one instance there is (or `new App().run()`, the one method called on an instance
// never bound). Read from the flow summaries: the one `new` of the class in that module, then the calls
// on the name holding it, written unconditionally at its top level.
import type { FileSummary, FlowUnit } from "../../core/model/summary";
import type { ReplayHost } from "./replay";
import { exportNamesOf } from "../../core/model/exportNames";
import { methodCalledOnNew } from "./unboundServer";

/** The methods of `holder` (declared in `file`) the program calls on its one instance at start-up, in order. */
export function holderStartCalls(host: ReplayHost, file: string, holder: string): string[] {
  const summary = host.summary(file);
  const own = startCallsIn(summary, holder);
  if (own !== undefined) return own;
  const exported = summary ? exportNamesOf(summary, holder) : [];
  // (startCallsIn is undefined only when the module makes no instance of the class.)
  if (exported.length === 0 || !host.importers) return [];
  const users = host.importers(file, exported);
  if (users.open.length > 0 || users.found.length !== 1) return [];
  const { file: at, local } = users.found[0]!;
  return startCallsIn(host.summary(at), local) ?? [];
}

/** undefined when the module makes no instance of the class; [] when it makes one the calls cannot be read for. */
function startCallsIn(summary: FileSummary | undefined, cls: string): string[] | undefined {
  const units = summary?.flow?.units ?? [];
  const count = made(summary, cls);
  if (count === 0) return undefined;
  const module = units.find((u) => u.parent === null);
  const at = module?.events.findIndex(({ event }) => event.k === "new" && event.ctor === cls) ?? -1;
  if (!module || count !== 1 || at < 0) return [];
  const { event: made1, conditional } = module.events[at]!;
  if (made1.k !== "new" || conditional) return [];
  // `new App().run()`: an instance never bound, whose one use is that call.
  if (made1.target === null) {
    const next = module.events[at + 1];
    const method = next && !next.conditional ? methodCalledOnNew(next.event, made1.span) : undefined;
    return method !== undefined ? [method] : [];
  }
  if (!made1.declared || made1.target?.length !== 1) return [];
  const inst = made1.target[0]!;
  const out: string[] = [];
  for (const { event, conditional: maybe } of module.events.slice(at + 1)) {
    const method = methodCalledOn(event, inst);
    if (method === undefined) continue;
    // From a call that may not run on, the order of what runs is not known.
    if (maybe) break;
    out.push(method);
  }
  return out;
}

/** `app.init()` (an invoke of a member) or `app.start()` (a call the flow summary names): the method. */
function methodCalledOn(event: FlowUnit["events"][number]["event"], inst: string): string | undefined {
  if (event.k === "call" && event.receiver.length === 1 && event.receiver[0] === inst) return event.method;
  if (event.k !== "invoke") return undefined;
  const callee = event.callee;
  return callee.k === "get" && callee.object.k === "ref" && callee.object.name === inst && callee.key.k === "static" ? callee.key.name : undefined;
}

/** How many `new <cls>(...)` the file's code writes. */
function made(summary: FileSummary | undefined, cls: string): number {
  let n = 0;
  for (const u of summary?.flow?.units ?? []) for (const { event } of u.events) if (event.k === "new" && event.ctor === cls) n++;
  return n;
}
