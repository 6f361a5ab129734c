// Calls that receive a server without being able to register anything on it: reading its keys,
// printing it, logging it. Passing the server to them must not make a prediction approximate.
import { exprText } from "../../core/evaluate/evaluator";
import type { ValueExpr } from "../../core/model/summary";
import { REGISTRATION_METHODS } from "./registrationReads";

/** Built-ins that only read or print what they are given. */
const READERS = new Set([
  "Object.keys", "Object.values", "Object.entries", "Object.getOwnPropertyNames", "Object.getOwnPropertySymbols",
  "Object.getPrototypeOf", "Object.is", "Object.isFrozen", "Object.isSealed", "Object.prototype.hasOwnProperty.call",
  "Reflect.ownKeys", "Reflect.has", "Reflect.getPrototypeOf", "JSON.stringify", "String", "Boolean", "Array.isArray",
  "util.inspect", "inspect", "assert", "assert.ok", "expect", "structuredClone",
]);

/** Method names of loggers (`console.log`, `logger.info`, `log.debug`, `this.logger.warn`). */
const LOG_METHODS = new Set(["log", "info", "warn", "warning", "error", "debug", "trace", "fatal", "verbose", "notice", "dir", "table"]);

/** Functions that are loggers by their name (`log(server)`, `debug(...)`). */
const LOG_FUNCTIONS = new Set(["log", "debug", "logger", "trace"]);

/**
 * Whether a call with the server among its arguments cannot add to its capabilities. `paths` are the
 * names the server goes by: `server.server.request.bind(server.server)` extracts one of its own methods.
 */
export function isHarmlessUse(callee: ValueExpr, paths: ReadonlySet<string>): boolean {
  const text = exprText(callee);
  if (READERS.has(text)) return true;
  if (callee.k === "ref") return LOG_FUNCTIONS.has(callee.name);
  if (callee.k !== "get" || callee.key.k !== "static") return false;
  const method = callee.key.name;
  // A method of the server taken out with bind: calling it later is a request, not a registration.
  // A registration method bound is a registration made later, by whatever calls it: not harmless.
  if (method === "bind") {
    const bound = callee.object.k === "get" && callee.object.key.k === "static" ? callee.object.key.name : undefined;
    if (bound !== undefined && REGISTRATION_METHODS.has(bound)) return false;
    return [...paths].some((p) => text === `${p}.bind` || text.startsWith(`${p}.`));
  }
  return LOG_METHODS.has(method) && /^(?:this\.)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?$/.test(exprText(callee.object)) && /log|console|debug/i.test(exprText(callee.object));
}
