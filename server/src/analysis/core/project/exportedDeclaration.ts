// Where a module's export is declared: `import { registerSearch } from "./tools/index.js"` where that
// barrel re-exports it (`export { f } from`, `export * from`), maybe through several barrels. Dialects
// use it to follow a helper the server is passed to into the module that writes its body.
import type { FileSummary } from "../model/summary";

export interface DeclarationHost {
  readonly summary: (file: string) => FileSummary | undefined;
  readonly resolveModule: (specifier: string, from: string) => string | undefined;
}

export interface DeclarationOptions {
  /** How many modules the chain may pass through. */
  readonly maxHops: number;
  /** A specifier the walk does not enter (a framework's own package, modelled rather than read). */
  readonly stop?: (specifier: string) => boolean;
  /** A resolved module the walk does not enter (a package's build, a declaration file). */
  readonly skip?: (file: string) => boolean;
}

export interface Declared {
  /** The module declaring the binding. */
  readonly file: string;
  /** Its name there. */
  readonly local: string;
}

/** The module and local name of what `specifier` exports as `name`, seen from `fromFile`; undefined when not followed. */
export function exportedDeclaration(host: DeclarationHost, fromFile: string, specifier: string, name: string, opts: DeclarationOptions, hops = 0): Declared | undefined {
  if (hops > opts.maxHops || name === "*" || opts.stop?.(specifier)) return undefined;
  const target = host.resolveModule(specifier, fromFile);
  if (!target || opts.skip?.(target)) return undefined;
  const summary = host.summary(target);
  if (!summary) return undefined;
  const entry = summary.exports.get(name);
  if (entry?.k === "from") return exportedDeclaration(host, target, entry.specifier, entry.imported, opts, hops + 1);
  if (entry?.k === "local") return { file: target, local: entry.local };
  // `export *` passes on every name but `default`.
  if (entry || name === "default") return undefined;
  // Two `export *` modules giving the name different bindings: ambiguous, so ES modules leave it out
  // (a named import of it fails to link): none is the one called.
  let found: Declared | undefined;
  for (const spec of summary.starExports) {
    const next = exportedDeclaration(host, target, spec, name, opts, hops + 1);
    if (!next) continue;
    if (found && (found.file !== next.file || found.local !== next.local)) return undefined;
    found = next;
  }
  return found;
}
