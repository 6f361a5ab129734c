// The server's transport as the replay meets connect() and close(): which connect() serves (the first
// at start-up), a second connect() the SDK refuses ("Already connected to a transport"), a close()
// that lets the transport go (after which the server takes new capabilities again), and a close()
// right after connect() at start-up, which stops the server before it answers. Where each call runs
// relative to the others (its function, its instance, its branches) is the walk's knowledge: it hands
// that over as `ConnectionTiming`.
import type { Loc } from "../../core/evaluate/values";
import { exitAfterServing } from "./exitAfterStart";
import { startsOnlyOnce } from "./guardedStarts";
import type { CallEvent, FlowUnit, ValueExpr } from "../../core/model/summary";
import { firstDifference, throwsForCertain, type ReplayPoint } from "./replayPoint";
import type { SdkVersion } from "./sdkTables";
import type { UntimedFrame } from "./sendChecks";
import { diagnostic } from "./codes";
import { MADE_HERE } from "./connectedInPlace";
import { perRequestPath } from "./perRequestCallers";
import type { Elsewhere } from "./factoryCallers";
import { closesSomething, declaresServer, madeStreamableTransport, perRequestHandler, reuseRefused, reuseSurelyRefused, sessionful } from "./perRequestConnect";

/** What the walk knows of where the call being applied runs. */
export interface ConnectionTiming {
  /** The server being followed, when the site makes several (`#asInstance`). */
  instance(): string | undefined;
  /** The function the call is written in. */
  unit(): FlowUnit | undefined;
  /** The untimed functions being followed (sendChecks.ts). */
  readonly frames: readonly UntimedFrame[];
  /** The call sits in a branch or a loop of its function. */
  branchedOrLooped(): boolean;
  text(file: string): string | undefined;
  /** The calls that ran the functions being replayed (innermost last). */
  readonly invokedAt: readonly Loc[];
  /** A rejection of the call being applied surely ends the program (rejectionPath.ts). */
  endsProgramIfRejected(): boolean;
  /** How other files of the workspace are found: a handler calling the function may be in one. */
  readonly elsewhere: Elsewhere;
}

/** A close() met on the connected server: where, whether it certainly has finished once past it, in which function. */
export interface Closed {
  readonly loc: Loc;
  readonly certain: boolean;
  readonly unit: FlowUnit | undefined;
}

export class ConnectionChecks {
  readonly #point: ReplayPoint;
  readonly #at: ConnectionTiming;
  /** The transport the first connect() at start-up is given (which eras it serves). */
  connectArg: { readonly file: string; readonly expr: ValueExpr | undefined } | undefined;
  /** The instance and the function the first connect() was met in. */
  #connectedInstance: string | undefined;
  #connectedUnit: FlowUnit | undefined;
  /** The calls that ran the first connect() (`app.start()`): the same connect() run again through another call connects twice. */
  #connectedThrough: readonly Loc[] = [];
  /** A close() met since the last connect(): connecting again is allowed. */
  #closedSinceConnect = false;
  /**
   * That close(), at start-up, on the connected server: once it has finished, the server has let go
   * of its transport and takes new capabilities again. Certain when it is awaited, unconditionally.
   */
  #closed: Closed | undefined;
  /** A close() right after connect() at start-up, with no connect() after it (yet): the server stops. */
  #stopsAt: { readonly loc: Loc; readonly why: string } | undefined;

  constructor(point: ReplayPoint, at: ConnectionTiming) {
    this.#point = point;
    this.#at = at;
  }

