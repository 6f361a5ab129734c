// What a server calls itself: the `serverInfo` it passes to the constructor (`{ name: "weather",
// version: "1.0.0" }`), when it is written as literals (or constants), read without running anything.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Scope } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";
import { displayable } from "../../core/model/text";
import { SDK_EVAL } from "./sdkEval";

export interface ServerInfo {
  readonly name?: string;
  readonly version?: string;
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
