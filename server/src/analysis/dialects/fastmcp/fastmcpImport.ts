// Whether a name written in a file is fastmcp's FastMCP class, imported from the package or from a
// workspace module that re-exports it.
import type { FileSummary } from "../../core/model/summary";
import { packageOrigin, type ModuleHost } from "../../core/project/reexportOrigin";
import type { ModuleQuestion } from "../../core/project/moduleReaches";

export const isFastmcpSpecifier = (s: string): boolean => s === "fastmcp";

/** The package or one of its entries (`fastmcp/openapi`): what the import-graph gate looks for. */
export const isFastmcpEntry = (s: string): boolean => s === "fastmcp" || s.startsWith("fastmcp/");

/** The package as the import-graph gate looks for it: no FastMCP is built where no import reaches it. */
export const FASTMCP_REACH: ModuleQuestion = { id: "fastmcp", specifier: isFastmcpEntry, hints: ["fastmcp"] };

/**
 * `FastMCP` (imported by that name, maybe renamed), `ns.FastMCP` (`import * as ns from "fastmcp"`), or
 * a top-level name taken from such a namespace (`const { FastMCP } = ns`, `const F = ns.FastMCP`).
 * With `host`, an import from the workspace's own module is followed to where it comes from.
 */
export function importsFastMCP(summary: FileSummary, ctor: string, host?: ModuleHost): boolean {
  const [head, member] = ctor.split(".");
  const binding = summary.imports.get(head!);
  if (!binding) return member === undefined && takenFromNamespace(summary, head!);
  if (!isFastmcpSpecifier(binding.specifier)) {
    if (!host) return false;
    // `import { FastMCP } from "./lib/mcp.js"`, or `import * as m from "./lib/mcp.js"; new m.FastMCP()`.
    const name = member === undefined ? binding.imported : binding.imported === "*" ? member : undefined;
    return name !== undefined && packageOrigin(host, FASTMCP_ORIGIN, summary.fileName, binding.specifier, name)?.name === "FastMCP";
  }
  return member === undefined ? binding.imported === "FastMCP" : binding.imported === "*" && member === "FastMCP";
}

const FASTMCP_ORIGIN = { id: "fastmcp", isPackage: isFastmcpSpecifier };

/** `const { FastMCP } = ns` or `const X = ns.FastMCP` at the top level, once and unconditionally, with `ns` fastmcp's namespace. */
function takenFromNamespace(summary: FileSummary, name: string): boolean {
  const module = summary.flow?.units.find((u) => u.kind === "module");
  const bindings = module?.events.filter(({ event }) => (event.k === "alias" && event.target === name) || (event.k === "escape" && event.into?.length === 1 && event.into[0] === name)) ?? [];
  if (bindings.length !== 1 || bindings[0]!.conditional) return false;
  const { event } = bindings[0]!;
  if (event.k !== "alias" || event.source.length !== 2 || event.source[1] !== "FastMCP") return false;
  const ns = summary.imports.get(event.source[0]!);
  return ns !== undefined && ns.imported === "*" && isFastmcpSpecifier(ns.specifier);
}
