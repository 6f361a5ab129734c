import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import type { JsonObject, Loc } from "../../core/evaluate/values";
import type { SdkVersion } from "./sdkTables";

/** Why a key or flag is in an SDK server's capabilities. */
export interface SdkCause {
  /** `constructor`, `registerCapabilities`, `registerTool`, `completable`, `eagerInstall`, ... */
  readonly because: string;
  readonly loc?: Loc;
  readonly detail?: string;
}

/**
 * What replaying a server's story (construction, registrations, connect, notifications) produced: its
 * capabilities as they stand when it serves, the handlers it has, and what went wrong on the way.
 */
export interface SdkState {
  readonly version: SdkVersion;
  /** `mcp`: McpServer (registers for you); `low`: the low-level Server (capabilities as written). */
  readonly kind: "mcp" | "low";
  caps: JsonObject;
  /** `tools`, `tools.listChanged` → cause. */
  readonly causes: Map<string, SdkCause>;
  /** Request methods with a handler → where it was registered. */
  readonly handlers: Map<string, Loc>;
  /** Primitives McpServer has registered at least once (v2 sets `listChanged` only the first time). */
  readonly registered: Set<string>;
  connected: Loc | undefined;
  exact: boolean;
  readonly inexact: string[];
  /** Why capabilities may be added that the analysis does not see (the server escapes it): the result gets a `$dynamic` entry. */
  readonly open: string[];
  /** Where each reason of `open` happens, when it is one place. */
  readonly openAt: Map<string, Loc>;
  /** Set when the server's start-up throws (the SDK refuses a registration). */
  threw: AnalysisDiagnostic | undefined;
  readonly diagnostics: AnalysisDiagnostic[];
  /** `logging` was in the constructor's capabilities (so `logging/setLevel` is installed). */
  loggingAtConstruction: boolean;
  /** Notifications and log messages sent anywhere in the server's code, checked against the final capabilities. */
  /** `caught`: the call's rejection is handled where it is made (`.catch(...)`, or awaited in a try whose catch goes on). */
  readonly sends: { readonly method: string; readonly loc: Loc; readonly raw: boolean; readonly startup?: boolean; readonly caught?: true }[];
  /** The options literal's object, for quick fixes that add a key to it. */
  optionsCaps: Loc | undefined;
  optionsObject: Loc | undefined;
  /** Above 0 while code runs that only runs once the server is connected (see sealCapabilities). */
  sealed?: number;
  /**
   * Where the program replaces what the SDK does to make the capabilities (a prototype patch, the
   * server's own getCapabilities or registerCapabilities assigned): nothing of them is then known.
   */
  replaced?: { readonly why: string; readonly loc: Loc }[];
  /** Reasons the whole of the capabilities is not known that no other unknown part states (the constructor's options not known). */
  whole?: { readonly why: string; readonly loc?: Loc }[];
  /** Whether an era is answered at all is not known (an entry point's `legacy` option read at run time): one `unknown` entry for that era. */
  erasOpen?: { readonly era: "legacy" | "modern"; readonly why: string; readonly loc?: Loc }[];
}

export function newState(version: SdkVersion, kind: "mcp" | "low"): SdkState {
  return {
    version,
    kind,
    caps: {},
    causes: new Map(),
    handlers: new Map(),
    registered: new Set(),
    connected: undefined,
    exact: true,
    inexact: [],
    open: [],
    openAt: new Map(),
    threw: undefined,
    diagnostics: [],
    loggingAtConstruction: false,
    sends: [],
    optionsCaps: undefined,
    optionsObject: undefined,
  };
}

export function markInexact(state: SdkState, why: string): void {
  state.exact = false;
  if (!state.inexact.includes(why)) state.inexact.push(why);
}

/**
 * The server goes where the analysis does not follow (a helper it cannot resolve, a caller of the
 * factory that returns it): more capabilities may be added there, so the result says it is not all.
 */
/** The SDK's own making of the capabilities replaced by the program's code (see `replaced`). */
export function markReplaced(state: SdkState, why: string, loc: Loc): void {
  markInexact(state, why);
  state.replaced ??= [];
  if (!state.replaced.some((r) => r.why === why)) state.replaced.push({ why, loc });
}

/** Nothing of the capabilities is known for certain for a reason no other unknown part states: one `unknown` entry for the whole says it. */
export function markWhole(state: SdkState, why: string, loc?: Loc): void {
  markInexact(state, why);
  state.whole ??= [];
  if (!state.whole.some((w) => w.why === why)) state.whole.push({ why, ...(loc ? { loc } : {}) });
}

/** Whether `era` is answered at all is not known, for `why`: that whole era is open. */
export function markEraOpen(state: SdkState, era: "legacy" | "modern", why: string, loc?: Loc): void {
  markInexact(state, why);
  state.erasOpen ??= [];
  if (!state.erasOpen.some((e) => e.era === era && e.why === why)) state.erasOpen.push({ era, why, ...(loc ? { loc } : {}) });
}

export function markOpen(state: SdkState, why: string, loc?: Loc): void {
  if (state.sealed) return;
  markInexact(state, why);
  if (!state.open.includes(why)) state.open.push(why);
  if (loc && !state.openAt.has(why)) state.openAt.set(why, loc);
}

/**
 * Runs code that only runs once the server is connected (its own request handlers): the SDK refuses
 * new capabilities then, so where the server goes from there cannot add any, and is not an open entry.
 */
export function sealCapabilities(state: SdkState, run: () => void): void {
  state.sealed = (state.sealed ?? 0) + 1;
  try {
    run();
  } finally {
    state.sealed -= 1;
  }
}
