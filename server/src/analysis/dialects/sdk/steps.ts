// One step of a server's story, as the editor explains it: a registration, a merge, a handler or a
// completable argument, with the keys it set (or did not set) and why, in the SDK's own terms.
// The replay records a snapshot before each call and one after; this file turns the pair into words.
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import { isPlainObject, type Json, type JsonObject, type Loc } from "../../core/evaluate/values";
import type { SdkCause, SdkState } from "./sdkState";
import type { SdkVersion } from "./sdkTables";

/** A key or flag a step set, with the value it set it to. */
export interface StepChange {
  /** `tools`, `tools.listChanged`. */
  readonly path: string;
  readonly value: Json;
}

export interface SdkStep {
  /** `registerTool`, `setRequestHandler`, `registerCapabilities`, `completable`, `ResourceTemplate complete`, `constructor options`. */
  readonly call: string;
  /** Where a hover finds it: the method's name, the `completable(...)` call, the `capabilities` key. */
  readonly loc: Loc;
  /** The named function it is written in (a helper's name), when it is in one: a helper file's lens goes there. */
  readonly within?: Loc;
  /** The capability keys the call is about (`tools` for registerTool), whether or not it changed them. */
  readonly keys: readonly string[];
  /** What it changed, in order. */
  readonly set: readonly StepChange[];
  /** Why, in the SDK's terms: one or two sentences, no places (those are in `earlier`). */
  readonly why: string;
  /** An earlier step the explanation refers to (the registration that already advertised tools). */
  readonly earlier?: { readonly call: string; readonly loc: Loc };
  /** It may not run, or not before the server is served (an if, a loop, a callback). */
  readonly conditional: boolean;
  /** The diagnostic that says the step throws or does nothing. */
  readonly problem?: string;
  /** The SDK throws here: at start-up (no era is served), or later, in the callback it runs in. */
  readonly throws?: "start-up" | "later";
}

/** What the replay knew just before a call. */
export interface StepSnapshot {
  readonly caps: JsonObject;
  readonly registered: ReadonlySet<string>;
  readonly causes: ReadonlyMap<string, SdkCause>;
  readonly threw: AnalysisDiagnostic | undefined;
  readonly diagnostics: number;
}

export function snapshot(state: SdkState): StepSnapshot {
  return {
    caps: structuredClone(state.caps),
    registered: new Set(state.registered),
    causes: new Map(state.causes),
    threw: state.threw,
    diagnostics: state.diagnostics.length,
  };
}

/** Keys and flags that differ between two capability objects (one level of flags, like the SDK's merge). */
export function changesBetween(before: JsonObject, after: JsonObject): StepChange[] {
  const out: StepChange[] = [];
  for (const [k, v] of Object.entries(after)) {
    const was = before[k];
    if (!(k in before)) out.push({ path: k, value: v });
    else if (isPlainObject(was) && isPlainObject(v)) {
      for (const [sub, value] of Object.entries(v)) if (JSON.stringify(was[sub]) !== JSON.stringify(value)) out.push({ path: `${k}.${sub}`, value });
    } else if (JSON.stringify(was) !== JSON.stringify(v)) out.push({ path: k, value: v });
  }
  return out;
}

/** Registration methods of McpServer and the primitive each one adds. */
export const PRIMITIVE_OF: Readonly<Record<string, string>> = {
  registerTool: "tools",
  tool: "tools",
  registerResource: "resources",
  resource: "resources",
  registerPrompt: "prompts",
  prompt: "prompts",
  registerToolTask: "tools",
};

export interface CallFacts {
  readonly call: string;
  readonly loc: Loc;
  readonly within?: Loc;
  readonly version: SdkVersion;
  readonly kind: "mcp" | "low";
  readonly conditional: boolean;
  readonly deferred: boolean;
  /** setRequestHandler: the request method (undefined: not known) and the capability the SDK checks for it. */
  readonly method?: string;
  readonly required?: string;
  /** SDK 0.4.0 (the version named): no capability is checked, and a list handler advertises `implies`. */
  readonly preOptions?: string;
  readonly implies?: string;
  /** The capability check could not be decided (the capabilities are not fully known). */
  readonly uncertain?: boolean;
  /** Keys merged by registerCapabilities. */
  readonly merged?: readonly string[];
  /** v1: logging merged here installs no logging/setLevel. */
  readonly loggingLate?: boolean;
  /** Paths set by steps of the call's own arguments (a completable prompt argument), which explain them. */
  readonly inner?: readonly string[];
  readonly innerCalls?: readonly string[];
}

