// Helpers that return a closure over the server: `const tool = makeRegistrar(server); tool("a");
// tool("b")`. The closure runs where it is called, as that call runs (unconditionally at the top of
// the factory, or under its condition), instead of "some time, or never" like any other callback.
// A const that is also used otherwise (stored, passed, returned or called from a callback) still runs
// where it is called directly, and, since it may run at other times too, the ordinary rule applies as well.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Scope } from "../../core/evaluate/values";
import { assignsTo } from "./serverSubclasses";
import type { FlowEvent, FlowUnit, RefPath, ValueExpr } from "../../core/model/summary";

export interface ReturnedClosure {
  readonly file: string;
  readonly unit: FlowUnit;
  /** The names the server went by in the helper that made it (the closure sees them). */
  readonly names: ReadonlySet<string>;
}

export class ReturnedClosures {
  readonly #ev: Evaluator;
  /** `file#unit#name` → the closure that const holds. */
  readonly #held = new Map<string, ReturnedClosure>();

  constructor(ev: Evaluator) {
    this.#ev = ev;
  }

  /** Closures (`file#unit`) some run of their helper handed to anything but such a const: they may run any time. */
  readonly #free = new Set<string>();
  /** Closures held in such consts. */
  readonly #kept = new Set<string>();

  /**
   * `const name = helper(server, ...)` (or a call whose result is not named), once the helper ran:
   * remembers the closure it returns, if that is all it returns and the const is only called.
   */
  noteResult(file: string, unit: FlowUnit, name: string | undefined, helper: { file: string; unit: FlowUnit }, names: ReadonlySet<string>): void {
    const closure = returnedClosure(this.#ev, helper.file, helper.unit);
    if (!closure) return;
    const id = `${helper.file}#${closure.id}`;
    const summary = this.#ev.summary(file);
    const exported = new Set([...(summary?.exports.values() ?? [])].flatMap((x) => (x.k === "local" ? [x.local] : [])));
    if (name === undefined || !isConst(this.#ev, file, unit, name)) {
      this.#free.add(id);
      return;
    }
    this.#held.set(`${file}#${unit.id}#${name}`, { file: helper.file, unit: closure, names });
    // Also used otherwise (from a callback, handed on): it runs where it is called directly, and may
    // run at other times too.
    if (!onlyCalled(summary?.flow?.units ?? [], unit, name, exported, this.#ev.host.text?.(file))) this.#free.add(id);
    else this.#kept.add(id);
  }

  /** Whether a closure may also run at times not known (its const is used otherwise than called directly, or it is not held). */
  runsAlsoElsewhere(file: string, unit: FlowUnit): boolean {
    return this.#free.has(`${file}#${unit.id}`);
  }

  /** Whether a closure runs only where its const is called (so never elsewhere, nor later on its own). */
  runsOnlyWhereCalled(file: string, unit: FlowUnit): boolean {
    const id = `${file}#${unit.id}`;
    return this.#kept.has(id) && !this.#free.has(id);
  }

  /** The closure a call's callee names in this body, if it is one noted. */
  called(file: string, unit: FlowUnit, callee: ValueExpr): ReturnedClosure | undefined {
    return callee.k === "ref" ? this.#held.get(`${file}#${unit.id}#${callee.name}`) : undefined;
  }
}

/** The one closure every `return` of the helper returns (undefined: anything else, or several). */
function returnedClosure(ev: Evaluator, file: string, helper: FlowUnit): FlowUnit | undefined {
  const returns = helper.events.filter(({ event }) => event.k === "return");
  if (returns.length !== 1) return undefined;
  const { event, conditional } = returns[0]!;
  if (conditional || event.k !== "return" || event.expr?.k !== "fn") return undefined;
  const start = event.expr.span.start;
  return ev.summary(file)?.flow?.units.find((u) => u.kind === "closure" && u.parent === helper.id && u.span.start === start);
}

function isConst(ev: Evaluator, file: string, unit: FlowUnit, name: string): boolean {
  if (unit.kind === "module") return ev.summary(file)?.decls.get(name)?.k === "const";
  return unit.consts?.has(name) === true && (unit.locals ?? []).filter((l) => l === name).length === 1 && !unit.params.includes(name);
}

/** Whether `name` is used in `unit` only as the callee of direct calls, and in no function written inside it. */
function onlyCalled(units: readonly FlowUnit[], unit: FlowUnit, name: string, exported: ReadonlySet<string>, text: string | undefined): boolean {
  const mentioned = (p: RefPath | null | undefined) => p?.[0] === name;
  const other = (e: FlowEvent, own: boolean): boolean => {
    switch (e.k) {
      case "invoke":
        return e.args.some(mentioned) || (!own && e.callee.k === "ref" && e.callee.name === name) || (e.callee.k === "get" && mentionsRef(e.callee, name));
      case "call":
        return mentioned(e.receiver);
      case "escape":
        // Stored in a const object nothing reads (`const register = { tool }; void register`).
        return mentioned(e.source) && !(own && e.into?.length === 1 && unread(text, unit, e.into[0]!, exported));
      case "alias":
      case "return":
        return mentioned(e.source);
      default:
        return false;
    }
  };
  if (unit.events.some(({ event }) => other(event, true))) return false;
  return !units.some((u) => u !== unit && inside(units, u, unit) && !u.params.includes(name) && u.events.some(({ event }) => other(event, false)));
}

function mentionsRef(e: ValueExpr, name: string): boolean {
  if (e.k === "ref") return e.name === name;
  if (e.k === "get") return mentionsRef(e.object, name);
  return false;
}

function inside(units: readonly FlowUnit[], u: FlowUnit, outer: FlowUnit): boolean {
  for (let p = u.parent, hops = 0; p !== null && hops < 64; p = units[p]?.parent ?? null, hops++) if (p === outer.id) return true;
  return false;
}

/**
 * The closure's parameters bound to a call's arguments (read in the caller's scope), unless the
 * closure assigns to them; a parameter with no argument is left unknown.
 */
export function closureArguments(ev: Evaluator, closure: ReturnedClosure, args: readonly ValueExpr[], scope: Scope): ReadonlyMap<string, Binding> {
  const text = ev.host.text?.(closure.file)?.slice(closure.unit.span.start, closure.unit.span.end);
  const vars = new Map<string, Binding>();
  if (text === undefined) return vars;
  closure.unit.params.forEach((p, i) => {
    const arg = args[i];
    if (p && arg && arg.k !== "dyn" && !assignsTo(text, p)) vars.set(p, { expr: arg, scope });
  });
  return vars;
}

/**
 * Whether a const of `unit` is read nowhere: besides its declaration, its name appears in the file
 * only after `void` or `typeof` (which cannot call what it holds), and the module does not export it.
 * Read from the text, so that no reading of it (a destructuring, an element access) goes unseen.
 */
function unread(text: string | undefined, unit: FlowUnit, name: string, exported: ReadonlySet<string>): boolean {
  if (text === undefined || (unit.kind === "module" ? exported.has(name) : unit.consts?.has(name) !== true)) return false;
  if ((unit.locals ?? []).filter((l) => l === name).length > 1) return false;
  let declarations = 0;
  for (const m of text.matchAll(new RegExp(`(?<![\\w$.])${name.replace(/[$]/g, "\\$")}(?![\\w$])`, "g"))) {
    const before = text.slice(Math.max(0, m.index - 10), m.index);
    if (/\bconst\s+$/.test(before)) declarations++;
    else if (!/\b(?:void|typeof)\s+$/.test(before)) return false;
  }
  return declarations === 1;
}
