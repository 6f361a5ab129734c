// Where an error thrown by a function the program calls ends up. An async function's throw becomes
// the rejection of the promise its call returns: handled right there (`main().catch(log)`,
// `.then(ok, log)`, `try { await main() } catch { … }` with a catch that goes on), passed to the
// caller (`await main()`), or dropped (nothing waits for it), when Node ends the process unless the
// program installed a `process.on("unhandledRejection" | "uncaughtException", …)` listener that goes
// on. A handler that exits or throws again (`process.exit(1)`) ends the process all the same; one the
// analysis does not read (a name other than `console.*`) is not taken to go on.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEventEntry, FlowUnit, Span } from "../../core/model/summary";
import { caughtAround } from "../../core/evaluate/caughtTry";
import { ENDS_PROGRAM_TEXT } from "../../core/summarize/deadCode";

export type CallFate = "handled" | "awaited" | "dropped";

/** Words that end the process or pass the error on, in a handler's text; `reject(` hands it to another promise. */
const ENDS = new RegExp(`${ENDS_PROGRAM_TEXT.source}|\\breject\\s*\\(`);

/** What happens to an error thrown while the call at `span` (an invoke event of `entry`) runs. */
export function callFate(ev: Evaluator, file: string, entry: FlowEventEntry, span: Span): CallFate {
  const text = ev.host.text?.(file);
  if (text === undefined) return "dropped";
  const awaited = /\bawait\s*$/.test(text.slice(Math.max(0, span.start - 20), span.start));
  if (awaited && caughtAround(ev, file, entry)) return "handled";
  const handler = promiseHandler(text, span.end);
  if (handler !== undefined) return goesOn(handler) ? "handled" : "dropped";
  return awaited ? "awaited" : "dropped";
}

/**
 * Whether an error thrown in `unit` (code of a function of `file`) is taken by a handler and the
 * program goes on, read from the calls of that function in its file: each handled (`main().catch(log)`),
 * awaited by code that is itself so handled, or dropped with a process listener that goes on. Said
 * as a sentence's start; undefined when some call (or a call elsewhere, for an exported function)
 * may let the error end the program.
 */
export function handledWhereCalled(ev: Evaluator, file: string, unit: FlowUnit, where: (span: Span) => string, depth = 0): string | undefined {
  const units = ev.summary(file)?.flow?.units ?? [];
  let fn: FlowUnit | undefined = unit;
  for (let hops = 0; fn && fn.kind === "closure" && fn.passedTo === undefined && fn.parent !== null && hops < 64; hops++) fn = units[fn.parent];
  if (!fn || depth > 4 || (fn.kind !== "function" && fn.kind !== "method")) return undefined;
  const name = fn.kind === "method" ? fn.name.slice(fn.name.lastIndexOf(".") + 1) : fn.name;
  if (fn.kind === "function" && ev.summary(file)?.exports.has(name)) return undefined;
  const calls = units.flatMap((u) => u.events.filter(({ event: e }) => e.k === "invoke" && (fn!.kind === "function" ? e.callee.k === "ref" && e.callee.name === name : e.callee.k === "get" && e.callee.key.k === "static" && e.callee.key.name === name)).map((entry) => ({ u, entry })));
  if (calls.length === 0) return undefined;
  let said: string | undefined;
  for (const { u, entry } of calls) {
    const why = handledAtCall(ev, file, entry, where, () => handledWhereCalled(ev, file, u, where, depth + 1));
    if (why === undefined) return undefined;
    said ??= why;
  }
  return said;
}

/**
 * What takes an error thrown while the call of `entry` runs, as a sentence's start: its own handler,
 * what takes it around the call when it is awaited (`around`), or a process listener when nothing
 * waits for it (in `file` or the other files given). Undefined when the error ends the program.
 */
export function handledAtCall(ev: Evaluator, file: string, entry: FlowEventEntry, where: (span: Span) => string, around: () => string | undefined, listenerFiles: readonly string[] = []): string | undefined {
  const handler = handlerAtCall(ev, file, entry, where, listenerFiles);
  return handler === "awaited" ? around() : handler;
}

