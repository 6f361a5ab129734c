// What McpServer does when a tool, resource or prompt is registered, by release: the first
// registration of a kind installs its handlers and registers the kind (v1 forcing `listChanged: true`,
// v2 keeping what was written), and the first completer (or, in v1 releases before 1.25.0, any prompt
// or resource) registers `completions`. A flag or key the releases the server may load disagree on is
// not stated: it is an unknown of its own, said where it is decided.
import { markInexact, type SdkCause } from "./sdkState";
import type { SdkRelease } from "./sdkRelease";
import type { Loc } from "../../core/evaluate/values";
import { completionStep, snapshot } from "./steps";
import type { CapabilityMerges } from "./capabilityMerges";
import type { HandlerChecks } from "./handlerChecks";
import { lateThrow } from "./lateRegistrations";
import type { ReplayPoint } from "./replayPoint";

/** A registration applied after connect(): where, why it is late, and whether it may not run (or runs at a time not known). */
export interface LateCall {
  readonly loc: Loc;
  readonly call: string;
  readonly why: string;
  readonly conditional: boolean;
  /** True in a callback that may run at any time; a module's name at a module's top level loaded at a time not known. */
  readonly anytime: boolean | string;
}

export class PrimitiveRegistrations {
  readonly #point: ReplayPoint;
  readonly #merges: CapabilityMerges;
  readonly #handlers: () => HandlerChecks;
  readonly #late: () => LateCall | undefined;
  /**
   * A key or flag (`tools.listChanged`, `completions`) that differs between the releases the server
   * may load: not stated, and said to be unknown where it is decided (the first place wins).
   */
  readonly releaseUnknowns = new Map<string, { readonly loc: Loc; readonly why: string }>();

  constructor(point: ReplayPoint, merges: CapabilityMerges, handlers: () => HandlerChecks, late: () => LateCall | undefined) {
    this.#point = point;
    this.#merges = merges;
    this.#handlers = handlers;
    this.#late = late;
  }

  /** The first registration of `k` (tools, resources, prompts) installs `methods` and registers the kind. */
  register(k: string, loc: Loc, how: string, methods: readonly string[]): void {
    const { state, release } = this.#point;
    if (state.kind !== "mcp") return;
    if (this.#handlers().conflict(k, methods, loc, how)) return;
    const cause: SdkCause = { because: how, loc };
    if (state.version === "v1") {
      if (release.unverified) markInexact(state, `${release.unverified}: what ${how} adds may differ`);
      const other = release.mayLoad;
      if (other && other.release.listChangedOnRegister !== release.listChangedOnRegister && !state.registered.has(k)) this.releaseUnknown(`${k}.listChanged`, loc, `${other.why}: whether ${how} sets it depends on the release`);
      // v1 merges {listChanged: true} when it installs a primitive's handlers, overriding an explicit
      // false (#1488): once, at the first registration (or at construction, for a declared primitive).
      // A later registration changes nothing, but makes the key certain if the first one was not.
      const flag = !state.registered.has(k) && release.listChangedOnRegister;
      this.#merges.merge({ [k]: flag ? { listChanged: true } : {} }, undefined, cause);
      state.registered.add(k);
    } else {
      this.#merges.firstRegistration(k, cause);
    }
    for (const m of methods) if (!state.handlers.has(m)) state.handlers.set(m, loc);
  }

  /**
   * v1 releases before 1.25.0 decide `completions` without looking at the prompt or template: none
   * before 1.12.2, always from then on. True when the prompt's or template's own completers decide.
   */
  releaseCompletions(how: string, loc: Loc): boolean {
    const { state, release } = this.#point;
    if (state.version !== "v1" || state.kind !== "mcp") return true;
    const other = release.mayLoad;
    const always = (r: SdkRelease) => r.completions === "with-any-prompt-or-resource";
    if (other && always(other.release) !== always(release)) this.releaseUnknown("completions", loc, `${other.why}: whether ${how} adds it depends on the release`);
    if (release.completions === "with-completers") return true;
    // Before 1.12.2 the first prompt or resource installs the completion handler too, without the key:
    // a `completions` the options declare is answered.
    if (release.completions === "never" && !state.handlers.has("completion/complete")) state.handlers.set("completion/complete", loc);
    if (release.completions === "with-any-prompt-or-resource") {
      const detail = `SDK ${release.version} advertises completions with every prompt or resource`;
      this.completions({ because: how, loc, detail }, how, detail);
    }
    return false;
  }

  /** A completer (a completable() argument, a template's complete callback) registers `completions`. */
  completions(cause: SdkCause, call: string, what: string): void {
    const { state, release } = this.#point;
    const late = this.#late();
    if (this.#handlers().conflict("completions", ["completion/complete"], late?.loc ?? cause.loc!, call)) return;
    if (late && !state.registered.has("completions")) {
      // The first completer makes McpServer install the completion handler and register completions,
      // also when the key is declared, and whatever the primitive's own handlers: after connect() it throws.
      const advice = ": the first completable argument or template complete callback makes McpServer register completions, even when they are declared.";
      lateThrow(this.#point, late.loc, `${late.call} with ${call}`, late.why, advice, false, late.conditional, late.anytime);
      return;
    }
    state.registered.add("completions");
    const other = release.mayLoad;
    if (other?.release.completions === "never" && state.version === "v1" && cause.loc) this.releaseUnknown("completions", cause.loc, `${other.why}: whether ${call} adds it depends on the release`);
    const before = snapshot(state);
    if (!("completions" in state.caps)) state.causes.set("completions", cause);
    this.#merges.merge({ completions: {} }, undefined, cause);
    state.causes.set("completions", state.causes.get("completions") ?? cause);
    if (!state.handlers.has("completion/complete")) state.handlers.set("completion/complete", cause.loc!);
    this.#point.record(completionStep(call, cause.loc!, this.#point.withinFor(cause.loc!), what, before, state, this.#point.conditional));
  }

  releaseUnknown(path: string, loc: Loc, why: string): void {
    if (!this.releaseUnknowns.has(path)) this.releaseUnknowns.set(path, { loc, why });
  }
}
