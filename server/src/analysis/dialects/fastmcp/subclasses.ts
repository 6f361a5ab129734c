// Servers built by subclassing: `class NotesServer extends FastMCP { constructor() { super(..);
// this.addTool(..) } }`. The constructor runs when the subclass is constructed, so what it registers
// on `this` is on the server before anything the caller does next. The subclass may be written in the
// file that constructs it or imported from another module (`import { AppServer } from "./server.js"`,
// through barrels too).
import type { FileSummary, ValueExpr } from "../../core/model/summary";
import { importsFastMCP } from "./fastmcpImport";
import type { ModuleHost } from "../../core/project/reexportOrigin";

/** Classes extending classes deeper than this are not followed (no real server stacks that many). */
const MAX_CHAIN = 6;
/** Re-exports a class name is followed through (barrels). */
const MAX_HOPS = 8;

/** The classes from the one extending FastMCP down to the one constructed, all written in `file`. */
export interface SubclassChain {
  readonly names: string[];
  readonly file: string;
}

/**
 * For `new <name>()`: the classes from the one that extends FastMCP down to `name`, with the file they
 * are written in; "elsewhere" when they are such classes but not all in one file (not followed);
 * null when `name` is not such a class.
 */
export function subclassChain(summary: FileSummary, name: string, host?: ModuleHost): SubclassChain | "elsewhere" | null {
  const chain: { file: string; name: string }[] = [];
  let at: { summary: FileSummary; name: string } | undefined = classNamed(summary, name, host);
  while (at && chain.length < MAX_CHAIN) {
    const decl = at.summary.decls.get(at.name);
    if (decl?.k !== "class") return null;
    const cls = at.summary.classes[decl.classIndex];
    const file = at.summary.fileName;
    if (!cls || chain.some((c) => c.file === file && c.name === cls.name)) return null;
    chain.unshift({ file, name: cls.name });
    const base = heritageName(cls.heritage);
    if (base === undefined) return null;
    if (importsFastMCP(at.summary, base, host)) {
      const files = new Set(chain.map((c) => c.file));
      return files.size === 1 ? { names: chain.map((c) => c.name), file } : "elsewhere";
    }
    at = base.includes(".") ? undefined : classNamed(at.summary, base, host);
  }
  return null;
}

/** Where a class name written in a file is declared: the file itself, or the module an import of it leads to. */
function classNamed(summary: FileSummary, name: string, host: ModuleHost | undefined): { summary: FileSummary; name: string } | undefined {
  if (summary.decls.has(name)) return { summary, name };
  const binding = summary.imports.get(name);
  if (!binding || !host || binding.imported === "*") return undefined;
  return exportedClass(host, summary.fileName, binding.specifier, binding.imported, 0);
}

/** The declaration a module's export leads to: its own class, or one it re-exports (`export { A } from`, `export * from`). */
function exportedClass(host: ModuleHost, from: string, spec: string, exported: string, hops: number): { summary: FileSummary; name: string } | undefined {
  if (hops > MAX_HOPS) return undefined;
  const target = host.resolveModule(spec, from);
  if (!target || target.includes("/node_modules/")) return undefined;
  const there = host.summary(target);
  if (!there) return undefined;
  const entry = there.exports.get(exported);
  if (entry?.k === "local") return there.decls.has(entry.local) ? { summary: there, name: entry.local } : undefined;
  if (entry?.k === "from") return exportedClass(host, target, entry.specifier, entry.imported, hops + 1);
  if (entry || exported === "default") return undefined;
  for (const star of there.starExports) {
    const found = exportedClass(host, target, star, exported, hops + 1);
    if (found) return found;
  }
  return undefined;
}

/** `FastMCP` or `fastmcp.FastMCP` as written after `extends`. */
function heritageName(h: ValueExpr | null): string | undefined {
  if (h?.k === "ref") return h.name;
  if (h?.k === "get" && h.object.k === "ref" && h.key.k === "static") return `${h.object.name}.${h.key.name}`;
  return undefined;
}
