// Smithery's TypeScript runtime (`runtime: typescript` in smithery.yaml) builds the package.json
// `module` file into a program of its own, which calls that module's default export with the session's
// config and connects what it returns to stdio or Streamable HTTP, doing nothing else with it. So the
// caller outside the workspace that a default export returning a server would otherwise leave open is
// known: it adds no capability.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { dirname, joinPath, normalizePath } from "../../core/project/paths";

const RUNTIME_TYPESCRIPT = /^runtime\s*:\s*(["']?)typescript\1\s*(?:#.*)?$/m;
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/** Whether `unit` is the default export of the module Smithery's TypeScript runtime runs. */
export function calledBySmitheryRuntime(ev: Evaluator, file: string, unit: FlowUnit): boolean {
  if (unit.kind !== "function") return false;
  const summary = ev.summary(file);
  if (!summary || ![...summary.exports].some(([exported, e]) => exported === "default" && e.k === "local" && e.local === unit.name)) return false;
  return isSmitheryModule(ev, file);
}

/** The package holding `file` is run by Smithery's TypeScript runtime, with `file` as its `module` entry. */
export function isSmitheryModule(ev: Evaluator, file: string): boolean {
  const text = ev.host.text;
  if (!text) return false;
  for (let dir = dirname(file), hops = 0; hops < 32; hops++) {
    const manifest = text(joinPath(dir, "package.json"));
    if (manifest !== undefined) {
      const config = text(joinPath(dir, "smithery.yaml")) ?? text(joinPath(dir, "smithery.yml"));
      if (config === undefined || !RUNTIME_TYPESCRIPT.test(config)) return false;
      const entry = moduleField(manifest);
      return entry !== undefined && SOURCE.test(entry) && normalizePath(joinPath(dir, entry)) === normalizePath(file);
    }
    const up = dirname(dir);
    if (up === dir) return false;
    dir = up;
  }
  return false;
}

function moduleField(manifest: string): string | undefined {
  try {
    const m = (JSON.parse(manifest) as { module?: unknown }).module;
    return typeof m === "string" ? m : undefined;
  } catch {
    return undefined;
  }
}
