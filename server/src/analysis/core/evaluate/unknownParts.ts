import type { Era } from "../model/serverReport";
import type { UnknownPart } from "../model/unknown";
import { DYNAMIC_KEY, SPREAD_KEY, isDynamicMarker as isMarker, isPlainObject, setKey, type DynamicPart, type Json, type JsonObject } from "./values";

/**
 * Takes the evaluator's `$dynamic` markers out of an era object: what the analysis could not know
 * becomes an `unknown` entry (with the reason and place the evaluation gave), and the object keeps
 * only what the server is known to send. A marker that is a key's whole value removes that key; a
 * marker beside other keys (a dynamic spread or computed key) says the object may hold more.
 */
export function withoutMarkers(
  caps: JsonObject | null,
  dynamics: readonly DynamicPart[],
  era?: Era,
): { readonly caps: JsonObject | null; readonly unknown: UnknownPart[] } {
  const unknown: UnknownPart[] = [];
  // Most capabilities are fully known: they are returned as they are, without a copy.
  if (caps === null || !holdsMarker(caps)) return { caps, unknown };
  const one = (path: readonly string[], source: string, spread: boolean, found: DynamicPart | undefined): UnknownPart => ({
    path,
    source,
    ...(spread ? { spread: true as const } : {}),
    reason: `${source} cannot be known without running the server (${found?.why ?? "not a static value"})`,
    ...(found ? { loc: found.loc } : {}),
    ...(era ? { era } : {}),
  });
  const add = (path: readonly string[], source: string, spread: boolean): void => {
    // Several unknown spreads and keys of one object share its marker: each is an entry of its own.
    const among = spread ? dynamics.filter((d) => d.among === source) : [];
    if (among.length > 0) for (const d of among) unknown.push(one(path, d.text, true, d));
    else unknown.push(one(path, source, spread, dynamics.find((d) => d.text === source)));
  };
  const clean = (obj: JsonObject, path: readonly string[]): JsonObject => {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(obj)) {
      // A spread, or a marker an SDK-style merge spread into a known object (`{ ...known, ...unknown }`).
      if ((k === SPREAD_KEY || k === DYNAMIC_KEY) && typeof v === "string") {
        add(path, v, true);
        continue;
      }
      if (isMarker(v)) {
        add([...path, k], (v as JsonObject)[DYNAMIC_KEY] as string, false);
        continue;
      }
      // An array with an item not known (`["eu", region()]`) is not known: no placeholder stands in for
      // the item, and leaving it out would move the others.
      const items = Array.isArray(v) ? unknownItems(v) : [];
      if (items.length > 0) {
        for (const text of items) add([...path, k], text, false);
        continue;
      }
      setKey(out, k, cleanValue(v, [...path, k]));
    }
    return out;
  };
  const cleanValue = (v: Json, path: readonly string[]): Json => {
    if (isPlainObject(v)) return clean(v, path);
    if (Array.isArray(v)) return v.map((item, i) => cleanValue(item, [...path, String(i)]));
    return v;
  };
  if (isMarker(caps)) {
    add([], caps[DYNAMIC_KEY] as string, false);
    return { caps: null, unknown };
  }
  return { caps: clean(caps, []), unknown };
}

/** The sources of the markers that are items of an array (or of arrays in it), in order. */
function unknownItems(items: readonly Json[]): string[] {
  return items.flatMap((item) => (isMarker(item) ? [(item as JsonObject)[DYNAMIC_KEY] as string] : Array.isArray(item) ? unknownItems(item) : []));
}

/** Whether a value holds a marker anywhere (a walk that allocates nothing). */
function holdsMarker(v: Json): boolean {
  if (Array.isArray(v)) return v.some(holdsMarker);
  if (!isPlainObject(v)) return false;
  for (const k in v) {
    if (k === DYNAMIC_KEY || k === SPREAD_KEY || holdsMarker(v[k]!)) return true;
  }
  return false;
}
