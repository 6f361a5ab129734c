// `registerTools(server); server.start(...)` with an async registerTools that awaits before its
// addTool: the call returns at that await, the caller goes on and start() builds the session at once,
// and only then does registerTools resume. So what it registers after its first await comes after the
// session is built, when nothing between the call and start() lets it resume first. Anything less
// certain stays at a time not known.
import type { Replay, ReplayHost, Resume, StartCall } from "./replay";

/** Whether start() builds its session before it returns: over stdio without `authenticate` (awaited first), or connect(). */
function buildsAtOnce(start: StartCall, authenticates: boolean): boolean {
  if (start.overriddenBy || start.sessionLater) return false;
  return start.transport === "custom" || (start.transport === "stdio" && !authenticates);
}

/**
 * Whether start() is called in the same function as the unawaited call, after it, with nothing
 * between that can suspend the caller (an `await` or a `yield`; one written right before start()
 * waits only once start() has built the session).
 */
function startsBeforeResuming(resume: Resume, start: StartCall, host: ReplayHost): boolean {
  if (resume.unit !== start.unit || resume.file !== start.loc.file || start.callSpan.start < resume.from) return false;
  const between = host.textAt(resume.file, { start: resume.from, end: start.callSpan.start });
  return between !== undefined && !/\bawait\b|\byield\b/.test(between.replace(/\bawait\s*$/, ""));
}

/** Places after the session what unawaited async functions register once they resume, when that is certain. */
export function placeResumed(out: Replay, host: ReplayHost, authenticates: boolean): void {
  const start = out.start;
  if (!start || !buildsAtOnce(start, authenticates)) return;
  out.registrations.forEach((r, i) => {
    if (r.phase === "deferred" && r.resumes && !r.orderUnknown && startsBeforeResuming(r.resumes, start, host)) out.registrations[i] = { ...r, phase: "after" };
  });
}