const earlierOf = (cause: SdkCause | undefined): SdkStep["earlier"] =>
  cause?.loc ? { call: cause.because === "eagerInstall" || cause.because === "constructor" ? "constructor options" : cause.because, loc: cause.loc } : undefined;

/** The step a call made, from the replay's state before and after it. */
export function stepOf(facts: CallFacts, before: StepSnapshot, state: SdkState): SdkStep {
  const set = changesBetween(before.caps, state.caps).filter((c) => !facts.inner?.includes(c.path));
  const threw = state.threw !== before.threw ? state.threw : undefined;
  const added = state.diagnostics.slice(before.diagnostics).find((d) => d.loc.file === facts.loc.file && d.loc.span.start === facts.loc.span.start);
  const problem = threw ?? added;
  const primitive = PRIMITIVE_OF[facts.call];
  const keys = primitive ? [primitive] : facts.merged ? [...facts.merged] : facts.required ? [facts.required] : [];
  const base = { call: facts.call, loc: facts.loc, ...(facts.within ? { within: facts.within } : {}), keys, set, conditional: facts.conditional || facts.deferred };
  if (problem) return { ...base, set: threw ? [] : set, why: problem.message, problem: problem.code, ...(threw ? { throws: "start-up" as const } : problem.severity === "error" ? { throws: "later" as const } : {}) };
  const explained = primitive
    ? registration(facts, primitive, before, state)
    : facts.call === "setRequestHandler"
      ? handler(facts, before)
      : facts.call === "registerCapabilities"
        ? merge(facts, set)
        : { why: "" };
  const inner = facts.inner ?? [];
  const calls = (facts.innerCalls ?? []).join(" and ");
  const args = calls ? (inner.length > 0 ? ` Its ${calls} arguments add ${[...new Set(inner)].join(", ")} (hover them).` : ` Its ${calls} arguments add nothing.`) : "";
  const why = (facts.deferred
    ? `Runs in a callback, after the server is connected. ${explained.why}`
    : facts.conditional && set.length > 0
      ? `Runs only under a condition (an if, a loop, a callback): whether it happens is known at run time. ${explained.why}`
      : explained.why) + args;
  return { ...base, why, ...(explained.earlier ? { earlier: explained.earlier } : {}) };
}

type Explained = { why: string; earlier?: SdkStep["earlier"] };

function registration(facts: CallFacts, k: string, before: StepSnapshot, state: SdkState): Explained {
  const call = facts.call;
  const flagBefore = isPlainObject(before.caps[k]) ? (before.caps[k] as JsonObject).listChanged : undefined;
  const flagNow = isPlainObject(state.caps[k]) ? (state.caps[k] as JsonObject).listChanged : undefined;
  const listCause = before.causes.get(`${k}.listChanged`) ?? before.causes.get(k);
  if (before.registered.has(k)) {
    const eager = listCause?.because === "eagerInstall" || (facts.version === "v2" && listCause?.because === "constructor");
    if (eager) {
      return {
        why:
          `${k} is declared in the constructor options, where McpServer already installed its handlers ` +
          `(${facts.version === "v1" ? "SDK v1 forcing listChanged: true" : `SDK v2 keeping listChanged: ${JSON.stringify(flagNow ?? true)}`}): this ${call} changes no capability.`,
        ...withEarlier(before.causes.get(k)),
      };
    }
    return { why: `${k} already advertised: no change.`, ...withEarlier(listCause) };
  }
  if (facts.version === "v1") {
    if (flagBefore === false) {
      return {
        why: `SDK v1 default: listChanged forced true. The first ${call} installs the ${k} handlers and merges listChanged: true over the false written earlier.`,
        ...withEarlier(before.causes.get(`${k}.listChanged`)),
      };
    }
    return {
      why: `SDK v1 default: listChanged forced true. McpServer advertises ${k} at the first ${call} and merges listChanged: true into it (even over an explicit false).`,
    };
  }
  if (flagBefore !== undefined) {
    return {
      why: `SDK v2 keeps the listChanged: ${JSON.stringify(flagBefore)} written earlier; the first ${call} installs the ${k} handlers and changes no capability.`,
      ...withEarlier(before.causes.get(`${k}.listChanged`)),
    };
  }
  return { why: `SDK v2 default: listChanged true unless written. McpServer advertises ${k} at the first ${call}, with listChanged: true since nothing wrote it.` };
}