/** What takes an error thrown while the call of `entry` runs: "awaited" (what takes it around the call), a handler's words, or nothing. */
export function handlerAtCall(ev: Evaluator, file: string, entry: FlowEventEntry, where: (span: Span) => string, listenerFiles: readonly string[] = []): string | "awaited" | undefined {
  const fate = callFate(ev, file, entry, entry.event.span);
  if (fate === "handled") return `The handler on the promise of the call at ${where(entry.event.span)} takes the error and the program goes on`;
  if (fate === "awaited") return "awaited";
  const listens = [file, ...listenerFiles].some((f) => processHandlers(ev, f).rejections);
  return listens ? `The program's process.on("unhandledRejection") (or "uncaughtException") listener takes the error and goes on` : undefined;
}

type Listeners = { readonly rejections: boolean; readonly exceptions: boolean };
/** By file summary: asked at every call the replay follows, read once per text. */
const listenersOf = new WeakMap<object, Listeners>();

/** The listeners a file installs for errors nothing else handles, when they go on. */
export function processHandlers(ev: Evaluator, file: string): Listeners {
  const summary = ev.summary(file);
  const known = summary && listenersOf.get(summary);
  if (known) return known;
  const found = listenersIn(ev.host.text?.(file));
  if (summary) listenersOf.set(summary, found);
  return found;
}

function listenersIn(text: string | undefined): Listeners {
  // Most files name neither event: no pattern to run over them.
  if (text === undefined || !/unhandledRejection|uncaughtException/.test(text)) return { rejections: false, exceptions: false };
  const goesOnFor = (event: string) => {
    for (const m of text.matchAll(new RegExp(String.raw`\bprocess\s*\.\s*(?:on|once|addListener)\s*\(\s*["'\`]${event}["'\`]\s*,`, "g"))) {
      const args = balanced(text, m.index + m[0].indexOf("("));
      if (args !== undefined && goesOn(args.slice(args.indexOf(",") + 1))) return true;
    }
    return false;
  };
  const exceptions = goesOnFor("uncaughtException");
  return { rejections: exceptions || goesOnFor("unhandledRejection"), exceptions };
}

/** Whether the call ending at `end` is given a rejection handler right there that takes the error and goes on (`.catch(() => {})`). */
export function handledAndGoesOn(text: string | undefined, end: number): boolean {
  const handler = text === undefined ? undefined : promiseHandler(text, end);
  return handler !== undefined && goesOn(handler);
}

/** The text of the rejection handler given right after a call (`.catch(h)`, `.then(ok, h)`), if any. */
function promiseHandler(text: string, end: number): string | undefined {
  const m = /^\s*\.\s*(catch|then)\s*\(/.exec(text.slice(end, end + 40));
  if (!m) return undefined;
  const args = balanced(text, end + m[0].length - 1);
  if (args === undefined) return undefined;
  if (m[1] === "catch") return args;
  // `.then(ok, h)`: the second argument, after the first top-level comma.
  const comma = topLevelComma(args);
  return comma < 0 ? undefined : args.slice(comma + 1);
}

/** Whether a handler's text goes on after taking the error: a `console.*` reference, or a function that neither ends nor rethrows. */
function goesOn(handler: string): boolean {
  const h = handler.trim();
  if (/^console\s*\.\s*(?:error|log|warn|info|debug)$/.test(h)) return true;
  const isFunction = /^(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>/.test(h) || /^(?:async\s+)?function\b/.test(h);
  return isFunction && !ENDS.test(h);
}

/** The text between the parenthesis at `open` and its match; undefined when it does not close nearby. */
function balanced(text: string, open: number): string | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < Math.min(text.length, open + 4000); i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") {
      depth--;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return undefined;
}

function topLevelComma(args: string): number {
  let depth = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i]!;
    if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") depth--;
    else if (c === "," && depth === 0) return i;
  }
  return -1;
}
