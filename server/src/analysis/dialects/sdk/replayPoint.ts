// What the checks a replayed call goes through (completions, request handlers, duplicate names) ask
// of the replay: where the call being applied runs and whether it may not, and the ways to say what
// it does. The replay keeps that state as it walks; the checks keep only their own findings.
import type { ZodMain } from "./zodFlavours";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc, Scope } from "../../core/evaluate/values";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import { basename } from "../../core/project/paths";
import type { SdkRelease } from "./sdkRelease";
import type { SdkState } from "./sdkState";
import type { SdkStep } from "./steps";


export interface ReplayPoint {
  readonly ev: Evaluator;
  readonly state: SdkState;
  readonly release: SdkRelease;
  /** The call being applied may not run (it sits under an `if`, a loop, a helper called under one). */
  readonly conditional: boolean;
  /** It runs in a callback after start-up. */
  readonly deferred: boolean;
  /**
   * What takes an error it throws while the program goes on, as a sentence's start: a `catch` around
   * it (caughtThrows.ts), or, once the server is connected, the handler of a call it runs under
   * (rejectionFates.ts). Undefined: an error it throws ends the program.
   */
  readonly caught: string | undefined;
  /**
   * With `caught` from a `catch` of the same function: the call later in its `try` block that hands
   * the request to the transport (`transport.handleRequest(req, res, body)`), which a throw skips.
   */
  readonly answerSkipped?: () => { readonly what: string; readonly loc: Loc } | undefined;
  /** The scope it reads its arguments in: its function's consts and bound parameters, then the file. */
  scope(file: string): Scope;
  /** `line N`, with the file's name when `loc` is in another file than the call being applied. */
  where(loc: Loc): string;
  /** The named helper the call is written in, when `loc` is in that helper's file. */
  withinFor(loc: Loc): Loc | undefined;
  /** Keeps a step for the editor's explanations (up to a bound). */
  record(step: SdkStep): void;
  /** A start-up call that throws if it runs, when whether it runs is not known statically. */
  mayThrow(loc: Loc, why: string): void;
  /** A key or flag that differs between the releases the server may load (the first place wins). */
  releaseUnknown(path: string, loc: Loc, why: string): void;
  /**
   * The route or listener that runs the function the server was connected in for every request
   * (`app.post(…)`), when it is one: code after that connect() runs on every request, not at start-up.
   */
  connectedPerRequest?(): string | undefined;
  /** A throw that fails the requests a handler serves, said as it is (not as a start-up that may fail). */
  failsPerRequest?(loc: Loc, why: string): void;
  /** Why the server followed is one of several the site makes (`createServer() is called more than once`). */
  instanceWhy?(): string | undefined;
  /** The call being applied threw, and `caught` took the error: the code it ends runs no further. */
  thrown(d: AnalysisDiagnostic): void;
  /** SDK v1: the major of the zod the SDK's `import … from "zod"` loads (zodFlavours.ts). */
  readonly zodMain?: () => ZodMain | undefined;
}

/** Where `at` is, as said from `from`: its line, and its file's name when that is another file. */
export function placeOf(point: ReplayPoint, at: Loc, from: Loc): string {
  const where = point.where(at);
  // `where` names the file itself when it is not the one of the call being applied.
  return at.file === from.file || where.startsWith(`${basename(at.file)}:`) ? where : `${basename(at.file)} ${where}`;
}

/**
 * A call that throws when it runs: the server does not start when it runs for certain; under a
 * condition it may not; in a callback it fails later; inside a `catch` that keeps the program
 * running, the server goes on `without` what the call would have added.
 */
export function throwsWhereItRuns(point: ReplayPoint, d: AnalysisDiagnostic, loc: Loc, what: string, conditional: boolean, deferred: boolean, without: string): void {
  if (conditional || deferred) {
    if (point.caught) return takenByCatch(point, d, without);
    point.state.diagnostics.push(d);
    if (!deferred) point.mayThrow(loc, `${what} at ${point.where(loc)} throws if it runs, and whether it runs is only known at run time`);
  } else throwsForCertain(point, d, without);
}

/**
 * A call that throws whenever it runs: when it surely runs, as `throwsForCertain`; when it may run, a
 * catch that takes its error (`point.caught`) leaves the server without what it adds, and without one
 * the server may not start (`mayWhy`).
 */
export function throwsIfItRuns(point: ReplayPoint, d: AnalysisDiagnostic, surely: boolean, mayWhy: string): void {
  if (surely) throwsForCertain(point, d);
  else if (point.caught) takenByCatch(point, d);
  else point.mayThrow(d.loc, mayWhy);
}

/** A call that surely throws where it runs: the server does not start, unless `point.caught` takes the error. */
export function throwsForCertain(point: ReplayPoint, d: AnalysisDiagnostic, without?: string): void {
  if (point.caught) takenByCatch(point, d, without);
  else point.state.threw ??= d;
}

/** The first call of `earlier` (outermost first) that `now` does not make at the same place: where a second run of the same code came from. */
export function firstDifference(earlier: readonly Loc[], now: readonly Loc[]): Loc | undefined {
  for (let i = 0; i < Math.max(earlier.length, now.length); i++) {
    const a = earlier[i];
    const b = now[i];
    if (!a || !b || a.file !== b.file || a.span.start !== b.span.start) return a ?? earlier.at(-1) ?? b;
  }
  return undefined;
}

/**
 * A throw that `point.caught` takes: the program goes on `without` what the call would have added.
 * When the throw also skips the transport's handling of the request (`answerSkipped`), the catch
 * answers in place of the server, each time this code runs: the server answers no request.
 */
export function takenByCatch(point: ReplayPoint, d: AnalysisDiagnostic, without = "so the server runs without it"): void {
  const skipped = point.answerSkipped?.();
  if (skipped) {
    point.state.threw ??= { ...d, message: `${d.message} ${point.caught}, but the throw skips ${skipped.what} (${point.where(skipped.loc)}), so the server answers no request: the catch does, each time.` };
    return;
  }
  const taken = { ...d, message: `${d.message} ${point.caught}, ${without}.` };
  point.state.diagnostics.push(taken);
  point.thrown(taken);
}
