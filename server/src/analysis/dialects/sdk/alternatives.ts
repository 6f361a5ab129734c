// `const register = toolMap[role]; register(server)` with `role` known only at run time: one function
// of the table runs, which one is not known. A key none of the code before had added, which every one
// of them adds for certain once it runs, with the same value, is advertised whichever runs: the join
// of the alternatives. (A key naming no function of the table makes the call throw, and the program
// with it: there is no server to advertise then.)
import { isPlainObject, type Json, type JsonObject } from "../../core/evaluate/values";

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
  const obj: JsonObject = isPlainObject(before) ? { ...before } : {};
  if (obj.listChanged === undefined) obj.listChanged = true;
  return obj;
}
