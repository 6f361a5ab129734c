// A package's export reached through the workspace's own modules: `import { McpServer } from
// "./vendor/sdk.js"` where that module re-exports the package (`export { X } from "pkg"`,
// `export * from "pkg"`, an import it exports again), maybe through barrels. Dialects use it to know
// their framework's classes and functions however the workspace passes them on. Followed as far as
// the workspace's files go: an installed package other than the one looked for is someone else's
// code, and a module declaring a name of its own declares another thing.
import type { EvaluationHost } from "../evaluate/evaluator";
import { mayPassOn } from "../evaluate/exportLook";
import { aliasedPackage } from "./packageImports";

export type ModuleHost = Pick<EvaluationHost, "summary" | "resolveModule" | "memo" | "text" | "textFacts" | "reachesModule">;

export interface PackageExport {
  /** The package module the chain ends in (`@modelcontextprotocol/sdk/server/mcp.js`, `fastmcp`). */
  readonly specifier: string;
  /** The name that module exports. */
  readonly name: string;
}

export interface OriginQuestion {
  /** Names the question in the host's memo: every module of a workspace asks it of the same few modules. */
  readonly id: string;
  /** Whether a module specifier is the package looked for. */
  readonly isPackage: (specifier: string) => boolean;
  /**
   * Whether `export * from "<package module>"` passes on `name` (the package may not be installed
   * where the analysis runs, so the dialect says what it exports); every name when left out.
   */
  readonly starExports?: (specifier: string, name: string) => boolean;
}

/** Whether the module may export the name as an alias it declares (`export const X = Y`) or as its default (`export default Y`). */
function mayAlias(host: ModuleHost, file: string, name: string): boolean {
  const text = host.text?.(file);
  if (text === undefined) return true;
  return name === "default" ? /\bexport\s+default\s+[A-Za-z_$]/.test(text) : text.includes(`const ${name}`);
}

/** How many modules a re-export chain may pass through. */
const MAX_HOPS = 8;

/**
 * The package module and name that `name`, imported from `specifier` in `fromFile`, stands for;
 * undefined when it is not the package's (or not known to be).
 */
export function packageOrigin(host: ModuleHost, question: OriginQuestion, fromFile: string, specifier: string, name: string): PackageExport | undefined {
  const seen = new Set<string>();
  const follow = (from: string, written: string, exported: string, hops: number): PackageExport | undefined => {
    const spec = packageSpecifier(host, written, from);
    if (question.isPackage(spec)) return exported === "*" || exported === "default" ? undefined : { specifier: spec, name: exported };
    // A workspace module's default export may pass the package's export on (`export default McpServer`).
    if (hops > MAX_HOPS || exported === "*") return undefined;
    const file = host.resolveModule(spec, from);
    if (!file || file.includes("/node_modules/") || seen.has(`${file}\u0000${exported}`)) return undefined;
    seen.add(`${file}\u0000${exported}`);
    // A module that cannot pass the name on is not summarised: its own declarations (`export class
    // name`) end the walk anyway, and most modules a barrel's `export *` names export other things.
    const summary = mayPassOn(host, file, exported) || mayAlias(host, file, exported) ? host.summary(file) : undefined;
    if (!summary) return undefined;
    const entry = summary.exports.get(exported);
    if (entry?.k === "from") return follow(file, entry.specifier, entry.imported, hops + 1);
    if (entry?.k === "local") {
      // `import { X } from "pkg"; export { X }`: the same binding; so is `export const Y = X` (an alias
      // the module declares, holding the import and nothing else).
      const decl = summary.decls.get(entry.local);
      const local = decl === undefined ? entry.local : decl.k === "const" && decl.init.k === "ref" ? decl.init.name : undefined;
      const imported = local !== undefined && !summary.decls.has(local) ? summary.imports.get(local) : undefined;
      return imported ? follow(file, imported.specifier, imported.imported, hops + 1) : undefined;
    }
    if (entry) return undefined;
    // `export *` passes on every name but `default`.
    for (const star of summary.starExports) {
      if (question.isPackage(star)) {
        if (question.starExports?.(star, exported) ?? true) return { specifier: star, name: exported };
        continue;
      }
      const found = follow(file, star, exported, hops + 1);
      if (found) return found;
    }
    return undefined;
  };
  if (question.isPackage(packageSpecifier(host, specifier, fromFile)) || !host.memo) return follow(fromFile, specifier, name, 0);
  const first = host.resolveModule(specifier, fromFile);
  if (!first) return undefined;
  // What the module exports under `name` stands for does not depend on who imports it.
  return host.memo(`package-origin\u0000${question.id}\u0000${first}\u0000${name}`, () => follow(fromFile, specifier, name, 0));
}

/** The specifier as Node reads it: a package.json `#` alias of another package's module is that module. */
export function packageSpecifier(host: Pick<ModuleHost, "text">, specifier: string, fromFile: string): string {
  return (specifier.startsWith("#") && host.text ? aliasedPackage(specifier, fromFile, host.text) : undefined) ?? specifier;
}
