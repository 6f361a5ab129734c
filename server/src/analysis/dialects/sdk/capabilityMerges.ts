// How the SDK merges capabilities into a server as the replay applies each call, and what is certain
// about the result: a key merged by code that may not run is conditional (not stated, an `unknown`
// entry says why), a flag a conditional merge would change in a key there for certain likewise. The
// replay's walk knows why the call being applied may not run; it hands that over as `MergeContext`.
import { basename } from "../../core/project/paths";
import { isPlainObject, type Json, type JsonObject, type Loc, type Value } from "../../core/evaluate/values";
import type { SdkCause, SdkState } from "./sdkState";
import { firstRegisteredValue, recordInAlternative, type AlternativeRun } from "./alternatives";

/** What the walk knows of the call being applied. */
export interface MergeContext {
  /** It may not run. */
  conditional(): boolean;
  /** The condition it runs under, when that is elsewhere (a helper called under an `if`). */
  conditionAt(): Loc | undefined;
  /** It is in a module nothing loads here: why what it adds may not be advertised. */
  untimedWhy(): string | undefined;
  /** It calls a method the code replaced on the server: what replaced it. */
  replacedWhy(): string | undefined;
  /** It runs on one of several servers the site makes (`2 calls of createServer()`). */
  instanceWhy(): string | undefined;
  /** `line N` of a place. */
  lineOf(loc: Loc): string;
  /** It runs in one alternative of a join (alternatives.ts), for certain once that alternative runs: what that alternative registers. */
  alternative(): AlternativeRun | undefined;
}

export class CapabilityMerges {
  /** Keys only code that may not run adds, with where. */
  readonly conditionalKeys = new Map<string, Loc | undefined>();
  /** For a conditional key registered in a helper: where the call that runs it under the condition is (`line 7`). */
  readonly conditionCalls = new Map<string, string>();
  /**
   * Flags (`tools.listChanged`) a conditional merge changes in a key that is there for certain: the
   * key stays, the flag is not stated and gets an `unknown` entry.
   */
  readonly conditionalFlags = new Map<string, Loc | undefined>();
  /** Keys only a module nothing loads made conditional, with that reason. */
  readonly untimedKeys = new Map<string, string>();
  /** Keys registered only through a method the code replaced on the server, with what replaced it. */
  readonly replacedKeys = new Map<string, string>();
  /** Keys registered on one server of several the site makes → why they are not stated. */
  readonly instanceKeys = new Map<string, string>();
  readonly #certainKeys = new Set<string>();
  readonly #state: SdkState;
  readonly #at: MergeContext;

  constructor(state: SdkState, at: MergeContext) {
    this.#state = state;
    this.#at = at;
  }

