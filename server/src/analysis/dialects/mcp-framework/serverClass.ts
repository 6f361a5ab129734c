// What `new X(...)` builds: mcp-framework's MCPServer itself (imported from the package or through the
// workspace's re-exports), or a class of the workspace that extends it (the engine's packageSubclass.ts).
// Such an instance is an MCPServer: its constructor runs MCPServer's with what reaches `super(...)`
// (superConfig.ts), and what the subclasses declare may change how it behaves (subclassEffects.ts).
import type { Evaluator } from "../../core/evaluate/evaluator";
import { packageCtor, type ChainClass } from "../../core/classes/packageSubclass";
import type { FileSummary } from "../../core/model/summary";
import { frameworkExport } from "./frameworkExports";

export type { ChainClass };

export type ServerCtor =
  | { readonly k: "framework" }
  /** Most derived first; the last one extends MCPServer. */
  | { readonly k: "subclass"; readonly chain: readonly ChainClass[] };

export function serverCtor(ev: Evaluator, summary: FileSummary, ctor: string): ServerCtor | undefined {
  const found = packageCtor(ev, summary, ctor, (owner, written) => frameworkExport(owner, written, ev.host) === "MCPServer");
  if (!found) return undefined;
  return found.k === "package" ? { k: "framework" } : found;
}
