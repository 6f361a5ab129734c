// SDK v2's entry points that build the server when a request comes, not when the program starts:
// createMcpHandler and legacyStatelessFallback for each HTTP request (or session), serveStdio for the
// connection's first request, and again for the next one while the build throws. A throw in the
// factory then fails the request, not the start: the process starts and stays up, and each request
// gets an error. The diagnostic says that, in place of "the server does not start".
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";

const ON_REQUEST = new Set(["createMcpHandler", "serveStdio", "legacyStatelessFallback"]);

/** Whether the entry point `via` (entryFactories.ts) runs the factory it is given for each request. */
export function buildsOnRequest(via: string): boolean {
  return ON_REQUEST.has(via);
}

/** When `via` builds the server, in words. */
function buildsWhen(via: string): string {
  return via === "serveStdio"
    ? "serveStdio builds the server when the connection's first request comes, and again for each next one while the build throws"
    : `${via} builds the server for each request (or session)`;
}

/**
 * A message about a throw in the factory an entry point runs per request, with what it says of the
 * start-up said as what happens: "the server does not start" and "throws at start-up" become every
 * request failing while the process runs (an exit: the process ending at the first request). Any
 * other message is returned as it is.
 */
export function perRequestWords(message: string, via: string): string {
  const fails = `every request fails: ${buildsWhen(via)}, so the process starts and stays up, but each request gets an error`;
  // An exit there ends the process at the first request instead: that one gets no answer, nor any after.
  const exits = `the program exits there when ${via} builds the server for the first request, which gets no answer, nor does any after`;
  return message
    .replace(/\bthe program exits there: the server does not start\b/g, exits)
    .replace(/\bthe server does not start\b/g, fails)
    .replace(/\bthrows at start-up\b/g, `throws each time the server is built (${fails})`);
}

/** A diagnostic of the factory an entry point runs per request, its message said with `perRequestWords`. */
export function perRequestThrow(d: AnalysisDiagnostic, via: string): AnalysisDiagnostic {
  const message = perRequestWords(d.message, via);
  return message === d.message ? d : { ...d, message };
}
