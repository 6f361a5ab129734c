// The class a tool class extends, on the way up to mcp-framework's MCPTool: what an inherited member
// (`schema`, `app`) is read from. MCPTool itself (imported from the package or through a workspace
// module re-exporting it, or its declarations reached another way) declares none of them.
import type { DialectRun } from "../../core/dialect";
import type { ClassRef } from "../../core/evaluate/values";
import type { ClassSummary, FileSummary } from "../../core/model/summary";
import { frameworkExport } from "./frameworkExports";
import { PACKAGE } from "./packageName";

/** Base classes followed before giving up. */
const MAX_BASES = 8;

export type ToolBase =
  /** No base class, or MCPTool: nothing is inherited. */
  | { readonly k: "none" }
  | { readonly k: "class"; readonly cls: ClassRef }
  /** `deep`: the chain is longer than followed; otherwise the base (`text`) is not a class known statically. */
  | { readonly k: "unfollowed"; readonly deep: boolean; readonly text: string };

/** The base class of `cls` (in `file`), `depth` classes up from the tool. */
export function toolBase(run: DialectRun, summary: FileSummary, cls: ClassSummary, file: string, depth: number): ToolBase {
  const h = cls.heritage;
  if (!h) return { k: "none" };
  if (h.k === "ref" && frameworkExport(summary, h.name, run.ev.host) === "MCPTool") return { k: "none" };
  const text = run.ev.sourceText(h, file);
  if (depth >= MAX_BASES) return { k: "unfollowed", deep: true, text };
  const v = run.ev.evaluate(h, run.ev.fileScope(file), { calls: false });
  if (v.t !== "class") return { k: "unfollowed", deep: false, text };
  if (run.ev.summary(v.cls.file)?.isDeclarationFile && v.cls.file.includes(`/node_modules/${PACKAGE}/`)) return { k: "none" };
  return { k: "class", cls: v.cls };
}

/** Why an inherited member is not known, for a base `toolBase` did not follow. */
export function unfollowedBase(cls: ClassSummary, base: Extract<ToolBase, { k: "unfollowed" }>, what: string): string {
  return base.deep ? `${cls.name}'s chain of base classes is deeper than the analysis follows` : `${cls.name}'s base class ${base.text}${what} is not followed`;
}
