// The algorithm of spec §6 as a pure function: base set, handlers present, era, tasks switch in;
// capabilities, the cause of each change, and the keys that made the era fail out. No I/O, no AST.

import type { HandlerName } from "./handlers";
import { cloneJson, isDynamicMarker, isPlainObject, sortKeysDeep, type Json, type JsonObject } from "../../core/evaluate/values";

export type Era = "legacy" | "modern";

export const TASKS_EXTENSION_ID = "io.modelcontextprotocol/tasks";

export interface BuildInput {
  /** The base set (spec §4), possibly holding `{"$dynamic": ...}` markers; a whole-dynamic base is not passed here. */
  readonly base: JsonObject;
  readonly handlers: ReadonlySet<HandlerName>;
  readonly era: Era;
  readonly tasksExtension: boolean;
  /**
   * Top-level keys whose value is not known at all (`tools: load()`): the rules neither merge into
   * them nor report them. An object written in the source whose only entry is a dynamic spread
   * (`{ ...load() }`) looks the same in JSON but is an object, and is merged into. When absent,
   * every value shaped `{"$dynamic": ...}` counts as unknown.
   */
  readonly opaque?: ReadonlySet<string>;
}

/** Why the era rules set a value: a handler, a rule of the modern era, or the tasks extension. */
export type EffectCause = HandlerName | "era" | "tasksExtension";

export interface Effect {
  readonly path: readonly string[];
  readonly because: EffectCause;
}

export interface BuildResult {
  /** The era's capabilities, keys sorted; null when the era fails at run time. */
  readonly capabilities: JsonObject | null;
  /** Paths the era rules set or changed, in the order they ran. */
  readonly effects: readonly Effect[];
  /** Keys that had to be merged into but are not objects (`capability-not-object`). */
  readonly notObject: readonly string[];
}

export function buildCapabilities(input: BuildInput): BuildResult {
  const caps = cloneJson(input.base);
  const effects: Effect[] = [];
  const notObject: string[] = [];
  const has = (h: HandlerName) => input.handlers.has(h);
  const unknown = (key: string) => (input.opaque ? input.opaque.has(key) : isDynamicMarker(caps[key]));

  /**
   * Sets `caps[key][flag] = true` by merging; records a failure when `caps[key]` is not an object.
   * A flag whose own value is unknown (`listChanged: flag()`) is not touched (spec §4.1): it stays
   * out of the era and listed as unknown.
   */
  const mergeFlag = (key: string, flag: string, because: EffectCause) => {
    const target = caps[key];
    if (unknown(key)) return;
    if (!isPlainObject(target)) {
      if (!notObject.includes(key)) notObject.push(key);
      return;
    }
    if (isDynamicMarker(target[flag])) return;
    if (target[flag] !== true) {
      target[flag] = true;
      effects.push({ path: [key, flag], because });
    }
  };
  // `logging: level()` with the modern era's `logging = {}`: a key whose value is unknown is not touched (spec §4.1).
  const replace = (key: string, because: EffectCause) => {
    if (unknown(key)) return;
    const before = caps[key];
    caps[key] = {};
    if (!isEmptyObject(before)) effects.push({ path: [key], because });
  };

  if (input.era === "legacy") {
    if (has("handleSubscribeResource") && "resources" in caps) mergeFlag("resources", "subscribe", "handleSubscribeResource");
    if (has("handleComplete")) replace("completions", "handleComplete");
    if (has("handleSetLogLevel")) replace("logging", "handleSetLogLevel");
  } else {
    for (const key of ["tools", "prompts", "resources"]) if (key in caps) mergeFlag(key, "listChanged", "era");
    if ("resources" in caps) mergeFlag("resources", "subscribe", "era");
    if (has("handleComplete")) replace("completions", "handleComplete");
    replace("logging", "era");
    if (input.tasksExtension && !unknown("extensions")) addTasksExtension(caps, effects, notObject);
  }
  return { capabilities: notObject.length > 0 ? null : (sortKeysDeep(caps) as JsonObject), effects, notObject };
}

function addTasksExtension(caps: JsonObject, effects: Effect[], notObject: string[]): void {
  const existing = caps.extensions;
  if (existing === undefined) {
    caps.extensions = { [TASKS_EXTENSION_ID]: {} };
    effects.push({ path: ["extensions"], because: "tasksExtension" }, { path: ["extensions", TASKS_EXTENSION_ID], because: "tasksExtension" });
  } else if (!isPlainObject(existing)) {
    notObject.push("extensions");
  } else if (!isPlainObject(existing[TASKS_EXTENSION_ID])) {
    // An entry that is already an object is kept as it is: the merge adds `{}` and never deletes a key.
    existing[TASKS_EXTENSION_ID] = {};
    effects.push({ path: ["extensions", TASKS_EXTENSION_ID], because: "tasksExtension" });
  }
}

function isEmptyObject(v: Json | undefined): boolean {
  return isPlainObject(v) && Object.keys(v).length === 0;
}
