// `import { MyServer } from "./server.js"; new MyServer().run();`: a class of another module of the
// workspace built here. It may extend a framework's server class there (a subclass declared in one
// module, made and started in the entry), so the file can hold a server although it names no
// framework: it is screened in, and the pre-pass follows the class's module like a base (BaseReach).
// Only names imported from the workspace's own modules (relative paths) count: a package's class is
// the package's, and its subclasses are found where they are written.

/** `new Name` (maybe `new Name<T>(`): the constructed name. */
const NEW_NAME = /\bnew\s+([A-Za-z_$][\w$]*)/g;
/** An import from a relative path, with its clause. */
const RELATIVE_IMPORT = /\bimport\s+([^;"'`]*?)\s*from\s*["']\.\.?\//g;
/** `import("./…")` of a relative path. */
const RELATIVE_DYNAMIC_IMPORT = /\bimport\s*\(\s*["'`]\.\.?\//;

/** Whether a text may build a class it imports from a module of the workspace (a cheap over-approximation: names only). */
export function mayConstructWorkspaceClass(text: string): boolean {
  if (!text.includes("new")) return false;
  // A module loaded at run time (`const { Srv } = await import("./srv.js")`) may give the class too.
  if (RELATIVE_DYNAMIC_IMPORT.test(text)) return true;
  if (!/\bfrom\s*["']\.\.?\//.test(text)) return false;
  const imported = new Set<string>();
  for (const m of text.matchAll(RELATIVE_IMPORT)) for (const id of m[1]!.matchAll(/[A-Za-z_$][\w$]*/g)) imported.add(id[0]);
  for (const m of text.matchAll(NEW_NAME)) if (imported.has(m[1]!)) return true;
  return false;
}

/** The names a text constructs with `new` (each once), for the pre-pass to follow to their modules. */
export function constructedNames(text: string): string[] {
  return [...new Set([...text.matchAll(NEW_NAME)].map((m) => m[1]!))];
}
