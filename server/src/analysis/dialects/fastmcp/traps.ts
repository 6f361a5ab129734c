// fastmcp's run-time traps a registration after start() falls into: the first tool, resource or
// prompt added once the session is built (never advertised on it), and a list_changed notification
// sent for a key advertised without listChanged.
import type { DialectRun } from "../../core/dialect";
import type { Loc } from "../../core/evaluate/values";
import type { UnknownPart } from "../../core/model/unknown";
import { mayStopAfterStart } from "../../core/model/unknown";
import { diagnosticMaker, type AnalysisDiagnostic, type FixData } from "../../core/model/diagnostics";
import { FASTMCP_CODES } from "./codes";
import type { FastmcpSite } from "./findServers";
import type { Presence } from "./presence";
import type { Registration, Replay, StartCall } from "./replay";
import { shapeOf, SINGULAR, type FastmcpRules, type Primitive } from "./rules";

const diagnostic = diagnosticMaker(FASTMCP_CODES);

/**
 * The traps' diagnostics; `stops` gets why the server may stop right after it starts when a
 * registration after an awaited start() throws (an uncaught throw there ends the program right after
 * the session is up).
 */
export function trapDiagnostics(run: DialectRun, site: FastmcpSite, replay: Replay, rules: FastmcpRules, present: Map<Primitive, Presence>, server: { name: string; loc: Loc }, stops: UnknownPart[]): AnalysisDiagnostic[] {
  const out: AnalysisDiagnostic[] = [];
  const start = replay.start;
  // A method of the server's class that is not followed may run before start(), and an override of the
  // method may not call FastMCP's: no trap is certain enough to say.
  const late = [...replay.registrations.filter((r) => !r.inMethod).map((r) => ({ ...r, kind: "add" as const })), ...replay.removals.map((r) => ({ ...r, kind: "remove" as const }))].filter((r) => r.phase !== "before" && !r.overriddenBy);
  const reportedFirst = new Set<Primitive>();
  for (const r of late) {
    const p = present.get(r.key)!;
    const flagged = "listChanged" in shapeOf(rules, r.key);
    const absentAtStart = p.k === "no" || (p.k === "maybe" && p.late === true);
    if (absentAtStart && r.kind === "add" && r.phase === "after" && start) {
      if (reportedFirst.has(r.key)) continue;
      reportedFirst.add(r.key);
      const oneSession = start.transport === "stdio" || start.transport === "custom";
      const { what, fix } = firstAfterStart(r, start, oneSession);
      // A catch around the registration that keeps the program going takes the SDK's throw: the server goes on serving.
      if (!r.caught && ((oneSession && start.awaited && !r.onConnect && !r.resumes) || (oneSession && r.onConnect && r.afterAwait && !r.conditional))) {
        const when = r.onConnect ? `in the server's connect handler after an await, once the server runs` : `after the awaited ${start.method}()`;
        // The session is up when it throws: a client may get its first answers (initialize), and nothing after.
        stops.push({ path: [], spread: true, reason: mayStopAfterStart(`${r.method}() runs ${when}, and the SDK throws "Server does not support ${r.key} (required for ${r.key}/list)" from it, which ends the program unless the error is caught: a client may get an answer to initialize before that, and none after`), loc: r.loc });
      }
      out.push(diagnostic("fastmcp-first-after-start", r.loc, `The first ${SINGULAR[r.key]} is added after ${start.method}(): ${what}. ${fix}.`, {
        server,
        ...(oneSession ? {} : { severity: "warning" as const }),
        related: [{ loc: start.loc, message: "the session (and its capabilities) is created here" }],
        fixes: "movable" in r && r.movable && start.movableTarget ? moveBefore(run, site.file, r.callSpan, start.callSpan, start.method) : [],
      }));
      continue;
    }
    // stdio start() not awaited: it built the session from the lists as they were and is still
    // connecting it when the next statements run. fastmcp's add*() replaces its list with a new array,
    // which that session never sees, and sends nothing (the server is not running yet).
    if (r.kind === "add" && start && addedWhileStarting(r, start)) {
      out.push(diagnostic("fastmcp-added-while-starting", r.loc, `${r.method}() runs while start() (not awaited) is still connecting the stdio session, which was built with the ${r.key} added before it: fastmcp puts this ${SINGULAR[r.key]} in a new list that session never reads, so it is never listed, and no list_changed notification is sent. Await start(), or add it before start().`, {
        server,
        related: [{ loc: start.loc, message: "the session is built here, from what was added before" }],
        fixes: "movable" in r && r.movable && start.movableTarget ? moveBefore(run, site.file, r.callSpan, start.callSpan, start.method) : [],
      }));
      continue;
    }
    // Only where the key is certainly advertised (without listChanged), and for what certainly runs
    // after start() or in a callback, not for what may as well come first.
    if (p.k !== "yes" || flagged || ("orderUnknown" in r && r.orderUnknown)) continue;
    // Over stdio or connect(), `connect` is emitted before fastmcp marks the server running: no notification.
    if ("onConnect" in r && r.onConnect && start && (start.transport === "stdio" || start.transport === "custom")) continue;
    out.push(diagnostic("fastmcp-list-changed-unadvertised", r.loc, `fastmcp sends notifications/${r.key}/list_changed to every session when ${r.method}() runs after start(), but advertises \`${r.key}: {}\` without listChanged${r.key === "tools" ? " (fastmcp issue #185)" : ` (before 4.8.0)`}: clients that honour the capability ignore the notification and keep a stale list.`, {
      server,
      ...(start ? { related: [{ loc: start.loc, message: "the session is created here" }] } : {}),
    }));
  }
  return out;
}

