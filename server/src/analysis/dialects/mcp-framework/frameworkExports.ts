// mcp-framework's classes reached through the workspace's own modules: `import { MCPServer } from
// "./lib/framework.js"` where that module re-exports the package (`export { MCPServer } from
// "mcp-framework"`, `export * from "mcp-framework"`, an import it exports again), maybe through
// barrels: the engine's re-export walk (core/project/reexportOrigin.ts), asked about mcp-framework.
import type { FileSummary } from "../../core/model/summary";
import { packageOrigin, type ModuleHost } from "../../core/project/reexportOrigin";
import { PACKAGE } from "./packageName";

const ORIGIN = { id: "mcp-framework", isPackage: (specifier: string) => specifier === PACKAGE };

/**
 * The name mcp-framework exports that a local name of `summary` is bound to (`ctor` as written:
 * `MCPServer`, `fw.MCPServer` for a namespace import), directly or through the workspace's modules;
 * undefined when it is not mcp-framework's. Without `host`, only direct imports count.
 */
export function frameworkExport(summary: FileSummary, ctor: string, host?: ModuleHost): string | undefined {
  const [head, member, more] = ctor.split(".");
  if (more !== undefined) return undefined;
  const binding = summary.imports.get(head!);
  if (!binding) return undefined;
  const asked = member === undefined ? binding.imported : binding.imported === "*" ? member : undefined;
  if (asked === undefined || asked === "*") return undefined;
  if (binding.specifier === PACKAGE) return asked;
  return host ? packageOrigin(host, ORIGIN, summary.fileName, binding.specifier, asked)?.name : undefined;
}
