// Where a name imported by a file of the workspace really comes from, followed through the
// workspace's re-exports by their specifiers (`export { McpStrategy, Tool } from "@rekog/mcp-nest"` in
// a barrel, `export * from "./barrel"`): a package's export, or a declaration of a workspace file.
// One walk for all that the dialect keys on: decorators (decoratorOrigin.ts), the McpStrategy
// constructor and the transports (findStrategies.ts, strategyOptions.ts), MCP_STRATEGY.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { packageSpecifier } from "../../core/project/reexportOrigin";
import { isMcpNestSpecifier, NEST_COMMON, PACKAGE } from "./packageName";

export type ImportTarget =
  /** A package's export; `specifier` undefined: some package, reached through an `export *` of it. */
  | { readonly k: "package"; readonly specifier: string | undefined; readonly name: string }
  /** Declared at the top level of a workspace file, as `name`. */
  | { readonly k: "local"; readonly file: string; readonly name: string }
  /** Not followed (a workspace namespace, a module that does not resolve, too many hops). */
  | { readonly k: "opaque" };

/** The names of @rekog/mcp-nest that an `export * from "@rekog/mcp-nest"` is taken to provide. */
const STAR_NAMES = new Set(["Tool", "Resource", "ResourceTemplate", "Prompt", "McpController", "McpStrategy", "StdioTransport", "StreamableHttpTransport", "MCP_STRATEGY", "McpModule", "McpTransportType"]);
/** Re-export hops followed before giving up. */
const MAX_HOPS = 20;

export const isPackageFile = (file: string): boolean => /[\\/]node_modules[\\/]/.test(file);

/** What `import { imported } from specifier` (in `from`) names; `imported` is `*` for a namespace. */
export function importTarget(ev: Evaluator, written: string, imported: string, from: string, hops = 0): ImportTarget {
  if (hops > MAX_HOPS) return { k: "opaque" };
  const specifier = packageSpecifier(ev.host, written, from);
  if (isMcpNestSpecifier(specifier)) return { k: "package", specifier: PACKAGE, name: imported };
  if (specifier === NEST_COMMON) return { k: "package", specifier, name: imported };
  const target = ev.host.resolveModule(specifier, from);
  if (!target) return specifier.startsWith(".") || specifier.startsWith("/") ? { k: "opaque" } : { k: "package", specifier, name: imported };
  if (isPackageFile(target)) return { k: "package", specifier, name: imported };
  if (imported === "*") return { k: "opaque" };
  return exportTarget(ev, target, imported, hops + 1) ?? { k: "opaque" };
}

/** What a workspace module exports under `name`, through re-exports and `export *` (undefined: no such export). */
export function exportTarget(ev: Evaluator, file: string, name: string, hops: number): ImportTarget | undefined {
  if (hops > MAX_HOPS) return { k: "opaque" };
  const summary = ev.summary(file);
  const entry = summary?.exports.get(name);
  if (entry?.k === "local") return { k: "local", file, name: entry.local };
  if (entry?.k === "from") return importTarget(ev, entry.specifier, entry.imported, file, hops);
  if (entry) return { k: "opaque" };
  let fromPackage = false;
  for (const spec of summary?.starExports ?? []) {
    const target = ev.host.resolveModule(spec, file);
    if (target && !isPackageFile(target) && !isMcpNestSpecifier(spec) && spec !== NEST_COMMON) {
      const found = exportTarget(ev, target, name, hops + 1);
      if (found) return found;
    } else if (isMcpNestSpecifier(spec) && STAR_NAMES.has(name)) return { k: "package", specifier: PACKAGE, name };
    else if (target || !spec.startsWith(".")) fromPackage = true;
  }
  // A name a package may provide through `export *` is that package's; one found nowhere is not known.
  return fromPackage ? { k: "package", specifier: undefined, name } : summary ? undefined : { k: "opaque" };
}

/**
 * The export of @rekog/mcp-nest a file's imported name is bound to (`*` for a namespace import of
 * the package itself), directly or through the workspace's re-exports; undefined otherwise.
 * `member`: the name is a namespace and `local.member` is what is asked about.
 */
export function mcpNestExport(ev: Evaluator, file: string, local: string, member?: string): string | undefined {
  const binding = ev.summary(file)?.imports.get(local);
  if (!binding) return undefined;
  if (isMcpNestSpecifier(binding.specifier)) return member === undefined ? binding.imported : binding.imported === "*" ? member : undefined;
  const asked = member === undefined ? binding.imported : binding.imported === "*" ? member : undefined;
  if (asked === undefined || asked === "*") return undefined;
  const t = importTarget(ev, binding.specifier, asked, file);
  return t.k === "package" && t.specifier === PACKAGE ? t.name : undefined;
}
