// The capability builder (spec §6) on its own: every base shape × every subset of the handlers that
// matter × both eras × tasks on/off, checked rule by rule against the spec's pseudocode, plus
// hand-written vectors from the spec's edge cases.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildCapabilities, TASKS_EXTENSION_ID, type Era } from "../../server/src/analysis/dialects/conduit/builder";
import type { HandlerName } from "../../server/src/analysis/dialects/conduit/handlers";
import type { Json, JsonObject } from "../../server/src/analysis/core/evaluate/values";

const DYN = { $dynamic: "load()" };

/** Base shapes: the default trio, empty, partial, flags already set, non-objects, pass-through keys, dynamic parts. */
const BASES: Record<string, JsonObject> = {
  empty: {},
  trio: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } },
  toolsOnly: { tools: { listChanged: false } },
  resourcesOnly: { resources: {} },
  subscribeFalse: { resources: { listChanged: false, subscribe: false } },
  subscribeTrue: { resources: { subscribe: true } },
  extraInner: { tools: { listChanged: true, x: 1 } },
  completionsSet: { completions: { foo: 1 }, logging: { level: "debug" } },
  passThrough: { experimental: { "com.example/x": { on: true } }, custom: 3, tasks: { list: {} } },
  extensionsObject: { extensions: { "com.example/ext": {} } },
  extensionsHasTasks: { extensions: { [TASKS_EXTENSION_ID]: { old: true } } },
  toolsNull: { tools: null },
  resourcesTrue: { resources: true },
  promptsArray: { prompts: [] },
  extensionsNumber: { extensions: 5 },
  dynamicTools: { tools: DYN, resources: { listChanged: false } },
  dynamicSpread: { $dynamic: "...extra", prompts: { listChanged: false } },
};

const RELEVANT: HandlerName[] = ["handleSubscribeResource", "handleComplete", "handleSetLogLevel", "handleUnsubscribeResource"];

function subsets<T>(items: T[]): T[][] {
  return items.reduce<T[][]>((acc, item) => acc.concat(acc.map((s) => [...s, item])), [[]]);
}

