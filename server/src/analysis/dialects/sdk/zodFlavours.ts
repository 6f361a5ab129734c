// `completable(z.string(), complete).optional()` on a prompt argument: SDK 1.x (from 1.25.0, when a
// completable argument is what adds `completions`) looks through the optional with `field instanceof
// ZodOptional`, the class it imports from "zod" — the zod package the SDK loads, whose main entry is
// zod 3's API in zod 3.x and zod 4's in zod 4.x. A schema made with another flavour of zod (`zod/v4`
// under zod 3.25, `zod/v3` under zod 4, zod mini's own classes) is a different class: the optional is
// not looked through, the completion is not found, and `completions` is not advertised.
import semver from "semver";
import type { DialectRun } from "../../core/dialect";
import { declaredRange } from "../../core/project/declaredPackage";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ValueExpr } from "../../core/model/summary";

/** The major version of the zod the SDK's `import … from "zod"` loads. */
export type ZodMain = 3 | 4;

/** Installed, else what the nearest package.json's range makes npm install; undefined when that could be either. */
export function zodMainOf(run: DialectRun, file: string): ZodMain | undefined {
  const installed = run.installedVersion(file, "zod");
  if (installed !== undefined) return majorOf(semver.major(installed));
  const range = declaredRange(file, "zod", run.fileText, run.withinWorkspace)?.range;
  if (range === undefined || semver.validRange(range) === null) return undefined;
  const three = semver.intersects(range, "3.x");
  const four = semver.intersects(range, ">=4.0.0 <5.0.0");
  return three && !four ? 3 : four && !three ? 4 : undefined;
}

function majorOf(major: number): ZodMain | undefined {
  return major === 3 || major === 4 ? major : undefined;
}

/**
 * Whether the SDK sees through the optional a schema made with zod imported from `specifier` is
 * wrapped in: the plain package is the one the SDK loads; a sub-path matches only the flavour its main
 * entry has; zod mini's classes never do. Undefined when that is not known. `mainOf` reads the zod
 * the SDK loads (zodMainOf), asked only for a sub-path.
 */
export function optionalSeenBySdk(specifier: string | undefined, mainOf: () => ZodMain | undefined): boolean | undefined {
  if (specifier === undefined || specifier === "zod") return true;
  if (/^zod\/(?:v4-)?mini$|^zod\/v4\/mini$|^@zod\/mini$/.test(specifier)) return false;
  // Only a sub-path needs the version: the manifests are read then, not for every server.
  const main = specifier === "zod/v4" || specifier === "zod/v3" ? mainOf() : undefined;
  if (specifier === "zod/v4") return main === undefined ? undefined : main === 4;
  if (specifier === "zod/v3") return main === undefined ? undefined : main === 3;
  return specifier.startsWith("zod") ? undefined : true;
}

/**
 * The module the schema's zod comes from: the import of the name it is built from (`z` in
 * `z.string().min(1)`), through consts of the file (`const name = z.string()`); undefined when the
 * schema is not built from an import.
 */
export function schemaZodSpecifier(ev: Evaluator, file: string, expr: ValueExpr, depth = 0): string | undefined {
  if (depth > 12) return undefined;
  switch (expr.k) {
    case "call":
      return schemaZodSpecifier(ev, file, expr.callee, depth + 1);
    case "get":
      return schemaZodSpecifier(ev, file, expr.object, depth + 1);
    case "ref": {
      const summary = ev.summary(file);
      const imported = summary?.imports.get(expr.name);
      if (imported) return imported.specifier;
      const decl = summary?.decls.get(expr.name);
      return decl?.k === "const" ? schemaZodSpecifier(ev, file, decl.init, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}
