// Lays out the two eras' capabilities as pretty-printed JSON lines, aligned like a side-by-side diff:
// each slot holds one line per era, or a gap (null) where that era has nothing to show, so the
// same key sits on the same row in both columns. Pure data; columns.ts turns it into markup.
import type { Json, JsonObject, WireServer } from "../../../../common/protocol";
import type { Era } from "../messages";
import { keyId } from "./model";

export type Missing = WireServer["missing"][number];

/** How a key line compares with the other era (drives marks, notes and spoken labels). */
export type Compare =
  | "same" // in both eras, equal
  | "differs" // in both eras, an object whose contents differ
  | "changed" // in both eras, a different leaf value
  | "only" // only in this era
  | "single" // the other era is not served, nothing to compare
  | "missing"; // ghost row: expected but absent

export interface Line {
  readonly kind: "rootOpen" | "rootClose" | "open" | "close" | "leaf" | "ghost";
  /** Indentation level: top-level keys are 1. */
  readonly depth: number;
  readonly path: readonly string[];
  readonly value?: Json;
  readonly comma: boolean;
  /** `add`: added or turned on in modern; `del`: legacy only. */
  readonly mark: "none" | "add" | "del";
  readonly compare: Compare;
  /** The other era's value of a changed leaf. */
  readonly other?: { readonly value: Json };
  /** An open row shown folded as `{…}`. */
  readonly folded?: boolean;
  readonly missing?: Missing;
}

export interface Slot {
  readonly legacy: Line | null;
  readonly modern: Line | null;
}

export const isObject = (v: Json | undefined): v is JsonObject => v !== null && typeof v === "object" && !Array.isArray(v);

const expandable = (v: Json | undefined): v is JsonObject => isObject(v) && Object.keys(v).length > 0;

export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual((a as JsonObject)[k], (b as JsonObject)[k]));
}

const has = (o: JsonObject | undefined, k: string): boolean => o !== undefined && Object.prototype.hasOwnProperty.call(o, k);
const sorted = (keys: Iterable<string>): string[] => [...new Set(keys)].sort();

interface Ctx {
  readonly folded: ReadonlySet<string>;
  readonly missing: Readonly<Record<Era, readonly Missing[]>>;
}

/** Ghost entries whose parent is `path` and that the era lacks. */
function ghostsAt(ctx: Ctx, era: Era, path: readonly string[], obj: JsonObject | undefined): Map<string, Missing> {
  const out = new Map<string, Missing>();
  for (const m of ctx.missing[era]) {
    if (m.path.length !== path.length + 1 || !path.every((p, i) => m.path[i] === p)) continue;
    const key = m.path[path.length]!;
    if (!has(obj, key) && !out.has(key)) out.set(key, m);
  }
  return out;
}

function missingFor(server: Pick<WireServer, "missing">, era: Era): Missing[] {
  return server.missing.filter((m) => m.era === era || m.era === "both" || (m.era !== "legacy" && m.era !== "modern"));
}

/** The lines of one value in one era, whole (used where the other era has nothing to align with). */
function linesOf(ctx: Ctx, value: Json, path: readonly string[], comma: boolean, mark: Line["mark"], compare: Compare): Line[] {
  const depth = path.length;
  if (!expandable(value)) return [{ kind: "leaf", depth, path, value, comma, mark, compare }];
  if (ctx.folded.has(keyId(path))) return [{ kind: "open", depth, path, value, comma, mark, compare, folded: true }];
  const keys = sorted(Object.keys(value));
  return [
    { kind: "open", depth, path, value, comma: false, mark, compare },
    ...keys.flatMap((k, i) => linesOf(ctx, value[k]!, [...path, k], i < keys.length - 1, mark, compare)),
    { kind: "close", depth, path, comma, mark, compare },
  ];
}

function ghostLine(m: Missing, path: readonly string[], comma: boolean): Line {
  // What the key would have held: an object for a capability, `true` for a flag inside one.
  return { kind: "ghost", depth: path.length, path, value: path.length === 1 ? {} : true, comma, mark: "none", compare: "missing", missing: m };
}

function zip(legacy: readonly Line[], modern: readonly Line[]): Slot[] {
  const n = Math.max(legacy.length, modern.length);
  return Array.from({ length: n }, (_, i) => ({ legacy: legacy[i] ?? null, modern: modern[i] ?? null }));
}