function handler(facts: CallFacts, before: StepSnapshot): Explained {
  if (facts.method === undefined) return { why: "The request method is not known statically, so whether the SDK requires a capability for it is not known either." };
  if (facts.preOptions !== undefined) {
    return facts.implies
      ? { why: `Answers ${facts.method}. SDK ${facts.preOptions} advertises ${facts.implies} because this handler is registered: it reads no declared capabilities and checks none.` }
      : { why: `Answers ${facts.method}; SDK ${facts.preOptions} advertises nothing for it and checks no capability.` };
  }
  const answers = `Answers ${facts.method}; setRequestHandler adds no capability.`;
  if (!facts.required) return { why: `${answers} The SDK checks no capability for ${facts.method}.` };
  if (facts.uncertain) return { why: `${answers} The SDK checks that ${facts.required} is declared when the handler is registered; the capabilities are not fully known statically.` };
  return { why: `${answers} The SDK checks that ${facts.required} is declared when the handler is registered, and it is.`, ...withEarlier(before.causes.get(facts.required)) };
}

function merge(facts: CallFacts, set: readonly StepChange[]): Explained {
  if (set.length === 0) return { why: "Everything it merges is already advertised: no change." };
  const late = facts.loggingLate ? " SDK v1 installs no logging/setLevel handler for logging added here, only for logging declared in the constructor." : "";
  return { why: `Merged into the capabilities one level deep: an object merges flag by flag, anything else replaces the value.${late}` };
}

/** A step of the constructor's options: what they declare, and what McpServer does with declared primitives. */
export function constructorStep(loc: Loc, version: SdkVersion, kind: "mcp" | "low", caps: JsonObject): SdkStep {
  const keys = Object.keys(caps);
  const primitives = keys.filter((k) => k === "tools" || k === "resources" || k === "prompts");
  let why = "Declared in the capabilities passed to the constructor.";
  if (kind === "low") why += " The low-level Server advertises them as written.";
  else if (primitives.length > 0) {
    why +=
      version === "v1"
        ? ` McpServer installs the handlers of ${primitives.join(", ")} here, and SDK v1 forces their listChanged: true (even over an explicit false).`
        : ` McpServer installs the handlers of ${primitives.join(", ")} here; SDK v2 keeps a listChanged the options wrote, else sets it true.`;
  }
  return { call: "constructor options", loc, keys, set: changesBetween({}, caps), why, conditional: false };
}

/** A step of a completable prompt argument or a resource template's `complete` callbacks. */
export function completionStep(call: string, loc: Loc, within: Loc | undefined, what: string, before: StepSnapshot, state: SdkState, conditional: boolean): SdkStep {
  const set = changesBetween(before.caps, state.caps);
  const base = { call, loc, ...(within ? { within } : {}), keys: ["completions"], set, conditional };
  if (set.length > 0) return { ...base, why: `${what}: McpServer advertises completions and answers completion/complete.` };
  return { ...base, why: `${what}. completions already advertised: no change.`, ...withEarlier(before.causes.get("completions")) };
}

/** A completable argument or template `complete` that completes nothing (with the diagnostic that says so). */
export function inertCompletionStep(call: string, loc: Loc, within: Loc | undefined, why: string, problem: string | undefined, conditional: boolean): SdkStep {
  return { call, loc, ...(within ? { within } : {}), keys: ["completions"], set: [], why, conditional, ...(problem ? { problem } : {}) };
}

function withEarlier(cause: SdkCause | undefined): { earlier?: SdkStep["earlier"] } {
  const earlier = earlierOf(cause);
  return earlier ? { earlier } : {};
}