  /** The SDK's `mergeCapabilities`: one level deep; objects merge per property, anything else replaces. */
  merge(add: JsonObject, source: Value | undefined, cause: SdkCause, fromLiteral = false): void {
    const caps = this.#state.caps;
    const alternative = this.#at.conditional() ? this.#at.alternative() : undefined;
    for (const [k, v] of Object.entries(add)) {
      if (alternative) recordInAlternative(alternative, k, (before) => mergedValue(before, v, source?.t === "obj" ? source.entries.get(k)?.value : undefined));
      if (this.#at.conditional()) {
        if (!this.#certainKeys.has(k) && !this.conditionalKeys.has(k)) this.#conditionalKey(k, cause.loc);
        // Met again on one of several servers the site makes: that is why it is not stated.
        else if (this.conditionalKeys.has(k) && !this.instanceKeys.has(k) && this.#at.instanceWhy()) this.instanceKeys.set(k, this.#at.instanceWhy()!);
        // `{ prompts: { listChanged: void 0 } }` clears the flag when it runs: that may change it too.
        else if (this.#certainKeys.has(k)) this.#flagsMayChange(k, caps[k], v, cause.loc, source?.t === "obj" ? source.entries.get(k)?.value : undefined);
      } else {
        this.#certainKeys.add(k);
        this.conditionalKeys.delete(k);
        for (const flag of [...this.conditionalFlags.keys()]) {
          // Set again for certain: known again (a replaced non-object value resets every flag).
          const [key, sub] = flag.split(".") as [string, string];
          if (key === k && (!isPlainObject(v) || sub in v)) this.conditionalFlags.delete(flag);
        }
      }
    }
    for (const [k, v] of Object.entries(add)) {
      const keyLoc = source?.t === "obj" ? source.entries.get(k)?.keyLoc : undefined;
      const at = fromLiteral && keyLoc ? { ...cause, loc: keyLoc } : cause;
      const before = caps[k];
      caps[k] = mergedValue(before, v, source?.t === "obj" ? source.entries.get(k)?.value : undefined);
      if (!this.#state.causes.has(k) || !isPlainObject(before)) this.#state.causes.set(k, at);
      if (isPlainObject(v)) {
        for (const sub of Object.keys(v)) {
          // The cause of a flag is whatever last changed it, not every merge that repeated it.
          const unchanged = isPlainObject(before) && JSON.stringify(before[sub]) === JSON.stringify(v[sub]);
          if (unchanged && this.#state.causes.has(`${k}.${sub}`)) continue;
          const inner = source?.t === "obj" ? source.entries.get(k)?.value : undefined;
          const subLoc = inner?.t === "obj" ? inner.entries.get(sub)?.keyLoc : undefined;
          this.#state.causes.set(`${k}.${sub}`, fromLiteral && subLoc ? { ...cause, loc: subLoc } : at);
        }
      }
    }
  }

  /** v2: the first registration of a primitive sets `listChanged` to what was written, else true. */
  firstRegistration(k: string, cause: SdkCause): void {
    const state = this.#state;
    const alternative = this.#at.conditional() ? this.#at.alternative() : undefined;
    if (alternative) recordInAlternative(alternative, k, firstRegisteredValue);
    if (this.#at.conditional()) {
      if (!this.#certainKeys.has(k) && !(k in state.caps)) this.#conditionalKey(k, cause.loc);
      else if (this.#certainKeys.has(k) && !state.registered.has(k)) {
        const existing = state.caps[k];
        if (!isPlainObject(existing) || existing.listChanged === undefined) this.#flagsMayChange(k, existing, { listChanged: true }, cause.loc);
      }
    } else {
      this.#certainKeys.add(k);
      this.conditionalKeys.delete(k);
    }
    if (state.registered.has(k)) return;
    state.registered.add(k);
    const existing = state.caps[k];
    const obj = firstRegisteredValue(existing);
    if (!isPlainObject(existing) || existing.listChanged === undefined) state.causes.set(`${k}.listChanged`, cause);
    if (!(k in state.caps)) state.causes.set(k, cause);
    state.caps[k] = obj;
  }

  /** A key the join of alternatives made certain (alternatives.ts), with the value they agree on: advertised, whichever runs. */
  certain(k: string, value: Json): void {
    if (!this.conditionalKeys.has(k)) return;
    this.#state.caps[k] = structuredClone(value);
    this.#certainKeys.add(k);
    this.conditionalKeys.delete(k);
    this.conditionCalls.delete(k);
    this.untimedKeys.delete(k);
    this.replacedKeys.delete(k);
    this.instanceKeys.delete(k);
  }

  #conditionalKey(k: string, loc: Loc | undefined): void {
    const untimed = this.#at.untimedWhy();
    const replaced = this.#at.replacedWhy();
    if (!this.conditionalKeys.has(k) && untimed) this.untimedKeys.set(k, untimed);
    if (!this.conditionalKeys.has(k) && replaced) this.replacedKeys.set(k, replaced);
    this.conditionalKeys.set(k, loc);
    // Said when the condition is elsewhere than the registration (a helper called under an `if`).
    const at = this.#at.conditionAt();
    const lineOf = (l: Loc) => this.#at.lineOf(l);
    if (at && loc && (at.file !== loc.file || lineOf(at) !== lineOf(loc))) this.conditionCalls.set(k, `${at.file === loc.file ? "" : `${basename(at.file)} `}${lineOf(at)}`);
    else this.conditionCalls.delete(k);
    const instance = this.#at.instanceWhy();
    if (instance) this.instanceKeys.set(k, instance);
  }

  /** A conditional merge of `add` into a key there for certain: each flag it would change is not known. */
  #flagsMayChange(k: string, before: Json | undefined, add: Json | undefined, loc: Loc | undefined, written?: Value): void {
    const was = isPlainObject(before) ? before : {};
    const now = isPlainObject(before) && isPlainObject(add) ? withoutCleared({ ...before, ...add }, written) : add;
    const subs = new Set([...Object.keys(was), ...(isPlainObject(now) ? Object.keys(now) : [])]);
    for (const sub of subs) {
      const a = was[sub];
      const b = isPlainObject(now) ? now[sub] : undefined;
      if (JSON.stringify(a) !== JSON.stringify(b) && !this.conditionalFlags.has(`${k}.${sub}`)) this.conditionalFlags.set(`${k}.${sub}`, loc);
    }
  }
}

/** The SDK's `mergeCapabilities` for one key: objects merge per property, anything else replaces. */
function mergedValue(before: Json | undefined, add: Json, written: Value | undefined): Json {
  return isPlainObject(before) && isPlainObject(add) ? withoutCleared({ ...before, ...add }, written) : structuredClone(add);
}

/** `{ tools: { listChanged: undefined } }` merged into `tools`: the spread sets the flag to undefined, which JSON drops. */
function withoutCleared(merged: JsonObject, written: Value | undefined): JsonObject {
  if (written?.t !== "obj" || !written.cleared) return merged;
  for (const sub of written.cleared) delete merged[sub];
  return merged;
}