function alignObject(ctx: Ctx, l: JsonObject, m: JsonObject, path: readonly string[]): Slot[] {
  const lKeys = sorted(Object.keys(l));
  const mKeys = sorted(Object.keys(m));
  const lGhosts = ghostsAt(ctx, "legacy", path, l);
  const mGhosts = ghostsAt(ctx, "modern", path, m);
  const keys = sorted([...lKeys, ...mKeys, ...lGhosts.keys(), ...mGhosts.keys()]);
  // A comma follows a key when a real key of that era comes after it (ghosts are not in the JSON).
  const commaL = (k: string) => lKeys.some((x) => x > k);
  const commaM = (k: string) => mKeys.some((x) => x > k);
  const slots: Slot[] = [];
  for (const k of keys) {
    const p = [...path, k];
    const inL = has(l, k);
    const inM = has(m, k);
    if (inL && inM) slots.push(...alignValue(ctx, l[k]!, m[k]!, p, commaL(k), commaM(k)));
    else if (inL) {
      const ghost = mGhosts.get(k);
      slots.push(...zip(linesOf(ctx, l[k]!, p, commaL(k), "del", "only"), ghost ? [ghostLine(ghost, p, commaM(k))] : []));
    } else if (inM) {
      const ghost = lGhosts.get(k);
      slots.push(...zip(ghost ? [ghostLine(ghost, p, commaL(k))] : [], linesOf(ctx, m[k]!, p, commaM(k), "add", "only")));
    } else {
      const gl = lGhosts.get(k);
      const gm = mGhosts.get(k);
      slots.push({ legacy: gl ? ghostLine(gl, p, commaL(k)) : null, modern: gm ? ghostLine(gm, p, commaM(k)) : null });
    }
  }
  return slots;
}

function alignValue(ctx: Ctx, lv: Json, mv: Json, path: readonly string[], commaL: boolean, commaM: boolean): Slot[] {
  const depth = path.length;
  const bothObjects = isObject(lv) && isObject(mv);
  if (bothObjects && (expandable(lv) || expandable(mv))) {
    const compare: Compare = jsonEqual(lv, mv) ? "same" : "differs";
    if (ctx.folded.has(keyId(path))) {
      return [
        {
          legacy: { kind: "open", depth, path, value: lv, comma: commaL, mark: "none", compare, folded: true },
          modern: { kind: "open", depth, path, value: mv, comma: commaM, mark: "none", compare, folded: true },
        },
      ];
    }
    return [
      {
        legacy: { kind: "open", depth, path, value: lv, comma: false, mark: "none", compare },
        modern: { kind: "open", depth, path, value: mv, comma: false, mark: "none", compare },
      },
      ...alignObject(ctx, lv, mv, path),
      { legacy: { kind: "close", depth, path, comma: commaL, mark: "none", compare }, modern: { kind: "close", depth, path, comma: commaM, mark: "none", compare } },
    ];
  }
  if (jsonEqual(lv, mv)) {
    return [
      {
        legacy: { kind: "leaf", depth, path, value: lv, comma: commaL, mark: "none", compare: "same" },
        modern: { kind: "leaf", depth, path, value: mv, comma: commaM, mark: "none", compare: "same" },
      },
    ];
  }
  // Different shapes or values: each side whole; modern's first line carries the change.
  const legacyLines = linesOf(ctx, lv, path, commaL, "none", "changed");
  const modernLines = linesOf(ctx, mv, path, commaM, "add", "changed");
  legacyLines[0] = { ...legacyLines[0]!, other: { value: mv } };
  modernLines[0] = { ...modernLines[0]!, other: { value: lv } };
  return zip(legacyLines, modernLines);
}

export interface AlignOptions {
  /** `keyId`s of folded key rows. */
  readonly folded?: ReadonlySet<string>;
}

/** Both eras aligned row by row; call only when both are served. */
export function alignEras(server: Pick<WireServer, "legacy" | "modern" | "missing">, options: AlignOptions = {}): Slot[] {
  const ctx: Ctx = { folded: options.folded ?? new Set(), missing: { legacy: missingFor(server, "legacy"), modern: missingFor(server, "modern") } };
  const l = server.legacy ?? {};
  const m = server.modern ?? {};
  const open = (): Line => ({ kind: "rootOpen", depth: 0, path: [], comma: false, mark: "none", compare: "same" });
  const close = (): Line => ({ kind: "rootClose", depth: 0, path: [], comma: false, mark: "none", compare: "same" });
  return [{ legacy: open(), modern: open() }, ...alignObject(ctx, l, m, []), { legacy: close(), modern: close() }];
}

/** One era alone, for when the other is not served (nothing to compare with). */
export function singleEra(server: Pick<WireServer, "legacy" | "modern" | "missing">, era: Era, options: AlignOptions = {}): Line[] {
  const ctx: Ctx = { folded: options.folded ?? new Set(), missing: { legacy: missingFor(server, "legacy"), modern: missingFor(server, "modern") } };
  const value = server[era] ?? {};
  const keys = sorted(Object.keys(value));
  const ghosts = ghostsAt(ctx, era, [], value);
  const all = sorted([...keys, ...ghosts.keys()]);
  const lines: Line[] = [{ kind: "rootOpen", depth: 0, path: [], comma: false, mark: "none", compare: "single" }];
  for (const k of all) {
    const comma = keys.some((x) => x > k);
    const ghost = ghosts.get(k);
    if (ghost) lines.push(ghostLine(ghost, [k], comma));
    else lines.push(...linesOf(ctx, value[k]!, [k], comma, "none", "single"));
  }
  lines.push({ kind: "rootClose", depth: 0, path: [], comma: false, mark: "none", compare: "single" });
  return lines;
}
