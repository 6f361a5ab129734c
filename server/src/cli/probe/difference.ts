// What the static analysis predicted against what the running server advertised, per era. Each
// difference names the capability path where the two part, both values there, and the parts the
// analysis had declared unknown that account for it: a difference so explained is the analysis being
// honest about what it cannot see; one with no explanation is a wrong prediction.
import type { Json, JsonObject } from "../../analysis/core/evaluate/values";
import type { ProbeEra } from "./requests";

/** One analysed server, as the JSON report gives it (the fields the comparison reads). */
export interface PredictedServer {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly dialect: string;
  readonly exact: boolean;
  readonly legacy: JsonObject | null;
  readonly modern: JsonObject | null;
  readonly unknown: readonly UnknownEntry[];
  /** The analysis found that the server's start-up throws: neither era is answered. */
  readonly startupThrows?: { readonly code: string; readonly file?: string; readonly line?: number };
}

export interface UnknownEntry {
  readonly path: readonly string[];
  readonly reason: string;
  readonly era?: ProbeEra;
  readonly spread?: boolean;
  readonly source?: string;
  readonly file?: string;
  readonly line?: number;
}

export interface Difference {
  readonly era: ProbeEra;
  /** Where the two part (`[]`: the whole era, one side of which is null). */
  readonly path: string[];
  /** What the server advertised there; absent when it has no such key. */
  readonly server?: Json;
  /** What the analysis predicted there; absent when it predicted no such key. */
  readonly source?: Json;
  /** The analysis's unknown parts that cover this path in this era (empty: a wrong prediction). */
  readonly explainedBy: UnknownEntry[];
}

const isObject = (v: Json | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v);

/** The paths where `server` and `source` differ, deepest first where both sides are objects. */
function partings(server: Json | undefined, source: Json | undefined, path: string[], out: { path: string[]; server?: Json; source?: Json }[]): void {
  if (isObject(server) && isObject(source)) {
    const keys = [...new Set([...Object.keys(server), ...Object.keys(source)])].sort();
    for (const key of keys) partings(server[key], source[key], [...path, key], out);
    return;
  }
  if (JSON.stringify(server) === JSON.stringify(source)) return;
  out.push({ path, ...(server !== undefined ? { server } : {}), ...(source !== undefined ? { source } : {}) });
}

const isPrefix = (short: readonly string[], long: readonly string[]) => short.length <= long.length && short.every((k, i) => long[i] === k);

/**
 * An unknown part accounts for a difference when it sits at, above or below the path, in that era. A
 * spread ("the server may be given more capabilities") adds keys or changes values, but does not take
 * away a key the analysis states: a stated key the server does not send is not explained by it.
 */
function explaining(unknown: readonly UnknownEntry[], era: ProbeEra, d: { path: readonly string[]; server?: Json; source?: Json }): UnknownEntry[] {
  const missing = d.server === undefined && d.source !== undefined;
  // Served against not served: only what leaves the whole era open (whether it is served, whether the
  // server starts) explains it; a key not known says nothing about whether the era is answered.
  const wholeEra = d.path.length === 0 && (d.server === null || d.source === null);
  if (wholeEra) return unknown.filter((u) => (u.era === undefined || u.era === era) && u.path.length === 0 && !u.spread);
  return unknown.filter((u) => (u.era === undefined || u.era === era) && (isPrefix(u.path, d.path) || isPrefix(d.path, u.path)) && !(u.spread && missing));
}

/**
 * The differences in one era. `observed` is what the server advertised (null: it does not serve the
 * era); `predicted` is the server the analysis found, or undefined when it found none (which predicts
 * that no era is served).
 */
export function eraDifferences(era: ProbeEra, observed: JsonObject | null, predicted: PredictedServer | undefined): Difference[] {
  const expected = predicted ? predicted[era] : null;
  const found: { path: string[]; server?: Json; source?: Json }[] = [];
  if (observed === null || expected === null) {
    if (observed !== expected) found.push({ path: [], server: observed, source: expected });
  } else {
    partings(observed, expected, [], found);
  }
  return found.map((d) => ({ era, ...d, explainedBy: predicted ? explaining(predicted.unknown, era, d) : [] }));
}
