// Registrations after connect(): once connected, the SDK refuses to register a capability ("Cannot
// register capabilities after connecting to transport"), so a registration that has to add one throws.
// Where it throws decides what that means: at start-up the server stops, in a callback it fails later,
// under a condition it may, in a `catch` that goes on the server runs without it.
import type { Loc } from "../../core/evaluate/values";
import { diagnostic } from "./codes";
import { forEachToken } from "../../core/summarize/codeTokens";
import { SK } from "../../core/typescript";
import { takenByCatch, type ReplayPoint } from "./replayPoint";

/** Capability keys each registration method adds. */
const ADDS: Readonly<Record<string, string>> = {
  registerTool: "tools", tool: "tools", registerResource: "resources", resource: "resources", registerPrompt: "prompts", prompt: "prompts",
  registerToolTask: "tools",
};

/** Whether a registration method adds a primitive's capability (registerTool → tools). */
export function addsCapability(method: string): boolean {
  return ADDS[method] !== undefined;
}

/**
 * A registration once connected: it throws when it has to add a capability; a primitive McpServer has
 * already installed registers fine. True when the registration must not be applied. `anytime`: true
 * in a callback that may run at any time, the module's name at a module's top level loaded at a time
 * not known.
 */
export function registeredAfterConnect(point: ReplayPoint, loc: Loc, method: string, why: string, deferred: boolean, conditional: boolean, anytime: boolean | string = false): boolean {
  const { state, release } = point;
  if (method === "setRequestHandler") return false;
  const adds = ADDS[method];
  // McpServer installs a primitive's handlers (and registers its capability, which throws once
  // connected) at the first registration, or at construction for one its options declare (v2, v1
  // since 1.32.2): a key already there by other means (registerCapabilities, options of an older
  // release) does not spare the first registration.
  if (adds !== undefined && state.registered.has(adds)) return false;
  const eager = state.version === "v2" || release.eagerInstall;
  const advice =
    adds && eager && adds in state.caps
      ? `: ${adds} is advertised, but McpServer has not installed its handlers yet.`
      : adds && eager
        ? `, or declare ${adds} in the constructor's capabilities.`
        : ".";
  lateThrow(point, loc, method, why, advice, deferred, conditional, anytime);
  return true;
}

/**
 * A call after connect() that makes McpServer register a capability: it throws. `method` names the
 * call in the message; `advice` ends its sentence.
 */
export function lateThrow(point: ReplayPoint, loc: Loc, method: string, why: string, advice: string, deferred: boolean, conditional: boolean, anytime: boolean | string): void {
  const state = point.state;
  // A callback that may as well run before connect() (an event listener emitted at start-up) throws
  // only if it runs late: a warning, not a certain error.
  const d = diagnostic(
    "sdk-register-after-connect",
    loc,
    `${method} ${anytime ? "may throw" : "throws"} here: ${why}, and the SDK refuses to register capabilities after connecting to a transport ` +
      `("Cannot register capabilities after connecting to transport"). Register everything before connect()${advice}`,
    anytime ? { severity: "warning" } : {},
  );
  if (deferred) state.diagnostics.push(d);
  // Caught by a `catch` that keeps the program running: nothing is added, the server goes on.
  else if (point.caught) takenByCatch(point, d);
  else if (conditional) {
    // It throws only if it runs, which is not known statically: served or not is not stated.
    state.diagnostics.push(d);
    const where = point.where(loc);
    // After a connect() in a handler run for every request: what fails is those requests, not the start-up.
    const handler = anytime || !state.connected ? undefined : point.connectedPerRequest?.();
    if (handler !== undefined && point.failsPerRequest) {
      const many = point.instanceWhy?.();
      point.failsPerRequest(loc,
        `${method} at ${where} throws on every request the handler ${handler} serves, after connect() there (${point.where(state.connected!)}): that entry point starts, and each of its requests fails` +
          (many ? ` (${many}: a client served by another of its servers does not meet this)` : ""));
      return;
    }
    point.mayThrow(loc, typeof anytime === "string"
      ? `${method} at ${where} throws if ${anytime} is loaded after connect(), and when it is loaded is only known at run time`
      : anytime
      ? `${method} at ${where} throws if its callback runs after connect(), and when it runs is only known at run time`
      : `${method} at ${where} throws if it runs, and whether it runs is only known at run time`);
  } else {
    const awaited = awaitSinceConnect(point, loc);
    if (awaited === undefined) state.threw ??= d;
    else {
      // `await connect(); await sleep(300); registerPrompt(…)`: the transport reads requests while the
      // program waits, so a client may get its answers before the throw stops the server.
      state.diagnostics.push(d);
      point.mayThrow(loc, `${method} at ${point.where(loc)} throws once the await at ${point.where(awaited)} is over, and the server may answer requests before that, then stops`);
    }
  }
}

/**
 * The first `await` written between connect() and a call after it in the same file: while it waits,
 * the connected transport may read and answer requests. Undefined when there is none, or the two are
 * in different files or in the other order in the text (a callback: its timing is said elsewhere).
 */
function awaitSinceConnect(point: ReplayPoint, loc: Loc): Loc | undefined {
  const connected = point.state.connected;
  if (!connected || connected.file !== loc.file || connected.span.end > loc.span.start) return undefined;
  const text = point.ev.host.text?.(loc.file);
  let found: Loc | undefined;
  // The keyword as code (not in a comment or a string).
  if (text !== undefined) forEachToken(text, { start: connected.span.end, end: loc.span.start }, (kind, scanner) => {
    if (!found && kind === SK.AwaitKeyword) found = { file: loc.file, span: { start: scanner.getTokenStart(), end: scanner.getTokenEnd() } };
  });
  return found;
}
