// `const register = toolMap[role]; register(server)` with `role` known only at run time: one function
// of the table runs, which one is not known. A key none of the code before had added, which every one
// of them adds for certain once it runs, with the same value, is advertised whichever runs: the join
// of the alternatives. (A key naming no function of the table makes the call throw, and the program
// with it: there is no server to advertise then.)
import { DYNAMIC_KEY, isDynamicMarker, isPlainObject, SPREAD_KEY, type Json, type JsonObject, type Loc } from "../../core/evaluate/values";

/** One alternative being run: the keys there before it, and the value each key it adds ends with. */
export interface AlternativeRun {
  readonly before: ReadonlySet<string>;
  readonly values: Map<string, Json>;
}

export function newAlternative(before: Iterable<string>): AlternativeRun {
  return { before: new Set(before), values: new Map() };
}

/** The keys there before a join nested in `run` runs: those before `run`, and those `run` added so far. */
export function keysSeenIn(run: AlternativeRun): string[] {
  return [...run.before, ...run.values.keys()];
}

/** `merged` computes a key's value from the one it had (the SDK's merge, or its first registration). */
export function recordInAlternative(run: AlternativeRun, key: string, merged: (before: Json | undefined) => Json): void {
  if (run.before.has(key)) return;
  run.values.set(key, merged(run.values.get(key)));
}

/** The keys every alternative added, with the same value in all of them. */
export function joinAlternatives(runs: readonly AlternativeRun[]): Map<string, Json> {
  const joined = new Map<string, Json>();
  const [first, ...rest] = runs;
  if (!first) return joined;
  for (const [key, value] of first.values) {
    const text = JSON.stringify(value);
    if (rest.every((run) => run.values.has(key) && JSON.stringify(run.values.get(key)) === text)) joined.set(key, value);
  }
  return joined;
}

/** What a join made certain, added to the alternative the join itself runs in. */
export function addToAlternative(run: AlternativeRun, joined: ReadonlyMap<string, Json>): void {
  for (const [key, value] of joined) if (!run.before.has(key)) run.values.set(key, structuredClone(value));
}

/** v2's first registration of a kind: `listChanged` true unless a value was written. */
export function firstRegisteredValue(before: Json | undefined): JsonObject {
  // `prompts: load()`: what was written is not known, so neither is the listChanged it keeps.
  if (isDynamicMarker(before)) return before as JsonObject;
  const obj: JsonObject = isPlainObject(before) ? { ...before } : {};
  // `{ a: 1, ...more }`: the spread may write listChanged (false is kept), so it is not surely true.
  const spread = obj[SPREAD_KEY] ?? obj[DYNAMIC_KEY];
  if (obj.listChanged === undefined) obj.listChanged = typeof spread === "string" ? { [DYNAMIC_KEY]: spread } : true;
  return obj;
}

/** What a server has registered that changes what the next registration does: kinds registered, handlers set. */
export interface Registrations {
  readonly registered: Set<string>;
  readonly handlers: Map<string, Loc>;
}

/**
 * Only one alternative runs: each is walked from the kinds registered and the handlers set before the
 * join (v1 forces `listChanged` at a kind's first registration, v2 sets it then), and once all are
 * walked, what any of them registered or set is kept (any of them may be the one that ran).
 */
export class AlternativeStarts {
  readonly #state: Registrations;
  readonly #before: { readonly registered: ReadonlySet<string>; readonly handlers: ReadonlyMap<string, Loc> };
  readonly #left: { readonly registered: ReadonlySet<string>; readonly handlers: ReadonlyMap<string, Loc> }[] = [];
  #started = false;

  constructor(state: Registrations) {
    this.#state = state;
    this.#before = copy(state);
  }

  /** Before walking the next alternative. */
  next(): void {
    if (this.#started) {
      this.#left.push(copy(this.#state));
      this.#state.registered.clear();
      for (const k of this.#before.registered) this.#state.registered.add(k);
      this.#state.handlers.clear();
      for (const [m, loc] of this.#before.handlers) this.#state.handlers.set(m, loc);
    }
    this.#started = true;
  }

  /** Once every alternative is walked. */
  end(): void {
    for (const { registered, handlers } of this.#left) {
      for (const k of registered) this.#state.registered.add(k);
      for (const [m, loc] of handlers) if (!this.#state.handlers.has(m)) this.#state.handlers.set(m, loc);
    }
    this.#left.length = 0;
  }
}

function copy(r: Registrations): { registered: Set<string>; handlers: Map<string, Loc> } {
  return { registered: new Set(r.registered), handlers: new Map(r.handlers) };
}
