import type { FileSummary, GuardedWrite, TopWrite } from "../model/summary";
import { aliasSources, mutatedNamesIn } from "./mutation";

interface Read {
  /** The names the text changes other than by the summary's top-level writes. */
  readonly otherwise: ReadonlySet<string>;
  /** The names another name is bound to (`const same = caps`): their changes are not all seen by name. */
  readonly aliased: ReadonlySet<string>;
}

const cache = new WeakMap<FileSummary, Read>();
/** The same, with the writes of the top level's guarded `if`s (GuardedWrite) set aside too. */
const guardedCache = new WeakMap<FileSummary, Read>();

/**
 * The top-level statements `name.key = …` / `name.push(…)` of a file, when they are the only changes its
 * text makes to `name`: no other write (in a function, under a condition, through a cast, by
 * `Object.assign`, `delete`, a nested member) and no other name for the same object. Undefined when
 * anything else may change it. The text read is the one `mutatedNames` makes, with the heads of these
 * statements blanked, so a comment or a string can only make this undefined.
 * With `guarded`, the top level's `if`s whose arms only write members of `name` count too, in source
 * order with the others.
 */
export function straightWritesOf(summary: FileSummary, text: string, name: string, guarded?: false): readonly TopWrite[] | undefined;
export function straightWritesOf(summary: FileSummary, text: string, name: string, guarded: true): readonly (TopWrite | GuardedWrite)[] | undefined;
export function straightWritesOf(summary: FileSummary, text: string, name: string, guarded = false): readonly (TopWrite | GuardedWrite)[] | undefined {
  const plain = summary.topWrites?.get(name) ?? [];
  const ifs = guarded ? (summary.guardedWrites?.get(name) ?? []) : [];
  if (plain.length === 0 && ifs.length === 0) return undefined;
  const store = guarded ? guardedCache : cache;
  let read = store.get(summary);
  if (!read) store.set(summary, (read = readAside(summary, text, { guarded, built: false })));
  if (read.otherwise.has(name) || read.aliased.has(name)) return undefined;
  return ifs.length === 0 ? plain : [...plain, ...ifs].sort((a, b) => a.span.start - b.span.start);
}

const builtCache = new WeakMap<FileSummary, ReadonlySet<string>>();

/**
 * The names a file's text changes other than by the statements that build objects (top-level writes,
 * guarded `if`s, and the functions' BuiltLocal writes), or binds another name to: a function's built
 * object of such a name may have changed elsewhere, or been seen half-built. Remembered for the summary.
 */
export function changedBesidesBuilding(summary: FileSummary, text: string): ReadonlySet<string> {
  let names = builtCache.get(summary);
  if (!names) {
    const read = readAside(summary, text, { guarded: true, built: true });
    builtCache.set(summary, (names = new Set([...read.otherwise, ...read.aliased])));
  }
  return names;
}

/** The text's changes with the heads of the summary's recorded writes blanked (the top level's, and as asked the guarded `if`s' and the functions' built objects'). */
function readAside(summary: FileSummary, text: string, also: { readonly guarded: boolean; readonly built: boolean }): Read {
  const chars = text.split("");
  const blank = (h: { start: number; end: number }) => {
    for (let i = h.start; i < h.end; i++) chars[i] = " ";
  };
  for (const list of summary.topWrites?.values() ?? []) for (const w of list) blank(w.head);
  if (also.guarded) for (const list of summary.guardedWrites?.values() ?? []) for (const g of list) g.heads.forEach(blank);
  if (also.built) for (const u of summary.flow?.units ?? []) for (const b of u.built?.values() ?? []) b.heads.forEach(blank);
  const aliased = new Set<string>();
  for (const sources of aliasSources(text).values()) for (const s of sources) aliased.add(s);
  return { otherwise: mutatedNamesIn(chars.join("")), aliased };
}
