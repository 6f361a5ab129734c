// fastmcp's FastMCP class reached through the workspace's own modules: `import { FastMCP } from
// "./lib/mcp.js"` where that module re-exports it (`export { FastMCP } from "fastmcp"`, `export * from
// "fastmcp"`, an import it exports again), maybe through barrels. Followed as far as the workspace's
// files go: an installed package other than fastmcp is someone else's code, not followed.
import type { EvaluationHost } from "../../core/evaluate/evaluator";

/** How many modules a re-export chain may pass through. */
const MAX_HOPS = 8;

export type ModuleHost = Pick<EvaluationHost, "summary" | "resolveModule">;

/**
 * Whether `name` imported from `specifier` (in `fromFile`) is fastmcp's own `FastMCP` class; `isFastmcp`
 * tells fastmcp's specifier.
 */
export function fastmcpClassThrough(host: ModuleHost, isFastmcp: (specifier: string) => boolean, fromFile: string, specifier: string, name: string): boolean {
  const seen = new Set<string>();
  const follow = (from: string, spec: string, exported: string, hops: number): boolean => {
    if (isFastmcp(spec)) return exported === "FastMCP";
    if (hops > MAX_HOPS || exported === "*" || exported === "default") return false;
    const file = host.resolveModule(spec, from);
    if (!file || file.includes("/node_modules/") || seen.has(`${file}\u0000${exported}`)) return false;
    seen.add(`${file}\u0000${exported}`);
    const summary = host.summary(file);
    if (!summary) return false;
    const entry = summary.exports.get(exported);
    if (entry?.k === "from") return follow(file, entry.specifier, entry.imported, hops + 1);
    if (entry?.k === "local") {
      // `import { FastMCP } from "fastmcp"; export { FastMCP }`: the same binding (a declaration of the
      // module's own by that name is another class).
      if (summary.decls.has(entry.local)) return false;
      const imported = summary.imports.get(entry.local);
      return imported !== undefined && follow(file, imported.specifier, imported.imported, hops + 1);
    }
    if (entry) return false;
    // `export *` passes on every name but `default`; fastmcp's own star gives FastMCP.
    return summary.starExports.some((star) => follow(file, star, exported, hops + 1));
  };
  return follow(fromFile, specifier, name, 0);
}