const isObj = (v: Json | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const isDyn = (v: Json | undefined) => isObj(v) && typeof v.$dynamic === "string" && Object.keys(v).length === 1;

/** The keys an era merges into (spec §6), which therefore must be objects. */
function mergeTargets(base: JsonObject, handlers: Set<HandlerName>, era: Era, tasks: boolean): string[] {
  if (era === "legacy") return handlers.has("handleSubscribeResource") && "resources" in base ? ["resources"] : [];
  const keys = ["tools", "prompts", "resources"].filter((k) => k in base);
  if (tasks && "extensions" in base) keys.push("extensions");
  return keys;
}

describe("capability builder: every base × handlers × era × tasks", () => {
  for (const [baseName, base] of Object.entries(BASES)) {
    for (const subset of subsets(RELEVANT)) {
      for (const era of ["legacy", "modern"] as const) {
        for (const tasks of [false, true]) {
          const handlers = new Set(subset);
          const label = `${baseName} · {${subset.join(",")}} · ${era} · tasks ${tasks ? "on" : "off"}`;
          it(label, () => {
            const before = structuredClone(base);
            const { capabilities: caps, notObject } = buildCapabilities({ base, handlers, era, tasksExtension: tasks });
            assert.deepEqual(base, before, "the base is not mutated");

            const failing = mergeTargets(base, handlers, era, tasks).filter((k) => !isObj(base[k]) && !isDyn(base[k]));
            assert.deepEqual([...notObject].sort(), [...failing].sort(), "capability-not-object keys");
            if (failing.length > 0) {
              assert.equal(caps, null, "an era that must merge into a non-object fails");
              return;
            }
            assert.ok(caps);

            // Never delete a key; keys the rules do not name pass through untouched.
            for (const k of Object.keys(base)) assert.ok(k in caps, `key ${k} kept`);
            for (const k of Object.keys(base)) {
              if (["tools", "resources", "prompts", "completions", "logging", "extensions"].includes(k)) continue;
              assert.deepEqual(caps[k], base[k], `${k} passes through`);
            }
            // Keys are emitted sorted.
            assert.deepEqual(Object.keys(caps), Object.keys(caps).sort());

            // completions: {} replaces any value when handleComplete is present (both eras).
            if (handlers.has("handleComplete")) assert.deepEqual(caps.completions, {});
            else assert.deepEqual(caps.completions, base.completions);

            // logging: legacy needs handleSetLogLevel, modern always has it; both replace.
            if (era === "modern" || handlers.has("handleSetLogLevel")) assert.deepEqual(caps.logging, {});
            else assert.deepEqual(caps.logging, base.logging);

            for (const k of ["tools", "prompts", "resources"]) {
              const b = base[k];
              if (!(k in base)) {
                assert.ok(!(k in caps), `${k} is never created`);
                continue;
              }
              if (isDyn(b) || !isObj(b)) {
                // A $dynamic value is left as it is; a non-object one only survives an era that does not merge into it.
                assert.deepEqual(caps[k], b, `${k} is left as it is`);
                continue;
              }
              const got = caps[k] as JsonObject;
              // Merge, never replace: inner keys survive.
              for (const inner of Object.keys(b as JsonObject)) assert.ok(inner in got, `${k}.${inner} kept`);
              if (era === "modern") assert.equal(got.listChanged, true, `modern turns on ${k}.listChanged`);
              else assert.deepEqual(got.listChanged, (b as JsonObject).listChanged, `legacy leaves ${k}.listChanged`);
            }
            if (isObj(base.resources)) {
              const subscribe = (caps.resources as JsonObject).subscribe;
              const expectOn = era === "modern" || handlers.has("handleSubscribeResource");
              assert.deepEqual(subscribe, expectOn ? true : base.resources.subscribe, "resources.subscribe");
            }

            // The tasks extension: modern only, merged into extensions.
            const ext = caps.extensions;
            if (era === "modern" && tasks) {
              assert.ok(isObj(ext));
              const existing = isObj(base.extensions) ? base.extensions[TASKS_EXTENSION_ID] : undefined;
              // merge(extensions, {tasks: {}}) without deleting a key: an existing entry object is kept.
              assert.deepEqual(ext[TASKS_EXTENSION_ID], isObj(existing) ? existing : {});
              if (isObj(base.extensions)) {
                for (const id of Object.keys(base.extensions)) assert.ok(id in ext, `extension ${id} kept`);
              }
            } else {
              assert.deepEqual(ext, base.extensions, "extensions untouched");
            }

            // Never set anything to false that was not false in the base.
            const falses = (v: Json, path = ""): string[] =>
              isObj(v) ? Object.entries(v).flatMap(([k, x]) => falses(x, `${path}.${k}`)) : v === false ? [path] : [];
            for (const p of falses(caps)) assert.ok(falses(base).includes(p), `${p} set to false`);
          });
        }
      }
    }
  }
});

describe("capability builder: vectors from the spec", () => {
  const build = (base: JsonObject, handlers: HandlerName[], era: Era, tasks = false) =>
    buildCapabilities({ base, handlers: new Set(handlers), era, tasksExtension: tasks });

  it("E1: {} stays {} in legacy; completions and logging can still appear", () => {
    assert.deepEqual(build({}, [], "legacy").capabilities, {});
    assert.deepEqual(build({}, ["handleComplete", "handleSetLogLevel", "handleSubscribeResource"], "legacy").capabilities, {
      completions: {},
      logging: {},
    });
  });

  it("E4: subscribe false becomes true, listChanged kept", () => {
    assert.deepEqual(build({ resources: { listChanged: false, subscribe: false } }, ["handleSubscribeResource"], "legacy").capabilities, {
      resources: { listChanged: false, subscribe: true },
    });
  });

  it("modern of the default trio with handleComplete", () => {
    const trio = BASES.trio!;
    assert.deepEqual(build(trio, ["handleComplete"], "modern").capabilities, {
      completions: {},
      logging: {},
      prompts: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
      tools: { listChanged: true },
    });
  });

  it("tasks extension on: extensions created, or merged into existing ones", () => {
    assert.deepEqual(build({}, [], "modern", true).capabilities, { extensions: { [TASKS_EXTENSION_ID]: {} }, logging: {} });
    assert.deepEqual(build({ extensions: { "a/b": { x: 1 } } }, [], "modern", true).capabilities, {
      extensions: { "a/b": { x: 1 }, [TASKS_EXTENSION_ID]: {} },
      logging: {},
    });
    assert.deepEqual(build({}, [], "legacy", true).capabilities, {}, "legacy never gets extensions");
  });

  it("tools: true fails modern only; resources: null fails legacy only with handleSubscribeResource", () => {
    assert.deepEqual(build({ tools: true }, [], "legacy").capabilities, { tools: true });
    assert.equal(build({ tools: true }, [], "modern").capabilities, null);
    assert.deepEqual(build({ tools: true }, [], "modern").notObject, ["tools"]);
    assert.deepEqual(build({ resources: null }, [], "legacy").capabilities, { resources: null });
    assert.equal(build({ resources: null }, ["handleSubscribeResource"], "legacy").capabilities, null);
  });

  it("records the cause of each change", () => {
    const r = build({ resources: { listChanged: false } }, ["handleSubscribeResource", "handleComplete"], "legacy");
    assert.deepEqual(r.effects, [
      { path: ["resources", "subscribe"], because: "handleSubscribeResource" },
      { path: ["completions"], because: "handleComplete" },
    ]);
    const m = build({ tools: { listChanged: true } }, [], "modern");
    assert.deepEqual(m.effects, [{ path: ["logging"], because: "era" }], "no effect where the value was already set");
  });
});
