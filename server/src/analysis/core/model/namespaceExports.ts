// Module namespace objects a file exports: `export * as tools from "./tools"`, or a namespace import
// exported again (`import * as tools from "./tools"; export { tools }`). Each is a value at run time,
// whatever the module it names exports, unless written type-only (`export type * as`, `import type * as`),
// which the file summary does not tell apart.
import type { FileSummary } from "./summary";

/** `export type * as ns from` / `export type * from`: names no value, though the summary lists it as an export. */
export const TYPE_ONLY_STAR_EXPORT = /\bexport\s+type\s*\*/;

/** Whether `local`, exported by the file, is a namespace import of it that is a value (not `import type * as`). */
export function isNamespaceImportValue(summary: FileSummary, text: string, local: string): boolean {
  if (summary.imports.get(local)?.imported !== "*") return false;
  return !new RegExp(String.raw`\bimport\s+type\s+\*\s+as\s+${local.replace(/\$/g, "\\$")}\b`).test(text);
}
