import { UNDEFINED_TEXT, type FunctionSummary, type Span } from "../model/summary";

/** A place in a file. */
export interface Loc {
  readonly file: string;
  readonly span: Span;
}

/** A class as the evaluator sees it: a summary, plus the scope it was created in (mixins). */
export interface ClassRef {
  readonly file: string;
  readonly index: number;
  /** The function scope a mixin's class expression was created in; null for ordinary classes. */
  readonly scope: Scope | null;
  /** Identity for cycle detection: the same class declaration gives the same key. */
  readonly key: string;
}

/**
 * What a name stands for in a scope: a value, or an expression read in its scope. `from`: the
 * expression is what the name holds only at and after that offset of the scope's file (an object its
 * function builds by statements, BuiltLocal); a use before it is not known.
 */
export type Binding = { readonly value: Value } | { readonly expr: import("../model/summary").ValueExpr; readonly scope: Scope; readonly from?: number };

/** A lexical scope: a function's parameters and locals, or (with `vars` null) a file's top level. */
export interface Scope {
  readonly file: string;
  readonly vars: ReadonlyMap<string, Binding> | null;
  readonly parent: Scope | null;
}

export interface ObjEntryValue {
  readonly value: Value;
  /** Where the key was written (provenance and diagnostics point here). */
  readonly keyLoc: Loc;
  /** A value that is not data (a function, a class): the expression written for it, which a report names. */
  readonly written?: { readonly text: string; readonly loc: Loc };
  /**
   * On the entry of an object's unknown spreads: the keys they may write, when each is a choice of
   * objects whose keys are known (`...(flag ? { resources: {} } : {})`); absent, any key.
   */
  readonly mayWrite?: ReadonlySet<string>;
}

/** What an expression evaluates to. Only `obj`, `arr` and `prim` are data; the rest are references. */
export type Value =
  /** `cleared`: keys written as `undefined` (absent, but a one-level merge of this object still clears them). */
  | { readonly t: "obj"; readonly entries: ReadonlyMap<string, ObjEntryValue>; readonly loc: Loc; readonly cleared?: ReadonlySet<string> }
  /** `itemLocs[i]` is where item i was written (its value's own `loc` may be its declaration). */
  | { readonly t: "arr"; readonly items: readonly Value[]; readonly itemLocs: readonly Loc[]; readonly loc: Loc }
  | { readonly t: "prim"; readonly value: string | number | boolean | null; readonly loc: Loc }
  | { readonly t: "class"; readonly cls: ClassRef; readonly loc: Loc }
  | { readonly t: "fn"; readonly fn: FunctionSummary; readonly scope: Scope; readonly loc: Loc }
  | { readonly t: "ns"; readonly file: string; readonly loc: Loc }
  | { readonly t: "enum"; readonly members: ReadonlyMap<string, string | number | null>; readonly loc: Loc }
  /**
   * Not known statically: `text` is the source the value comes from. `parts`: the several spreads and
   * computed keys of one object that are not known (`{ ...load(), [k]: 1 }`), each reported on its own;
   * `text` then joins them.
   */
  | { readonly t: "dyn"; readonly text: string; readonly loc: Loc; readonly why?: string; readonly parts?: readonly DynamicPart[] };

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const DYNAMIC_KEY = "$dynamic";
/**
 * In report JSON before it is cleaned, the entry of an object that holds a dynamic spread or computed
 * key (`{ ...load(), a: 1 }`): the object is known, but may hold more keys.
 */
export const SPREAD_KEY = "$spread";

