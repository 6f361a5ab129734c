// Which functions of a file use the server, seen from the flow summary's units: the events that
// mention its names (as a receiver, an argument, an alias's source, an escape or a return), the names
// a nested function shares with its caller, and the units written inside another.
import type { FlowEvent, FlowUnit, RefPath } from "../../core/model/summary";
import { callbackTiming } from "./callbackTiming";
import { pathOfExpr } from "./instanceCalls";

const key = (p: RefPath) => p.join(".");

/** Whether a callback, or a callback it is written in, is a request handler (it runs once connected). */
export function inRequestHandler(units: readonly FlowUnit[], unit: FlowUnit): boolean {
  for (let u: FlowUnit | undefined = unit, hops = 0; u && u.kind === "closure" && hops < 64; u = u.parent === null ? undefined : units[u.parent], hops++) {
    if (callbackTiming(u.passedTo) === "after-connect") return true;
  }
  return false;
}

/** Whether a unit uses one of the paths (as a receiver, an argument, or an alias source). */
export function mentions(unit: FlowUnit, paths: ReadonlySet<string>): boolean {
  return unit.events.some(({ event }) => mentionedBy(event, paths));
}

/** The first event of the unit's own code (not its nested functions) that uses the names. */
export function firstMention(unit: FlowUnit, paths: ReadonlySet<string>): FlowEvent | undefined {
  return unit.events.find(({ event }) => mentionedBy(event, paths))?.event;
}

function mentionedBy(e: FlowEvent, paths: ReadonlySet<string>): boolean {
  const hit = (p: RefPath | null) => {
    if (!p) return false;
    for (let i = 1; i <= p.length; i++) if (paths.has(key(p.slice(0, i)))) return true;
    return false;
  };
  // An escape counts: a helper that only hands the server to `new Registry(server)` must be run, so
  // that the escape is seen (a helper skipped as not using the server would drop it silently).
  // A method called on the server (`server.addTool(...)` of a subclass server) counts too.
  const onServer = (x: Extract<FlowEvent, { k: "invoke" }>) => x.callee.k === "get" && hit(pathOfExpr(x.callee.object) ?? null);
  // `registerTools(ctx)` with the server at `ctx.server`: the object holding it is handed over.
  const holds = (p: RefPath | null) => {
    if (!p || (p.length === 1 && p[0] === "this")) return false;
    const prefix = `${key(p)}.`;
    for (const q of paths) if (q.startsWith(prefix)) return true;
    return false;
  };
  // A return of the server counts too: the caller may go on under the name it binds the value to.
  return e.k === "call" ? hit(e.receiver) : e.k === "invoke" ? e.args.some((a) => hit(a) || holds(a)) || onServer(e) : e.k === "alias" || e.k === "escape" || e.k === "return" ? hit(e.source) : false;
}

/**
 * The names of `paths` (seen in `caller`) that `target`, a function of the same file, sees too: those
 * of the innermost scope around both, declared by no function between it and the caller, nor by the
 * target's own parameters.
 */
export function sharedNames(units: readonly FlowUnit[], caller: FlowUnit, target: FlowUnit, paths: ReadonlySet<string>): ReadonlySet<string> {
  const aroundTarget = new Set<number>();
  for (let p = target.parent, hops = 0; p !== null && hops < 64; p = units[p]?.parent ?? null, hops++) aroundTarget.add(p);
  const declared = new Set<string>(target.params.filter((p): p is string => p !== null));
  let cur: FlowUnit | undefined = caller;
  for (let hops = 0; cur && !aroundTarget.has(cur.id) && hops < 64; hops++) {
    for (const n of [...cur.params, ...(cur.locals ?? []), ...(cur.consts?.keys() ?? [])]) if (n) declared.add(n);
    cur = cur.parent === null ? undefined : units[cur.parent];
  }
  if (!cur) return new Set();
  return new Set([...paths].filter((p) => !declared.has(p.split(".")[0]!)));
}

/**
 * The units written directly inside unit `id`, from an index made once per file's units: asked for
 * every unit a search visits, a scan of all the file's units each time made a file of 20,000 functions
 * take minutes.
 */
export function childrenOf(units: readonly FlowUnit[] | undefined, id: number): readonly FlowUnit[] {
  if (!units) return [];
  let index = childIndex.get(units);
  if (!index) {
    index = new Map();
    for (const u of units) {
      if (u.parent === null) continue;
      const siblings = index.get(u.parent);
      if (siblings) siblings.push(u);
      else index.set(u.parent, [u]);
    }
    childIndex.set(units, index);
  }
  return index.get(id) ?? [];
}
const childIndex = new WeakMap<readonly FlowUnit[], Map<number, FlowUnit[]>>();
