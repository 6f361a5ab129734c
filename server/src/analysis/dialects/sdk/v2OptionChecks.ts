// Options SDK v2 checks as the server is built, throwing a RangeError for a bad one (read in the
// published 2.0.0–2.4.0 builds): the low-level Server's constructor (McpServer makes one) checks
// `inputRequired` (`maxRounds` a positive integer, `roundTimeoutMs` a positive finite number) and each
// `cacheHints` entry, and `registerResource` checks its `cacheHint` (`ttlMs` a non-negative safe
// integer, `cacheScope` "public" or "private"). A value known only at run time (`Number(process.env.TTL)`,
// NaN when the variable is unset) may throw.
import { DYNAMIC_KEY, type Loc, type Value } from "../../core/evaluate/values";

export interface OptionThrow {
  readonly loc: Loc;
  readonly why: string;
}

const isUndefined = (v: Value): boolean => v.t === "dyn" && v.text.trim() === "undefined";

/** A value checked by `ok`, named `what`: a known bad one throws, one known only at run time may. */
function checked(v: Value | undefined, what: string, rule: string, ok: (x: string | number | boolean | null) => boolean, by: string): OptionThrow[] {
  if (!v || isUndefined(v)) return [];
  if (v.t === "prim") return ok(v.value) ? [] : [{ loc: v.loc, why: `${by} throws a RangeError for ${what} ${JSON.stringify(v.value)} (it must be ${rule}), so the server does not start` }];
  if (v.t === "dyn") return [{ loc: v.loc, why: `${what} is only known at run time, and ${by} throws a RangeError unless it is ${rule} (an unset variable read with Number() gives NaN)` }];
  return [{ loc: v.loc, why: `${by} throws a RangeError for ${what}: it must be ${rule}` }];
}

/** What a cache hint (`{ ttlMs, cacheScope }`) may throw, named for people as `context`. */
export function cacheHintThrows(hint: Value | undefined, context: string, by: string): OptionThrow[] {
  if (!hint || isUndefined(hint)) return [];
  if (hint.t !== "obj") return hint.t === "dyn" ? [{ loc: hint.loc, why: `${context} is only known at run time, and ${by} throws a RangeError for a ttlMs that is not a non-negative safe integer or a cacheScope other than "public" and "private"` }] : [];
  return [
    ...checked(hint.entries.get("ttlMs")?.value, `${context}.ttlMs`, "a non-negative safe integer", (x) => typeof x === "number" && Number.isSafeInteger(x) && x >= 0, by),
    ...checked(hint.entries.get("cacheScope")?.value, `${context}.cacheScope`, `"public" or "private"`, (x) => x === "public" || x === "private", by),
  ];
}

/** What the v2 server's constructor options may throw (`inputRequired`, `cacheHints`). */
export function constructorOptionThrows(options: Extract<Value, { t: "obj" }>): OptionThrow[] {
  const by = "the server's constructor";
  const out: OptionThrow[] = [];
  const input = options.entries.get("inputRequired")?.value;
  if (input?.t === "obj") {
    out.push(...checked(input.entries.get("maxRounds")?.value, "inputRequired.maxRounds", "a positive integer", (x) => typeof x === "number" && Number.isInteger(x) && x >= 1, by));
    out.push(...checked(input.entries.get("roundTimeoutMs")?.value, "inputRequired.roundTimeoutMs", "a positive finite number", (x) => typeof x === "number" && Number.isFinite(x) && x > 0, by));
  } else if (input?.t === "dyn" && !isUndefined(input)) {
    out.push({ loc: input.loc, why: `inputRequired is only known at run time, and ${by} throws a RangeError for a maxRounds that is not a positive integer or a roundTimeoutMs that is not a positive number` });
  }
  const hints = options.entries.get("cacheHints")?.value;
  if (hints?.t === "obj") for (const [operation, entry] of hints.entries) out.push(...cacheHintThrows(entry.value, operation === DYNAMIC_KEY ? "a spread into cacheHints" : `cacheHints['${operation}']`, by));
  else if (hints?.t === "dyn" && !isUndefined(hints)) out.push(...cacheHintThrows(hints, "cacheHints", by));
  return out;
}

/**
 * What an HTTP entry point's options may throw as it is made (2.1.0+: `createMcpHandler(f, options)`,
 * `legacyStatelessFallback(f, onerror, options)`): `maxRequestBodySize` a positive finite number of bytes.
 */
export function entryOptionThrows(options: Value | undefined, entry: string): OptionThrow[] {
  if (options?.t !== "obj") return [];
  return checked(options.entries.get("maxRequestBodySize")?.value, "maxRequestBodySize", "a positive finite number of bytes", (x) => typeof x === "number" && Number.isFinite(x) && x > 0, entry);
}

/**
 * `createRequestStateCodec({ key, ttlSeconds })` checks its options as it is made (2.x): the key at
 * least 32 bytes (a string's UTF-8, or the bytes given), `ttlSeconds` finite.
 */
export function codecOptionThrows(options: Value | undefined): OptionThrow[] {
  const by = "createRequestStateCodec";
  if (!options || options.t === "dyn") return options ? [{ loc: options.loc, why: `${by}'s options are only known at run time, and it throws a RangeError for a key shorter than 32 bytes or a ttlSeconds that is not finite` }] : [];
  if (options.t !== "obj") return [];
  const out: OptionThrow[] = [];
  const key = options.entries.get("key")?.value;
  if (key?.t === "prim" && typeof key.value === "string") {
    const bytes = new TextEncoder().encode(key.value).byteLength;
    if (bytes < 32) out.push({ loc: key.loc, why: `${by} throws a RangeError for a key of ${bytes} bytes (it must be at least 32), so the server does not start` });
  } else if (key && !isUndefined(key)) {
    out.push({ loc: key.loc, why: `the key given to ${by} is only known at run time, and it throws a RangeError for one shorter than 32 bytes (randomBytes(16), a short secret in the environment)` });
  }
  out.push(...checked(options.entries.get("ttlSeconds")?.value, "ttlSeconds", "a finite number", (x) => typeof x === "number" && Number.isFinite(x), by));
  return out;
}

