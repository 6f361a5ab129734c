// What a server calls itself: the `serverInfo` it passes to the constructor (`{ name: "weather",
// version: "1.0.0" }`), when it is written as literals (or constants), read without running anything.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";
import { SDK_EVAL } from "./sdkEval";

export interface ServerInfo {
  readonly name?: string;
  readonly version?: string;
}

/** Longest name shown: a report line, a lens and the picker stay readable. */
const MAX_LENGTH = 60;

/**
 * Printable, single-line and short: the name goes to terminals, lenses and pickers, and whatever a
 * file contains must not reach them as control characters.
 */
export function displayable(text: string): string | undefined {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  if (clean.length === 0) return undefined;
  return clean.length > MAX_LENGTH ? `${clean.slice(0, MAX_LENGTH - 1)}…` : clean;
}

/** The constructor's first argument, as far as it is a literal or a constant. */
export function serverInfoOf(ev: Evaluator, file: string, arg: ValueExpr | undefined, scope: Scope = ev.fileScope(file)): ServerInfo {
  if (!arg) return {};
  const value = ev.evaluate(arg, scope, SDK_EVAL);
  if (value.t !== "obj") return {};
  const text = (key: string): string | undefined => {
    const v = value.entries.get(key)?.value;
    return v?.t === "prim" && typeof v.value === "string" ? displayable(v.value) : undefined;
  };
  const name = text("name");
  const version = text("version");
  return { ...(name ? { name } : {}), ...(version ? { version } : {}) };
}