  connect(file: string, e: CallEvent, loc: Loc, mode: { readonly deferred: boolean; readonly conditional: boolean }): void {
    const { state, release } = this.#point;
    const instance = this.#at.instance();
    const unit = this.#at.unit();
    // connect() starts the transport itself, and every SDK transport refuses a second start ("already
    // started"): one the program started by hand before, in the same body, makes connect() throw,
    // unless its own class's start() returns early once started (guardedStarts.ts).
    const transport = e.args[0]?.k === "ref" ? e.args[0].name : undefined;
    const started = transport === undefined ? undefined : unit?.events.find(({ event: x }) => x.k === "call" && x.method === "start" && x.receiver.length === 1 && x.receiver[0] === transport && x.span.end <= e.span.start);
    if (started && !startsOnlyOnce(this.#point.ev, file, unit!, transport!)) this.#point.mayThrow(loc, `connect() at ${this.#point.where(loc)} starts ${transport} itself, which the program already started (${this.#point.where({ file, span: started.event.span })}), and a transport refuses a second start ("already started"): unless that error is caught, the server is not served`);
    if (!mode.deferred && !state.connected) {
      const exits = unit && (unit.kind === "module" || unit.kind === "function") ? exitAfterServing(this.#point.ev, file, unit.kind === "function" ? unit.name : undefined, e.span.end) : undefined;
      if (exits) this.#point.mayThrow(loc, `the program exits (${this.#point.where({ file, span: exits })}) once the code that connects has run, and connect() returns as soon as the transport is started: the process ends before any client is answered`);
      state.connected = loc;
      this.#connectedInstance = instance;
      this.#connectedUnit = unit;
      this.#connectedThrough = [...this.#at.invokedAt];
      this.connectArg = { file, expr: e.args[0] };
    } else if (
      // Two connects written one after the other in one body, on the same server.
      !mode.deferred && !mode.conditional && !this.#point.caught && !this.#closedSinceConnect && this.#at.frames.length === 0 &&
      instance === this.#connectedInstance && unit === this.#connectedUnit && state.connected?.file === file &&
      (state.connected.span.end <= loc.span.start || (state.connected.span.start === loc.span.start && firstDifference(this.#connectedThrough, this.#at.invokedAt) !== undefined)) &&
      reuseRefused(state.version, release)
    ) {
      // SDK v1 from 1.26.0 and v2: a server already connected refuses another transport.
      const again = state.connected!.span.start === loc.span.start ? this.#at.invokedAt[0] : undefined;
      const already = again ? `by its run through ${this.#point.where(this.#connectedThrough[0] ?? state.connected!)}` : `(${this.#point.where(state.connected!)})`;
      const runs = again ? `runs again through ${this.#point.where(again)}` : "runs";
      const said = `connect() at ${this.#point.where(loc)} ${runs} on a server already connected ${already}, and the SDK refuses it (${alreadyConnected(state.version)})`;
      if (reuseSurelyRefused(state.version, release) && this.#at.endsProgramIfRejected()) throwsForCertain(this.#point, diagnostic("sdk-startup-rejected", loc, `${said}: nothing takes the rejection, so the program stops.`));
      else this.#point.mayThrow(loc, `${said}: unless that error is caught, the server stops`);
    }
    this.#perRequest(file, e, loc, unit);
    this.#closedSinceConnect = false;
    if (!mode.deferred) {
      this.#closed = undefined;
      if (!mode.conditional) this.#stopsAt = undefined;
    }
  }

  /** connect() of a server the handler does not make, in a handler run for every request or a function it calls (perRequestConnect.ts, perRequestCallers.ts). */
  #perRequest(file: string, e: CallEvent, loc: Loc, unit: FlowUnit | undefined): void {
    const { state, release, ev } = this.#point;
    const name = e.receiver[0];
    // `buildServer().connect(transport)`: a server made on the spot, for this request (`<made>`).
    // A local that is only another name for a server made outside (`const server = shared`) is that server.
    const alias = unit?.consts?.get(name ?? "")?.k === "ref";
    if (!unit || name === undefined || name === "this" || name === MADE_HERE || unit.params.includes(name) || ((unit.locals?.includes(name) || unit.consts?.has(name)) && !alias) || !reuseRefused(state.version, release)) return;
    // The handler itself, or a function it calls (`this.handle(req, res)`), a few calls away.
    const direct = perRequestHandler(ev, file, unit);
    const path = direct === undefined && unit.kind !== "module" && unit.kind !== "field" ? perRequestPath(ev, this.#at.elsewhere, file, unit) : undefined;
    if (direct === undefined && path === undefined) return;
    // A name the flow summary told apart from an outer one of the same spelling (`server@217`).
    if (declaresServer(ev, file, unit, name.replace(/@\d+$/, "")) || !madeStreamableTransport(ev, file, unit, e.args[0]) || closesSomething(ev, file, unit) || path?.bodies.some((b) => CLOSES.test(b)) || state.diagnostics.some((d) => d.code === "sdk-connect-per-request" && d.loc.file === file && d.loc.span.start === loc.span.start)) return;
    const sdk = state.version === "v2" ? "SDK v2" : `SDK ${release.version ?? "v1"}`;
    const where = (at: Loc) => this.#point.where(at);
    const runs = path
      ? `connect() runs in ${unit.name}(), which the handler ${path.via} (${where(path.at)}) runs for every request${path.calls.length > 0 ? ` by the call${path.calls.length > 1 ? "s" : ""} at ${path.calls.map(where).join(", then ")}` : ""}, on one server ${unit.name}() does not make`
      : `connect() runs in the handler ${direct} calls for every request, on one server the handler does not make`;
    state.diagnostics.push(
      diagnostic(
        "sdk-connect-per-request",
        loc,
        `${runs}: once a first Streamable HTTP transport is connected, ${sdk} refuses every later connect() (${alreadyConnected(state.version)}) until that transport closes, ${sessionful(ev, file, unit) ? "which a session's transport does only when its session ends, so a second client's initialize fails while the first session lasts" : "which a stateless one never does, so those requests fail"}. ` +
          `Make the server in the handler (and close it when the response closes), or connect it once to one transport.`,
      ),
    );
  }

  close(file: string, e: CallEvent, loc: Loc, mode: { readonly deferred: boolean; readonly conditional: boolean }): void {
    const { state } = this.#point;
    this.#closedSinceConnect = true;
    const frames = this.#at.frames;
    if (!mode.deferred && state.connected && this.#at.instance() === this.#connectedInstance) {
      const before = this.#at.text(file)?.slice(Math.max(0, e.span.start - 20), e.span.start) ?? "";
      // Awaited, in no branch or loop of its function, nothing catching it: once past it, the
      // transport is let go of (the function as a whole may still run or not, with what follows).
      const certain = !this.#point.caught && !this.#at.branchedOrLooped() && !(frames.length > 0 && !frames.at(-1)!.connected) && /\bawait\s*$/.test(before);
      this.#closed = { loc, certain, unit: this.#at.unit() };
    }
    // `await server.connect(t); await server.close();` at start-up, nothing awaited between: the
    // server stops as soon as it starts, before a client is answered.
    const connected = state.connected;
    const text = this.#at.text(file);
    if (!mode.deferred && !mode.conditional && !this.#point.caught && frames.length === 0 && connected?.file === file && text !== undefined && connected.span.end <= loc.span.start) {
      const between = text.slice(connected.span.end, e.span.start).replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, "");
      // The rest of the connect's statement, and the close's own `await`, aside.
      if (!/\bawait\b|\byield\b|=>|\bfunction\b/.test(between.replace(/^[^;\n]*/, "").replace(/\b(?:await|void)\s*$/, ""))) {
        // Said once the start-up is followed: connecting again after it serves after all.
        this.#stopsAt = { loc, why: `close() at ${this.#point.where(loc)} runs right after connect(), at start-up, with nothing awaited between: the server stops before it answers a client` };
      }
    }
  }

  /** Another server the site makes was connected, not the one followed now: this one may still take registrations. */
  otherConnected(): boolean {
    const instance = this.#at.instance();
    return instance !== undefined && instance !== this.#connectedInstance;
  }

  /**
   * The close() the call being applied follows on the connected server, if any: certain for what
   * follows it in its own function; elsewhere, when that runs is not followed.
   */
  closedBefore(deferred: boolean): Closed | undefined {
    const seen = !deferred && this.#point.state.connected && !this.otherConnected() ? this.#closed : undefined;
    return seen && { ...seen, certain: seen.certain && seen.unit === this.#at.unit() };
  }

  /** Once everything is followed: a close() right after connect() with no connect() after it stops the server. */
  settle(): void {
    if (this.#stopsAt) this.#point.mayThrow(this.#stopsAt.loc, this.#stopsAt.why);
    this.#stopsAt = undefined;
  }
}

/** How the SDK words its refusal of a second transport (v1 1.32.2's Protocol, v2 2.4.0's). */
/** Code that closes something (the transport, the server) on the way: connecting again is then allowed. */
const CLOSES = /\.\s*close\s*\(/;

function alreadyConnected(version: SdkVersion): string {
  return version === "v2" ? `"this instance is already connected to a transport"` : `"Already connected to a transport"`;
}
