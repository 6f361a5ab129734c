// `const a = createServer(); serveStdio(() => a)`, `const app = new App(); serveStdio(() => app.server)`:
// an entry point's factory that hands out a name bound, in a function around it, to this server (the
// result of the function that builds it, or the field of a new instance of the class that holds it).
// Only a name given a value once in the file: another assignment may hand out another server.
import type { FlowUnit, ValueExpr } from "../../core/model/summary";

/** What the site is, seen from outside: the function returning it, or the class holding it in `field`. */
export interface ServerMaker {
  readonly builder?: string;
  /** The name the server is built into at a module's top level (`const a = server` is it too). */
  readonly named?: string;
  readonly holder?: { readonly className: string; readonly field: string };
}

/** Whether `factory` (an arrow written in place) returns a name bound to the maker's server in a unit around it. */
export function handsOutBoundServer(text: string, units: readonly FlowUnit[], factory: ValueExpr, maker: ServerMaker): boolean {
  if (factory.k !== "fn") return false;
  const fn = units.find((u) => u.kind === "closure" && u.span.start === factory.span.start);
  if (!fn) return false;
  return fn.events.some(({ event }) => event.k === "return" && returnsBound(text, units, fn, event.source, maker));
}

function returnsBound(text: string, units: readonly FlowUnit[], factory: FlowUnit, source: readonly string[] | null, maker: ServerMaker): boolean {
  if (!source || source.length > 2 || factory.params.includes(source[0]!)) return false;
  const name = source[0]!;
  if (source.length === 2 && source[1] !== maker.holder?.field) return false;
  if (source.length === 1 && maker.builder === undefined && maker.named === undefined) return false;
  if (assignmentsOf(units, name) !== 1 || writtenTo(text, name) > 1) return false;
  for (let at = factory.parent === null ? undefined : units[factory.parent]; at; at = at.parent === null ? undefined : units[at.parent]) {
    if (boundIn(at, name, source.length, maker)) return true;
    // A name of the same spelling declared closer in is another binding.
    if (at.locals?.includes(name)) return false;
  }
  return false;
}

/** How many times the text assigns to the name (`a =`, `a +=`; a declaration with a value counts once). */
function writtenTo(text: string, name: string): number {
  const n = name.replace(/\$/g, "\\$");
  return [...text.matchAll(new RegExp(`(?<![\\w$.])${n}\\s*(?:[-+*/%&|^]|\\*\\*|<<|>>>?|\\?\\?|&&|\\|\\|)?=(?![=>])`, "g"))].length;
}

function boundIn(unit: FlowUnit, name: string, length: number, maker: ServerMaker): boolean {
  return unit.events.some(({ event, conditional }) => {
    if (conditional) return false;
    if (length === 1 && event.k === "alias") return maker.named !== undefined && event.target === name && event.source.length === 1 && event.source[0] === maker.named;
    if (length === 1) return event.k === "invoke" && event.result === name && event.callee.k === "ref" && event.callee.name === maker.builder;
    return event.k === "new" && event.ctor === maker.holder?.className && event.target?.length === 1 && event.target[0] === name;
  });
}

/** How many events of the file give `name` a value (declarations, assignments, aliases, stores). */
function assignmentsOf(units: readonly FlowUnit[], name: string): number {
  let n = 0;
  for (const unit of units) {
    for (const { event } of unit.events) {
      if (event.k === "invoke" && event.result === name) n++;
      else if (event.k === "new" && event.target?.length === 1 && event.target[0] === name) n++;
      else if (event.k === "alias" && event.target === name) n++;
      else if (event.k === "escape" && event.into?.length === 1 && event.into[0] === name) n++;
    }
  }
  return n;
}
