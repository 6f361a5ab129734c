import type { FileSummary, TopWrite } from "../model/summary";
import { aliasSources, mutatedNamesIn } from "./mutation";

interface Read {
  /** The names the text changes other than by the summary's top-level writes. */
  readonly otherwise: ReadonlySet<string>;
  /** The names another name is bound to (`const same = caps`): their changes are not all seen by name. */
  readonly aliased: ReadonlySet<string>;
}

const cache = new WeakMap<FileSummary, Read>();

/**
 * The top-level statements `name.key = …` / `name.push(…)` of a file, when they are the only changes its
 * text makes to `name`: no other write (in a function, under a condition, through a cast, by
 * `Object.assign`, `delete`, a nested member) and no other name for the same object. Undefined when
 * anything else may change it. The text read is the one `mutatedNames` makes, with the heads of these
 * statements blanked, so a comment or a string can only make this undefined.
 */
export function straightWritesOf(summary: FileSummary, text: string, name: string): readonly TopWrite[] | undefined {
  const writes = summary.topWrites?.get(name);
  if (!writes) return undefined;
  let read = cache.get(summary);
  if (!read) {
    const chars = text.split("");
    for (const list of summary.topWrites!.values()) for (const w of list) for (let i = w.head.start; i < w.head.end; i++) chars[i] = " ";
    const aliased = new Set<string>();
    for (const sources of aliasSources(text).values()) for (const s of sources) aliased.add(s);
    cache.set(summary, (read = { otherwise: mutatedNamesIn(chars.join("")), aliased }));
  }
  return read.otherwise.has(name) || read.aliased.has(name) ? undefined : writes;
}
