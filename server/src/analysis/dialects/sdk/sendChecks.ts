// The notifications a replayed server sends, and whether sending them stops it: a sender called
// before connect() (McpServer's list-changed senders do nothing then; the low-level Server's reject
// with "Not connected"), after it while its capability is not advertised (rejected), or missing from
// the release the server loads (a TypeError). Which of those holds depends on where the send runs
// relative to connect(), which the replay's walk knows: it hands that over as `SendTiming`.
import type { Loc } from "../../core/evaluate/values";
import type { SdkState } from "./sdkState";
import { NOTIFICATION_FLAGS } from "./sdkTables";
import type { ConnectedRelation } from "./connectedArms";
import { missingMethod, missingOnLowLevel } from "./missingMethods";
import { throwsForCertain, throwsIfItRuns, type ReplayPoint } from "./replayPoint";
import { diagnostic } from "./codes";
import { sendOutcome, type SendPhase } from "./sends";

type Send = SdkState["sends"][number];

/**
 * A function the replay follows without knowing when it runs (a handler maybe called later): until it
 * calls connect() itself, what it does may come before the connect() seen so far as well as after.
 */
export interface UntimedFrame {
  connected: boolean;
  /** Sends made here before any connect(): rejected if this function's own connect() follows. */
  sentBefore?: { readonly method: string; readonly loc: Loc }[];
  /** McpServer's list-changed sends made here before any connect(): nothing, if this function's own connect() follows. */
  quietBefore?: Send[];
}

/** What the walk knows of where the call being applied runs. */
export interface SendTiming {
  /** The untimed functions being followed, outermost first (the walk pushes and pops them). */
  readonly frames: readonly UntimedFrame[];
  /** How the call stands to the connect() of the function it is in (connectedArms.ts), when there is one. */
  connectedHere(): ConnectedRelation | undefined;
  /** The call is made on McpServer's inner low-level Server (`server.server.…`). */
  onInner(): boolean;
  /** A rejection of the call being applied surely ends the program (rejectionPath.ts). */
  endsProgramIfRejected(): boolean;
}

/** When a send runs: `deferred` in a callback after start-up, `anytime` in one that may run at any time. */
export interface SendMode {
  readonly deferred: boolean;
  readonly anytime?: true;
}

/**
 * Whether the promise a call returns is handled where the call is made: a rejection handler given
 * right there (`setup().catch(log)`, `.then(ok, log)`), or, with `inTry`, `await` of it inside a
 * `try` whose catch goes on. A `try` around a call not awaited catches nothing: the rejection comes later.
 */
