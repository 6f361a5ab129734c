// The SDK reached through the workspace's own modules: `import { McpServer } from "./vendor/sdk.js"`
// where that module re-exports the SDK (`export { McpServer } from "@modelcontextprotocol/sdk/..."`,
// `export * from ...`, an import it exports again), through barrels, or a workspace package that wraps
// it. Followed as far as the workspace's files go; anything else is not the SDK.
import type { EvaluationHost } from "../../core/evaluate/evaluator";

export const isSdkSpecifier = (specifier: string): boolean => specifier.startsWith("@modelcontextprotocol/");

/** How many modules a re-export chain may pass through. */
const MAX_HOPS = 8;

/**
 * What the SDK modules export that the dialect reads, for `export * from "<sdk module>"` (the SDK
 * itself may not be installed where the analysis runs). Keyed by the module path without extension.
 */
const STAR_EXPORTS: ReadonlyArray<readonly [RegExp, ReadonlySet<string>]> = [
  [/^@modelcontextprotocol\/sdk\/server\/mcp$/, new Set(["McpServer", "ResourceTemplate"])],
  [/^@modelcontextprotocol\/sdk\/server(\/index)?$/, new Set(["Server"])],
  [/^@modelcontextprotocol\/sdk\/server\/completable$/, new Set(["completable"])],
  [/^@modelcontextprotocol\/sdk\/server\/stdio$/, new Set(["StdioServerTransport"])],
  [/^@modelcontextprotocol\/sdk\/server\/streamableHttp$/, new Set(["StreamableHTTPServerTransport"])],
  [/^@modelcontextprotocol\/sdk\/server\/sse$/, new Set(["SSEServerTransport"])],
  [/^@modelcontextprotocol\/sdk\/types$/, new Set(["*Schema"])],
  [/^@modelcontextprotocol\/(server|core)(\/.*)?$/, new Set(["*"])],
];

function starExports(specifier: string, name: string): boolean {
  const path = specifier.replace(/\.[cm]?[jt]s$/, "");
  for (const [pattern, names] of STAR_EXPORTS) {
    if (!pattern.test(path)) continue;
    return names.has(name) || names.has("*") || (names.has("*Schema") && name.endsWith("Schema"));
  }
  return false;
}

/**
 * The SDK module and exported name an import of the workspace's own module stands for, following
 * `export { X } from`, `export *`, and `import { X } ...; export { X }`; undefined when it is not the SDK.
 */
export function sdkThroughModules(
  host: Pick<EvaluationHost, "summary" | "resolveModule">,
  fromFile: string,
  specifier: string,
  name: string,
): { specifier: string; name: string } | undefined {
  const seen = new Set<string>();
  const follow = (from: string, spec: string, exported: string, hops: number): { specifier: string; name: string } | undefined => {
    if (isSdkSpecifier(spec)) return exported === "*" || exported === "default" ? undefined : { specifier: spec, name: exported };
    if (hops > MAX_HOPS) return undefined;
    const file = host.resolveModule(spec, from);
    // An installed package is someone else's code (the SDK itself is matched by name above); only the
    // workspace's own modules and packages are followed.
    if (!file || file.includes("/node_modules/") || seen.has(`${file}\u0000${exported}`)) return undefined;
    seen.add(`${file}\u0000${exported}`);
    const summary = host.summary(file);
    if (!summary) return undefined;
    const entry = summary.exports.get(exported);
    if (entry?.k === "from") return follow(file, entry.specifier, entry.imported, hops + 1);
    if (entry?.k === "local") {
      // `import { McpServer } from "@modelcontextprotocol/sdk/..."; export { McpServer }`: the same binding.
      if (summary.decls.has(entry.local)) return undefined;
      const imported = summary.imports.get(entry.local);
      return imported && imported.imported !== "*" ? follow(file, imported.specifier, imported.imported, hops + 1) : undefined;
    }
    if (entry) return undefined;
    for (const star of summary.starExports) {
      if (isSdkSpecifier(star)) {
        if (starExports(star, exported)) return { specifier: star, name: exported };
        continue;
      }
      const found = follow(file, star, exported, hops + 1);
      if (found) return found;
    }
    return undefined;
  };
  return follow(fromFile, specifier, name, 0);
}
