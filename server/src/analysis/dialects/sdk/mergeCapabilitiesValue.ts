// The SDK's `mergeCapabilities(base, additional)` (v1 `shared/protocol.js`, v2 `@modelcontextprotocol/server`)
// read as it runs: a copy of `base`, each key of `additional` that is not `undefined` merged one level
// deep (two plain objects: the properties of both, the later winning), anything else replacing. Both
// arguments must be object literals the evaluator knows whole; otherwise the call stays dynamic.
import { DYNAMIC_KEY, isUndefinedValue, type Loc, type ObjEntryValue, type Value } from "../../core/evaluate/values";
import type { PackageFunction } from "../../core/evaluate/evaluator";

/** The modules that export it: v1's protocol module (with or without `.js`), v2's server and client packages. */
const EXPORTED_BY = /^@modelcontextprotocol\/(?:sdk\/(?:dist\/(?:esm|cjs)\/)?shared\/protocol(?:\.js)?|server|client)$/;

export function sdkPackageCall(specifier: string, imported: string): PackageFunction | undefined {
  return imported === "mergeCapabilities" && EXPORTED_BY.test(specifier) ? mergeCapabilities : undefined;
}

function mergeCapabilities(args: readonly Value[], loc: Loc): Value | undefined {
  const [base, additional] = args;
  if (!known(base) || !known(additional)) return undefined;
  const entries = new Map<string, ObjEntryValue>(base.entries);
  // `{ completions: undefined }` in the base: the key is there with no value (JSON leaves it out).
  const cleared = new Set(base.cleared ?? []);
  // A key of `additional` written `undefined` (its `cleared`) is skipped, as the SDK skips it.
  for (const [k, add] of additional.entries) {
    if (isUndefinedValue(add.value)) continue;
    const before = entries.get(k);
    cleared.delete(k);
    if (before && before.value.t === "obj" && add.value.t === "obj") {
      if (!known(before.value) || !known(add.value)) return undefined;
      entries.set(k, { ...add, value: spreadBoth(before.value, add.value) });
    } else entries.set(k, add);
  }
  return { t: "obj", entries, loc, ...(cleared.size > 0 ? { cleared } : {}) };
}

/** `{ ...a, ...b }` of two known objects. */
function spreadBoth(a: KnownObject, b: KnownObject): Value {
  const entries = new Map<string, ObjEntryValue>(a.entries);
  const cleared = new Set(a.cleared ?? []);
  for (const [k, e] of b.entries) {
    entries.delete(k);
    entries.set(k, e);
    cleared.delete(k);
  }
  for (const k of b.cleared ?? []) {
    entries.delete(k);
    cleared.add(k);
  }
  return { t: "obj", entries, loc: b.loc, ...(cleared.size > 0 ? { cleared } : {}) };
}

type KnownObject = Extract<Value, { t: "obj" }>;

/** An object the evaluator knows whole: no unknown spread or key. */
function known(v: Value | undefined): v is KnownObject {
  return v !== undefined && v.t === "obj" && !v.entries.has(DYNAMIC_KEY);
}
