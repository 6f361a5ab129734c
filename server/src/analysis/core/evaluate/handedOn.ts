import type { FileSummary } from "../model/summary";
import { withSources } from "./mutation";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const IDENTIFIER = new RegExp(`^${IDENT}$`);
/** How far back a `new a.b.C(` prefix is looked for: member hops, then characters of blank. */
const MAX_MEMBER_HOPS = 16;
const BARE = new RegExp(String.raw`^(${IDENT})\s*!?$`);

/** Keywords and declarations that look like a call: `if (caps)`, `constructor(options) {`. */
const NOT_CALLS = new Set(["if", "for", "while", "switch", "catch", "return", "typeof", "await", "yield", "void", "delete", "in", "of", "async", "constructor", "super", "function", "with"]);
/**
 * Calls known to read their argument without changing it, or to copy it: handing an object to them
 * does not change what the program advertises (`registerCapabilities` and `mergeCapabilities` merge
 * copies; `serveStdio` and `createMcpHandler` read their options).
 */
const READERS = new Set([
  "registerCapabilities", "connect", "serveStdio", "createMcpHandler", "mergeCapabilities", "log", "info", "warn", "error", "debug", "trace", "stringify", "freeze", "isFrozen",
  "keys", "values", "entries", "structuredClone", "String", "Boolean", "Number", "includes", "has", "indexOf", "require", "concat",
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
  if (!names) cache.set(summary, (names = handedOnNamesIn(text)));
  return names;
}

/** The same read of a text of its own (a function's body, a file with one call blanked out). */
export function handedOnNamesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const { receiver, callee, args } of innermostCalls(text)) {
    if (NOT_CALLS.has(callee) || READERS.has(callee) || receiver === "console" || receiver === "JSON" || receiver === "Object") continue;
    for (const arg of args.split(",")) {
      const bare = BARE.exec(arg.trim());
      if (bare && !RESERVED.has(bare[1]!)) found.add(bare[1]!);
    }
  }
  // `const same = caps; enable(same)`: caps is handed on as well.
  return withSources(found, text);
}

/** The same, reading the text only when the names are not remembered for the summary yet (undefined when it cannot be read). */
export function handedOnNamesOf(summary: FileSummary, text: () => string | undefined): ReadonlySet<string> | undefined {
  const kept = cache.get(summary);
  if (kept) return kept;
  const read = text();
  return read === undefined ? undefined : handedOnNames(summary, read);
}

interface Call {
  readonly receiver: string | undefined;
  readonly callee: string;
  /** The text between the parentheses (it holds no parenthesis). */
  readonly args: string;
}

/**
 * `helper(a, name)`, `obj.enable(name)`: each call whose parenthesised arguments hold no call of their
 * own, in one pass over the text (a pattern with look-behinds took minutes on some texts). Not a
 * declaration (`function f(name)`) nor `new X(name)` / `new a.b.X(name)` (constructors the analysis reads).
 */
function* innermostCalls(text: string): Generator<Call> {
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 /* ( */) open = i;
    else if (c === 41 /* ) */) {
      if (open !== -1) {
        const call = callBefore(text, open);
        if (call) yield { ...call, args: text.slice(open + 1, i) };
      }
      open = -1;
    }
  }
}

function callBefore(text: string, paren: number): Omit<Call, "args"> | undefined {
  const calleeEnd = skipBlankBack(text, paren);
  const calleeStart = identifierStart(text, calleeEnd);
  const callee = text.slice(calleeStart, calleeEnd);
  if (!IDENTIFIER.test(callee)) return undefined;
  // `a.b.c(`, `x[0].c(`: the callee is the last member; a receiver only when a plain name precedes it.
  let start = calleeStart;
  let receiver: string | undefined;
  const dot = skipBlankBack(text, calleeStart);
  if (dot > 0 && text[dot - 1] === ".") {
    const receiverEnd = skipBlankBack(text, dot - 1);
    const receiverStart = identifierStart(text, receiverEnd);
    const name = text.slice(receiverStart, receiverEnd);
    if (IDENTIFIER.test(name)) {
      receiver = name;
      start = receiverStart;
    }
  }
  if (afterNew(text, start) || afterFunction(text, start)) return undefined;
  return { receiver, callee };
}

/** Whether `new ` (with any `a.b.` members between) comes right before `at`. */
function afterNew(text: string, at: number): boolean {
  let i = at;
  for (let hops = 0; hops <= MAX_MEMBER_HOPS; hops++) {
    const end = skipBlankBack(text, i);
    if (wordBefore(text, end) === "new") return true;
    if (end === 0 || text[end - 1] !== ".") return false;
    const nameEnd = skipBlankBack(text, end - 1);
    const nameStart = identifierStart(text, nameEnd);
    if (!IDENTIFIER.test(text.slice(nameStart, nameEnd))) return false;
    i = nameStart;
  }
  return false;
}

/** Whether `function`, `function*` or `function *` comes right before `at`. */
function afterFunction(text: string, at: number): boolean {
  let end = skipBlankBack(text, at);
  if (end > 0 && text[end - 1] === "*") end = skipBlankBack(text, end - 1);
  return wordBefore(text, end) === "function";
}

/** The identifier-like word that ends at `end`, if a non-word character (or the start) comes before it. */
function wordBefore(text: string, end: number): string {
  return text.slice(identifierStart(text, end), end);
}

function skipBlankBack(text: string, end: number): number {
  let i = end;
  while (i > 0 && isBlank(text.charCodeAt(i - 1))) i--;
  return i;
}

function identifierStart(text: string, end: number): number {
  let i = end;
  while (i > 0 && isWordChar(text.charCodeAt(i - 1))) i--;
  return i;
}

/**
 * What `/\s/` matches, by code unit: tested per character of every call's prefix, a pattern cost more
 * than the rest of the scan (the test file's whole text is read for each file whose consts are read).
 */
function isBlank(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** What `/[\w$]/` matches, by code unit. */
function isWordChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x24;
}
