import { isDynamicMarker, isPlainObject, SPREAD_KEY, type JsonObject, type Loc, type Value } from "../../core/evaluate/values";
import type { ProvenanceEntry } from "../../core/model/provenance";

export type { ProvenanceEntry };
import type { HandlerName } from "./handlers";
import type { HandlerSource } from "./handlerPresence";
import type { BaseSet } from "./baseSet";
import type { BuildResult, Era } from "./builder";

interface Cause {
  readonly because: string;
  readonly loc?: Loc;
  readonly detail?: string;
}

/**
 * The cause of every key and flag (to depth two) of both eras. A path set by an era rule is caused by
 * that rule; everything else comes from the base. Entries that agree across eras are merged as `both`.
 */
export function computeProvenance(
  base: BaseSet,
  eras: Readonly<Record<Era, BuildResult>>,
  handlers: ReadonlyMap<HandlerName, HandlerSource>,
  serverName: string,
): ProvenanceEntry[] {
  const perEra: Record<Era, Map<string, { path: string[]; cause: Cause }>> = { legacy: new Map(), modern: new Map() };
  for (const era of ["legacy", "modern"] as const) {
    const result = eras[era];
    if (!result.capabilities) continue;
    for (const path of pathsOf(result.capabilities)) {
      perEra[era].set(path.join("\u0000"), { path, cause: causeOf(path, result, base, handlers, serverName) });
    }
  }
  const entries: ProvenanceEntry[] = [];
  const keys = new Set([...perEra.legacy.keys(), ...perEra.modern.keys()]);
  for (const key of [...keys].sort()) {
    const l = perEra.legacy.get(key);
    const m = perEra.modern.get(key);
    if (l && m && sameCause(l.cause, m.cause)) entries.push({ era: "both", path: l.path, ...l.cause });
    else {
      if (l) entries.push({ era: "legacy", path: l.path, ...l.cause });
      if (m) entries.push({ era: "modern", path: m.path, ...m.cause });
    }
  }
  return entries;
}

function pathsOf(caps: JsonObject): string[][] {
  const paths: string[][] = [];
  // Only what the server is known to send has a cause: unknown values and spreads are left out.
  for (const key of Object.keys(caps)) {
    const v = caps[key];
    if (key === SPREAD_KEY || isDynamicMarker(v)) continue;
    paths.push([key]);
    if (!isPlainObject(v)) continue;
    for (const sub of Object.keys(v)) if (sub !== SPREAD_KEY && !isDynamicMarker(v[sub])) paths.push([key, sub]);
  }
  return paths;
}

function causeOf(path: string[], result: BuildResult, base: BaseSet, handlers: ReadonlyMap<HandlerName, HandlerSource>, serverName: string): Cause {
  // The last rule that set this path, or replaced its parent, is the cause.
  for (let i = result.effects.length - 1; i >= 0; i--) {
    const e = result.effects[i]!;
    const covers = e.path.length <= path.length && e.path.every((p, j) => p === path[j]);
    if (!covers) continue;
    if (e.because === "era" || e.because === "tasksExtension") return { because: e.because };
    const source = handlers.get(e.because);
    if (!source) return { because: e.because };
    const detail = source.className !== serverName ? `${source.className}.${e.because}` : undefined;
    return { because: e.because, loc: source.loc, ...(detail ? { detail } : {}) };
  }
  return baseCause(path, base);
}

function baseCause(path: string[], base: BaseSet): Cause {
  switch (base.kind) {
    case "default":
      return { because: "default" };
    case "endpoint": {
      const kind = path[0] === "tools" ? "tool" : path[0] === "resources" ? "resource" : "prompt";
      const component = base.endpoint.components.find((c) => c.kind === kind);
      return component ? { because: component.name, loc: component.loc, detail: `${kind} component` } : { because: "base" };
    }
    case "explicit": {
      const loc = keyLocation(base.value, path);
      return loc ? { because: "base", loc } : { because: "base" };
    }
  }
}

/** Where a key path was written in the evaluated base (through consts and spreads, in any file). */
export function keyLocation(value: Value, path: readonly string[]): Loc | undefined {
  let cur: Value = value;
  let loc: Loc | undefined;
  for (const key of path) {
    if (cur.t !== "obj") return loc;
    const entry = cur.entries.get(key);
    if (!entry) return loc;
    loc = entry.keyLoc;
    cur = entry.value;
  }
  return loc;
}

function sameCause(a: Cause, b: Cause): boolean {
  return (
    a.because === b.because &&
    a.loc?.file === b.loc?.file &&
    a.loc?.span.start === b.loc?.span.start &&
    a.detail === b.detail
  );
}
