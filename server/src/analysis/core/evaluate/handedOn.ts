import type { FileSummary } from "../model/summary";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
/**
 * `helper(a, name)`, `obj.enable(name)`: a call whose parenthesised arguments hold no call of their
 * own. Not a declaration (`function f(name)`) nor `new X(name)` (a constructor the analysis reads).
 */
const CALL = new RegExp(String.raw`(?<![\w$])(?<!\bfunction\s*\*?\s*)(?<!\bnew\s+(?:${IDENT}\s*\.\s*)*)(?:(${IDENT})\s*\.\s*)?(${IDENT})\s*\(([^()]*)\)`, "g");
const BARE = new RegExp(String.raw`^(${IDENT})\s*!?$`);

/** Keywords and declarations that look like a call: `if (caps)`, `constructor(options) {`. */
const NOT_CALLS = new Set(["if", "for", "while", "switch", "catch", "return", "typeof", "await", "yield", "void", "delete", "in", "of", "async", "constructor", "super", "function", "with"]);
/**
 * Calls known to read their argument without changing it, or to copy it: handing an object to them
 * does not change what the program advertises (`registerCapabilities` merges a copy).
 */
const READERS = new Set([
  "registerCapabilities", "connect", "log", "info", "warn", "error", "debug", "trace", "stringify", "freeze", "isFrozen",
  "keys", "values", "entries", "structuredClone", "String", "Boolean", "Number", "includes", "has", "indexOf", "require",
  "parse", "safeParse", "assert", "expect", "equal", "deepEqual", "strictEqual", "deepStrictEqual",
]);

/** Words that are not names a program binds (`default` is how an export default is keyed). */
const RESERVED = new Set(["default", "this", "super", "true", "false", "null", "undefined", "new", "void", "typeof", "await", "yield", "arguments"]);

const cache = new WeakMap<FileSummary, ReadonlySet<string>>();

/**
 * The names a file hands, as a whole argument, to a call that is not known to only read them
 * (`enableLogging(capabilities)`): the callee may change the object after the server took it (the
 * SDK keeps the very object until it merges), and the analysis does not follow it there. Read from
 * the text in one pass like `mutatedNames`, so a comment or a string can only make a value unknown.
 */
export function handedOnNames(summary: FileSummary, text: string): ReadonlySet<string> {
  let names = cache.get(summary);
  if (!names) {
    const found = new Set<string>();
    for (const m of text.matchAll(CALL)) {
      const [, receiver, callee, args] = m;
      if (!callee || NOT_CALLS.has(callee) || READERS.has(callee) || (receiver === "console" || receiver === "JSON" || receiver === "Object")) continue;
      for (const arg of args!.split(",")) {
        const bare = BARE.exec(arg.trim());
        if (bare && !RESERVED.has(bare[1]!)) found.add(bare[1]!);
      }
    }
    cache.set(summary, (names = found));
  }
  return names;
}
