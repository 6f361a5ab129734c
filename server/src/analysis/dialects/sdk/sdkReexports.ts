// The SDK reached through the workspace's own modules: `import { McpServer } from "./vendor/sdk.js"`
// where that module re-exports the SDK (`export { McpServer } from "@modelcontextprotocol/sdk/..."`,
// `export * from ...`, an import it exports again), through barrels, or a workspace package that wraps
// it. Followed as far as the workspace's files go; anything else is not the SDK.
import { packageOrigin, type ModuleHost, type PackageExport } from "../../core/project/reexportOrigin";

export const isSdkSpecifier = (specifier: string): boolean => specifier.startsWith("@modelcontextprotocol/");

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
export function sdkThroughModules(host: ModuleHost, fromFile: string, specifier: string, name: string): PackageExport | undefined {
  return packageOrigin(host, SDK_ORIGIN, fromFile, specifier, name);
}

const SDK_ORIGIN = { id: "sdk", isPackage: isSdkSpecifier, starExports };