/**
 * A registration written right after a stdio start() that is not awaited (no await, branch or callback
 * between): it runs while start() is still connecting the session it built from the lists as they were.
 */
export function addedWhileStarting(r: Registration, start: StartCall): boolean {
  return r.phase === "after" && !start.awaited && !start.sessionLater && start.method === "start" && start.transport === "stdio" && !r.onConnect && !r.resumes && !r.conditional && !r.orderUnknown;
}

/** What happens to the first registration after the session is built, and how to avoid it. */
function firstAfterStart(r: Registration, start: StartCall, oneSession: boolean): { what: string; fix: string } {
  const sdkThrow = `fastmcp installs the ${r.key} handlers on it and the SDK throws "Server does not support ${r.key} (required for ${r.key}/list)" from ${r.method}()`;
  const unserved = `the ${SINGULAR[r.key]} is neither advertised nor served`;
  const before = `Add it before ${start.method}()`;
  if (r.onConnect) {
    // fastmcp emits `connect` once the session is built, and marks the server running only after it.
    if (oneSession && r.afterAwait) return { what: `it runs in the server's \`connect\` handler after an await, when fastmcp has gone on and marked the server running: that session advertises no ${r.key}, and ${sdkThrow}, a rejection of the handler that ends the program`, fix: `${before}, outside the handler` };
    return oneSession
      ? { what: `it runs in the server's \`connect\` handler, which fastmcp calls once the session is built and before it marks the server running, so that session advertises no ${r.key}, ${unserved}, and no list_changed notification is sent`, fix: `${before}, outside the handler` }
      : { what: `it runs in the server's \`connect\` handler, once the session that emits it is built (that session advertises no ${r.key}); sessions opened later advertise ${r.key}, but if the server is already running then, ${sdkThrow}`, fix: `${before}, outside the handler` };
  }
  if (r.resumes) {
    // The session is built within the start() call; the function resumes only once its caller waits.
    return { what: `${r.resumes.fn}() is not awaited and adds it after its first await, so it resumes once ${start.method}() has built the session: that session advertises no ${r.key}, ${unserved}, and if it resumes once a client has initialized, ${sdkThrow}`, fix: `Await ${r.resumes.fn}() before ${start.method}()` };
  }
  if (!oneSession) return { what: `sessions opened later advertise ${r.key}, but if a client session is already open when this runs, ${sdkThrow}`, fix: before };
  if (start.awaited && r.caught) return { what: `its session advertises no ${r.key}, and ${sdkThrow}, which the catch around it takes: the server goes on without the ${SINGULAR[r.key]}`, fix: before };
  return { what: start.awaited ? `its session advertises no ${r.key}, and ${sdkThrow}` : `the session was built by the start() call above, so ${unserved}`, fix: before };
}

/** A quick fix that moves a top-level registration statement to just before the start() statement. */
function moveBefore(run: DialectRun, file: string, call: { start: number; end: number }, startCall: { start: number; end: number }, startMethod: string): FixData[] {
  const text = run.fileText(file);
  if (!text) return [];
  const lineStart = (o: number) => text.lastIndexOf("\n", o - 1) + 1;
  const from = lineStart(call.start);
  const nl = text.indexOf("\n", call.end);
  const to = nl < 0 ? text.length : nl + 1;
  const statement = text.slice(from, to);
  // Only a statement on lines of its own: the lines from the call's start to its end hold nothing else.
  if (!/^\s*[\w.$]+\.\w+\(/.test(statement) || !/\)\s*;?\s*$/.test(statement)) return [];
  const at = lineStart(startCall.start);
  const target = text.slice(at, startCall.start);
  if (!/^\s*(await\s+)?[\w.$]*$/.test(target)) return [];
  return [{
    title: `Move the registration before ${startMethod}()`,
    preferred: true,
    edits: [
      { loc: { file, span: { start: at, end: at } }, newText: statement.endsWith("\n") ? statement : `${statement}\n` },
      { loc: { file, span: { start: from, end: to } }, newText: "" },
    ],
  }];
}