export function isPlainObject(v: Json | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A value the analysis could not know, as it appears in a report: `{"$dynamic": "<source>"}`. */
export function isDynamicMarker(v: Json | undefined): boolean {
  return isPlainObject(v) && Object.keys(v).length === 1 && typeof v[DYNAMIC_KEY] === "string";
}

/**
 * `undefined` written as such (`undefined`, `void 0`, a const holding it, an argument not passed): the
 * one dynamic value that is known. It carries no reason, unlike a name that is not declared.
 */
export function isUndefinedValue(v: Value): boolean {
  return v.t === "dyn" && v.text === UNDEFINED_TEXT && v.why === undefined;
}

export interface DynamicPart {
  readonly text: string;
  readonly loc: Loc;
  readonly why?: string;
  /** The joined text of the object's unknown spreads and keys this one is among (see the `parts` of a dynamic value). */
  readonly among?: string;
}

/** What a dynamic value leaves unknown: itself, or each of the spreads and keys it joins. */
export function dynamicParts(v: Extract<Value, { t: "dyn" }>): DynamicPart[] {
  if (v.parts && v.parts.length > 1) return v.parts.map((p) => ({ ...p, among: v.text }));
  return [{ text: v.text, loc: v.loc, ...(v.why ? { why: v.why } : {}) }];
}

/** Deepest JSON a capability value may have before the rest is shown as `$dynamic`. */
const MAX_JSON_DEPTH = 64;
/** Most JSON nodes one conversion produces: consts that reuse each other must not expand exponentially. */
const MAX_JSON_NODES = 20_000;

/**
 * Converts a value to report JSON. Whatever is not data (dynamic values, classes, functions) becomes a
 * `$dynamic` marker, and each such place is collected so it can be reported. Values too deep or too
 * large to be real capabilities (built by consts that reuse each other) are cut off the same way.
 */
export function toJson(v: Value, dynamics: DynamicPart[], how: { readonly laterSpreadsReplace?: boolean } = {}): Json {
  let nodes = 0;
  const tooBig = (loc: Loc): Json => {
    const why = "the value is too large or too deeply nested to be a capability";
    if (!dynamics.some((d) => d.why === why)) dynamics.push({ text: "…", loc, why });
    return { [DYNAMIC_KEY]: "…" };
  };
  const convert = (value: Value, depth: number): Json => {
    if (++nodes > MAX_JSON_NODES || depth > MAX_JSON_DEPTH) return tooBig(value.loc);
    switch (value.t) {
      case "prim":
        return value.value;
      case "arr": {
        const out: Json[] = [];
        for (const item of value.items) out.push(convert(item, depth + 1));
        return out;
      }
      case "obj": {
        const out: JsonObject = {};
        // The object's unknown spreads and keys come after every key written before the last of them
        // (the evaluator moves that entry to the end each time): such a key may be replaced, or set to
        // undefined, by what is spread over it at run time. Its entry names the spread.
        const spreadEntry = how.laterSpreadsReplace ? value.entries.get(DYNAMIC_KEY) : undefined;
        const spread = spreadEntry?.value;
        let beforeSpread = spread?.t === "dyn";
        for (const [k, e] of value.entries) {
          if (k === DYNAMIC_KEY) beforeSpread = false;
          if (beforeSpread && spread?.t === "dyn" && (!spreadEntry!.mayWrite || spreadEntry!.mayWrite.has(k))) {
            setKey(out, k, { [DYNAMIC_KEY]: spread.text });
            continue;
          }
          // A dynamic spread or key is kept as the entry `"$spread": "<source>"` of its object.
          if (k === DYNAMIC_KEY && e.value.t === "dyn") {
            dynamics.push(...dynamicParts(e.value));
            setKey(out, SPREAD_KEY, e.value.text);
          } else if (e.written && !isData(e.value)) {
            // `{ render: renderPreview }`: named by what is written there, not by what it refers to.
            dynamics.push({ text: e.written.text, loc: e.written.loc, why: `a ${notDataKind(e.value)} is not JSON data` });
            setKey(out, k, { [DYNAMIC_KEY]: e.written.text });
          } else {
            setKey(out, k, convert(e.value, depth + 1));
          }
        }
        return out;
      }
      case "dyn":
        dynamics.push({ text: value.text, loc: value.loc, ...(value.why ? { why: value.why } : {}) });
        return { [DYNAMIC_KEY]: value.text };
      default: {
        const text = notDataKind(value);
        dynamics.push({ text, loc: value.loc, why: `a ${text} is not JSON data` });
        return { [DYNAMIC_KEY]: text };
      }
    }
  };
  return convert(v, 0);
}

function isData(v: Value): boolean {
  return v.t === "obj" || v.t === "arr" || v.t === "prim" || v.t === "dyn";
}

/** What a value that is not data is: "function", "class". */
function notDataKind(v: Value): string {
  return v.t === "class" ? "class" : v.t === "fn" ? "function" : v.t === "ns" ? "module namespace" : "enum";
}

/** Sets an own key, `__proto__` included (plain assignment would change the object's prototype). */
export function setKey(obj: JsonObject, key: string, value: Json): void {
  if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** Deep copy with keys sorted alphabetically at every level (the order conduit's encoder emits). */
export function sortKeysDeep(v: Json): Json {
  if (Array.isArray(v)) return v.map(sortKeysDeep);
  if (!isPlainObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v).sort()) setKey(out, k, sortKeysDeep(v[k]!));
  return out;
}

export function cloneJson<T extends Json>(v: T): T {
  return structuredClone(v);
}