export function rejectionHandled(text: string | undefined, span: { readonly start: number; readonly end: number }, inTry = false): boolean {
  if (text === undefined) return false;
  if (/^\s*\.\s*(?:catch\s*\(|then\s*\([^,)]*,)/.test(text.slice(span.end, span.end + 200))) return true;
  return inTry && /\bawait\s*\(?\s*$/.test(text.slice(Math.max(0, span.start - 20), span.start));
}

export class SendChecks {
  readonly #point: ReplayPoint;
  readonly #timing: SendTiming;
  /** Sends after connect() whose capability was not advertised when they ran (settled in `settle`). */
  readonly #unsupported: { readonly method: string; readonly key: string; readonly loc: Loc }[] = [];

  constructor(point: ReplayPoint, timing: SendTiming) {
    this.#point = point;
    this.#timing = timing;
  }

  /**
   * A sender called on the server (sends.ts says what each does when). A rejection at start-up stops
   * the server unless caught, which is not followed: the result is not claimed. Later sends are
   * checked against the final capabilities by the diagnostics.
   */
  send(method: string, loc: Loc, mode: SendMode, caught = false, goesOn = false): void {
    const { state, release } = this.#point;
    const kind = this.#timing.onInner() ? "low" : state.kind;
    if (this.lacks(kind, method, loc, !mode.deferred && !mode.anytime)) return;
    const phase = this.#phase(mode);
    const declared = (k: string) => k in state.caps;
    const releases = [release, ...(release.mayLoad ? [release.mayLoad.release] : [])];
    const outcomes = releases.map((r) => sendOutcome(kind, state.version, r, method, phase === "untimed" ? "before" : phase, declared));
    // McpServer's list-changed senders before connect() (when surely before it): nothing happens.
    const quiet = method !== "sendLoggingMessage" && outcomes.every((o) => o === "noop");
    if (phase === "before" && quiet) return;
    const send = { method, loc, raw: false, ...(caught ? { caught: true as const } : {}) };
    state.sends.push(send);
    // In a function whose timing is not followed: nothing either, once that function's connect() follows.
    if (phase === "untimed" && quiet) for (const frame of this.#timing.frames) if (!frame.connected) (frame.quietBefore ??= []).push(send);
    // `.catch(() => {})` right on it: the "Not connected" rejection is taken and the program goes on.
    if (outcomes.includes("not-connected") && !goesOn) this.sentBeforeConnect(method, loc, mode, outcomes.every((o) => o === "not-connected"));
    // Settled once everything is followed: code not followed may have advertised the key after all.
    if (outcomes.includes("unsupported") && !caught) this.#unsupported.push({ method, key: NOTIFICATION_FLAGS[method]?.key ?? "logging", loc });
  }

  /**
   * Whether McpServer lacks `method` on the release, or the low-level Server lacks it (McpServer's own
   * registration methods, called on `server.server`) (missingMethods.ts); a call at start-up (`atStart`)
   * then may stop the server, and does for certain when the call surely runs (`surely`) on a release
   * that surely lacks it: unless a catch takes the TypeError, the server does not start.
   */
  lacks(kind: "mcp" | "low" | "own", method: string, loc: Loc, atStart: boolean, surely = false): boolean {
    const missing = kind === "mcp" ? missingMethod(this.#point.state.version, this.#point.release, method) : kind === "low" ? missingOnLowLevel(method) : undefined;
    if (!missing || !atStart) return missing !== undefined;
    const mayWhy = `${missing.why} (${this.#point.where(loc)})`;
    if (missing.certain) {
      const d = diagnostic("sdk-method-missing", loc, `${missing.why.replace(": a TypeError where it runs", "")}: the call throws a TypeError${this.#point.caught ? "" : ", so the server does not start"}.`);
      throwsIfItRuns(this.#point, d, surely, mayWhy);
    } else this.#point.mayThrow(loc, mayWhy);
    return true;
  }

  /**
   * A notification the low-level Server sends before any transport is connected: the SDK rejects it
   * ("Not connected"), and a rejection nothing catches stops the server: for certain when the send
   * surely runs, is rejected on every release the server may load (`everyRelease`), and the rejection
   * surely reaches the end of the program; else the result is not claimed.
   */
  sentBeforeConnect(method: string, loc: Loc, mode: SendMode, everyRelease = true): void {
    if (this.#point.state.connected || mode.deferred || mode.anytime) return;
    // In a function whose timing is not followed (a handler called later, maybe), only a connect() that
    // same function makes later settles that the send comes first.
    if (this.#timing.frames.length > 0) {
      for (const frame of this.#timing.frames) if (!frame.connected) (frame.sentBefore ??= []).push({ method, loc });
      return;
    }
    const point = this.#point;
    if (everyRelease && !point.conditional && !point.caught && this.#timing.endsProgramIfRejected()) {
      const d = diagnostic("sdk-startup-rejected", loc, `${method}() at ${point.where(loc)} comes before connect(): the SDK rejects it ("Not connected"), and nothing takes the rejection, so the program stops before the server is served.`);
      return throwsForCertain(point, d);
    }
    this.#notConnectedYet(method, loc);
  }

  /** A connect() is met: in each untimed function not connected yet, what it sent so far came first. */
  connected(): void {
    for (const frame of this.#timing.frames) {
      if (!frame.connected) {
        for (const sent of frame.sentBefore ?? []) this.#notConnectedYet(sent.method, sent.loc);
        for (const quiet of frame.quietBefore ?? []) this.#unsend(quiet);
      }
      frame.connected = true;
    }
  }

  /**
   * Once the server is followed everywhere: each send after connect() whose capability is still not
   * advertised, and could not have been by code the analysis does not follow, is rejected by the SDK,
   * and the rejection stops the server unless it is caught.
   */
  settle(mayHave: (key: string) => boolean): void {
    for (const { method, key, loc } of this.#unsupported) {
      if (mayHave(key)) continue;
      this.#point.mayThrow(loc, `${method}() at ${this.#point.where(loc)} runs after connect() while ${key} is not advertised: the SDK rejects it ("Server does not support …"), and unless that rejection is caught, the server stops`);
    }
  }

  #notConnectedYet(method: string, loc: Loc): void {
    this.#point.mayThrow(loc, `${method}() at ${this.#point.where(loc)} comes before connect() and is rejected by the SDK ("Not connected"): unless that rejection is caught, the server stops`);
  }

  #unsend(send: Send): void {
    const sends = this.#point.state.sends;
    const at = sends.indexOf(send);
    if (at >= 0) sends.splice(at, 1);
  }

  /** When a sender runs relative to connect(), as far as the start-up's order is followed. */
  #phase(mode: SendMode): SendPhase | "untimed" {
    if (mode.deferred || mode.anytime) return "later";
    // In a function that may run before connect() as well as after, until its own connect() is met.
    const frames = this.#timing.frames;
    if (frames.length > 0 && !frames.at(-1)!.connected) return "untimed";
    if (!this.#point.state.connected) return "before";
    const here = this.#timing.connectedHere();
    return here === "exclusive" || here === "maybe" ? "later" : "after";
  }
}
