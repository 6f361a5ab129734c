// Conditions on the server itself, as code written for both SDK majors tests it: `typeof server.tool
// === "function"`, `server.tool?.(...) ?? server.registerTool(...)`, `server instanceof V1McpServer`.
// The release the server is built with decides them: v2's McpServer has no `tool` (missingMethods.ts),
// and an object made by one major's class is never an instance of a class of the other major (two
// packages, two class chains), nor is McpServer an instance of the low-level Server of its own major
// (it holds one), nor the reverse. The branch the release rules out never runs.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ConditionFacts } from "../../core/evaluate/knownConditions";
import type { CallEvent } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { sdkImport, versionOf } from "./findSdkServers";
import { missingMethod } from "./missingMethods";
import type { SdkRelease } from "./sdkRelease";
import type { SdkVersion } from "./sdkTables";
import type { Loc } from "../../core/evaluate/values";
import { throwsForCertain, type ReplayPoint } from "./replayPoint";
import { diagnostic } from "./codes";

/** The server a walk follows, as far as its conditions need it. */
export interface WalkedServer {
  readonly version: SdkVersion;
  readonly kind: "mcp" | "low";
  readonly release: SdkRelease;
  /** A workspace subclass: its own members may be any. */
  readonly subclass: boolean;
  /** The names (`server`, `this.server`) that surely hold the server where the condition is read. */
  holds(path: string): boolean;
  /** The program gives the server a method of that name of its own. */
  replaced(method: string): boolean;
}

/** McpServer methods every release of a major has (what missingMethods.ts does not rule out may still be missing). */
const EVERY_RELEASE: Readonly<Record<SdkVersion, ReadonlySet<string>>> = {
  v1: new Set(["tool", "prompt", "resource", "connect", "close"]),
  v2: new Set(["registerTool", "registerPrompt", "registerResource", "connect", "close"]),
};

/** What `typeof` gives for `method` read on the server: "undefined" when the release surely lacks it. */
function typeOfMethod(server: WalkedServer, method: string): string | undefined {
  if (server.kind !== "mcp" || server.subclass || server.replaced(method)) return undefined;
  const missing = missingMethod(server.version, server.release, method);
  if (missing) return missing.certain ? "undefined" : undefined;
  return EVERY_RELEASE[server.version].has(method) ? "function" : undefined;
}

/**
 * `server.tool?.(...)` where the release surely lacks the method: the optional call reads undefined
 * and calls nothing (no TypeError, nothing registered).
 */
export function optionalCallOfNothing(ev: Evaluator, file: string, event: CallEvent, server: WalkedServer): boolean {
  const after = ev.textAt(file, { start: event.methodSpan.end, end: event.methodSpan.end + 8 });
  return after !== undefined && /^\s*\?\.\s*\(/.test(after) && typeOfMethod(server, event.method) === "undefined";
}

/** The facts, with why the last one they decided holds (for the diagnostic of a guard they settle). */
export interface ServerFacts extends ConditionFacts {
  readonly why: string | undefined;
}

export function serverFacts(ev: Evaluator, file: string, server: WalkedServer): ServerFacts {
  let why: string | undefined;
  const other = server.version === "v1" ? "v2" : "v1";
  const SERVER = server.kind === "mcp" ? "McpServer" : "Server";
  return {
    get why() {
      return why;
    },
    typeOf(e) {
      if (!ts.isPropertyAccessExpression(e) || !ts.isIdentifier(e.name)) return undefined;
      const object = pathOf(e.expression);
      const type = object !== undefined && server.holds(object) ? typeOfMethod(server, e.name.text) : undefined;
      if (type !== undefined) why = `SDK ${server.version}'s ${SERVER} ${type === "undefined" ? "has no" : "has"} ${e.name.text}()`;
      return type;
    },
    instanceOf(value, cls) {
      const object = pathOf(value);
      const name = pathOf(cls);
      if (object === undefined || name === undefined || !server.holds(object)) return undefined;
      const summary = ev.summary(file);
      const imported = summary ? sdkImport(summary, name, ev) : undefined;
      const major = imported ? versionOf(imported.specifier) : undefined;
      if (!imported || major === undefined) return undefined;
      if (major === other) {
        why = `an SDK ${server.version} ${SERVER} is never an instance of SDK ${other}'s ${imported.name} (another package, another class)`;
        return false;
      }
      // The same major's other server class: McpServer wraps a low-level Server (its `.server`)
      // and extends nothing, so neither is an instance of the other's class (a workspace subclass
      // extends one of them only).
      const otherKind = imported.name === "Server" ? "low" : imported.name === "McpServer" ? "mcp" : undefined;
      if (otherKind === undefined || otherKind === server.kind) return undefined;
      why = server.kind === "mcp" ? `an SDK ${server.version} McpServer is not an instance of the low-level Server class (it holds one, as its .server)` : `an SDK ${server.version} low-level Server is not an instance of McpServer (McpServer holds a Server; a Server is never one)`;
      return false;
    },
  };
}

/** `server`, `this.server`, `ctx.server`: a chain of plain member reads from a name, as the walk keys it. */
function pathOf(e: ts.Expression): string | undefined {
  if (ts.isIdentifier(e)) return e.text;
  if (e.kind === ts.SyntaxKind.ThisKeyword) return "this";
  if (ts.isPropertyAccessExpression(e) && !e.questionDotToken && ts.isIdentifier(e.name)) {
    const head = pathOf(e.expression);
    return head === undefined ? undefined : `${head}.${e.name.text}`;
  }
  return undefined;
}

/**
 * A throw (or `process.exit`) under a test of the server that only the release decides, and decides
 * so that it runs: `if (!(server instanceof McpServer)) throw …` with the other major's class. Where
 * the walk gets to it, the server does not start (unless a catch takes it).
 */
export function guardAlwaysThrows(point: ReplayPoint, loc: Loc, exit: boolean, why: string | undefined): void {
  const does = exit ? "the program exits there" : "it throws there";
  const message = `The test around this ${exit ? "exit" : "throw"} is decided by the SDK the server is built with${why ? `: ${why}` : ""}. It runs whenever the code gets here, and ${does}: the server does not start.`;
  throwsForCertain(point, diagnostic("sdk-guard-always-throws", loc, message));
}
