// Servers built by subclassing: `class NotesServer extends FastMCP { constructor() { super(..);
// this.addTool(..) } }`. The constructor runs when the subclass is constructed, so what it registers
// on `this` is on the server before anything the caller does next.
import type { FileSummary, ValueExpr } from "../../core/model/summary";
import { importsFastMCP } from "./fastmcpImport";
import type { ModuleHost } from "../../core/project/reexportOrigin";

/** Classes extending classes deeper than this are not followed (no real server stacks that many). */
const MAX_CHAIN = 6;

/**
 * For `new <name>()`: the file's classes from the one that extends FastMCP down to `name`, or null when
 * `name` is not such a class of this file.
 */
export function subclassChain(summary: FileSummary, name: string, host?: ModuleHost): string[] | null {
  const chain: string[] = [];
  for (let current = name; chain.length < MAX_CHAIN; ) {
    const decl = summary.decls.get(current);
    if (decl?.k !== "class") return null;
    const cls = summary.classes[decl.classIndex];
    if (!cls || chain.includes(cls.name)) return null;
    chain.unshift(cls.name);
    const base = heritageName(cls.heritage);
    if (base === undefined) return null;
    if (importsFastMCP(summary, base, host)) return chain;
    current = base;
  }
  return null;
}

/** `FastMCP` or `fastmcp.FastMCP` as written after `extends`. */
function heritageName(h: ValueExpr | null): string | undefined {
  if (h?.k === "ref") return h.name;
  if (h?.k === "get" && h.object.k === "ref" && h.key.k === "static") return `${h.object.name}.${h.key.name}`;
  return undefined;
}
