// `Object.keys(X)`, `Object.values(X)`, `Object.entries(X)` of an object the evaluator knows, or of a
// module namespace (`import * as tools from "./tools"`), and `Object.fromEntries(pairs)`, as Node
// computes them: an object's own keys in its order (keys that are array indices first, ascending), a
// namespace's exported names sorted. Anything that may hold keys not known (a spread not known, a
// module whose exports cannot all be listed, a pair not known) gives nothing.
import { UNDEFINED_TEXT, type FileSummary } from "../model/summary";
import { DYNAMIC_KEY, type Loc, type ObjEntryValue, type Value } from "./values";
import { isNamespaceImportValue, TYPE_ONLY_STAR_EXPORT } from "../model/namespaceExports";

/** The methods of `Object` read here: the three that list an object, and `fromEntries`, which makes one. */
export const OBJECT_METHODS: ReadonlySet<string> = new Set(["keys", "values", "entries", "fromEntries"]);

/** What the evaluator lends: a module's summary and text, a specifier resolved, an export's value. */
export interface IterationHost {
  summary(file: string): FileSummary | undefined;
  text(file: string): string | undefined;
  resolveModule(specifier: string, from: string): string | undefined;
  exportValue(file: string, name: string, loc: Loc): Value;
}

/** `Object.keys/values/entries(object)` as an array value, or undefined when its keys are not all known. */
export function objectIteration(host: IterationHost, method: string, object: Value, loc: Loc): Value | undefined {
  let pairs: { key: string; value: () => Value; at: Loc }[];
  if (object.t === "obj") {
    if (object.entries.has(DYNAMIC_KEY)) return undefined;
    const keys = [...object.entries.keys()];
    pairs = ordered(keys).map((key) => ({ key, value: () => object.entries.get(key)!.value, at: object.entries.get(key)!.keyLoc }));
  } else if (object.t === "ns") {
    const names = runtimeExports(host, object.file, 0);
    if (!names) return undefined;
    pairs = [...names].sort(byCodeUnits).map((key) => ({ key, value: () => host.exportValue(object.file, key, loc), at: object.loc }));
  } else return undefined;
  const items = pairs.map((p): Value => {
    const key: Value = { t: "prim", value: p.key, loc: p.at };
    if (method === "keys") return key;
    if (method === "values") return p.value();
    return { t: "arr", items: [key, p.value()], itemLocs: [p.at, p.at], loc: p.at };
  });
  return { t: "arr", items, itemLocs: pairs.map((p) => p.at), loc };
}

/**
 * `Object.fromEntries(list)` of a known list of `[key, value]` pairs whose keys are known strings:
 * an object with those keys in that order, a later pair replacing an earlier one's value. Not when a
 * key is an array index (Node puts those first) or a pair is not known.
 */
export function objectFromEntries(list: Value, loc: Loc): Value | undefined {
  if (list.t !== "arr") return undefined;
  const entries = new Map<string, ObjEntryValue>();
  for (const [i, pair] of list.items.entries()) {
    const key = pair.t === "arr" ? pair.items[0] : undefined;
    if (pair.t !== "arr" || key?.t !== "prim" || (typeof key.value !== "string" && typeof key.value !== "number") || isIndex(String(key.value))) return undefined;
    const at = list.itemLocs[i] ?? loc;
    entries.set(String(key.value), { value: pair.items[1] ?? { t: "dyn", text: UNDEFINED_TEXT, loc: at }, keyLoc: at });
  }
  return { t: "obj", entries, loc };
}

/** A key Node orders as an array index. */
const isIndex = (k: string) => /^(?:0|[1-9]\d*)$/.test(k) && Number(k) < 2 ** 32 - 1;

/** Array-index keys first, ascending, then the rest in the order written (ordinary own keys). */
function ordered(keys: readonly string[]): string[] {
  return [...keys.filter(isIndex).sort((a, b) => Number(a) - Number(b)), ...keys.filter((k) => !isIndex(k))];
}

/** A module namespace's keys are sorted by code units (not by locale). */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Exports whose listing the summary does not keep: a namespace, `export =`, destructured or declared-only bindings. */
const UNLISTED_EXPORT = /\bexport\s+(?:declare\b|namespace\b|module\b|import\b|=|(?:const|let|var)\s*[{[])/;

const MAX_DEPTH = 8;

/**
 * The names a module exports at run time: its declarations (not types), `export { x } from`,
 * `export * as ns` and a namespace import exported again, and what its `export *` pass on (`default` never passes). Undefined when one
 * cannot be told a value or a type, or two `export *` pass the same name.
 */
function runtimeExports(host: IterationHost, file: string, depth: number): Set<string> | undefined {
  const summary = host.summary(file);
  const text = host.text(file);
  if (!summary || text === undefined || depth > MAX_DEPTH || UNLISTED_EXPORT.test(text) || TYPE_ONLY_STAR_EXPORT.test(text)) return undefined;
  const names = new Set<string>();
  for (const [name, entry] of summary.exports) {
    if (entry.k === "namespace") names.add(name);
    else if (entry.k === "local") {
      if (summary.decls.has(entry.local) || isNamespaceImportValue(summary, text, entry.local)) names.add(name);
      // `export { Options }` of an interface or a type alias of the file: nothing at run time.
      else if (summary.imports.has(entry.local) || !new RegExp(String.raw`\b(?:interface|type)\s+${entry.local.replace(/\$/g, "\\$")}\b`).test(text)) return undefined;
    } else {
      const target = host.resolveModule(entry.specifier, file);
      const there = target ? runtimeExports(host, target, depth + 1) : undefined;
      if (!there) return undefined;
      if (there.has(entry.imported)) names.add(name);
    }
  }
  const passed = new Map<string, number>();
  for (const specifier of summary.starExports) {
    const target = host.resolveModule(specifier, file);
    const there = target ? runtimeExports(host, target, depth + 1) : undefined;
    if (!there) return undefined;
    for (const n of there) if (n !== "default") passed.set(n, (passed.get(n) ?? 0) + 1);
  }
  for (const [n, count] of passed) {
    if (summary.exports.has(n)) continue;
    // Two modules passing one name: left out if they are two bindings, kept if one; not told apart here.
    if (count > 1) return undefined;
    names.add(n);
  }
  return names;
}
