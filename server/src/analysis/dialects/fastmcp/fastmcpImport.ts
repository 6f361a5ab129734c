// Whether a name written in a file is fastmcp's FastMCP class, imported from the package.
import type { FileSummary } from "../../core/model/summary";

export const isFastmcpSpecifier = (s: string): boolean => s === "fastmcp";

/** `FastMCP` (imported by that name, maybe renamed) or `ns.FastMCP` (`import * as ns from "fastmcp"`). */
export function importsFastMCP(summary: FileSummary, ctor: string): boolean {
  const [head, member] = ctor.split(".");
  const binding = summary.imports.get(head!);
  if (!binding || !isFastmcpSpecifier(binding.specifier)) return false;
  return member === undefined ? binding.imported === "FastMCP" : binding.imported === "*" && member === "FastMCP";
}
