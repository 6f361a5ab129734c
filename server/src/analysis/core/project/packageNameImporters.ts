// The files of a monorepo's other packages that may import a package by its name (`import { server }
// from "@acme/core"`). A workspace links each package into node_modules, and Node loads a link by its
// real path: such an import is the very module of the package's folder, so what the importing file
// does to an exported server happens to the one server the package's own program runs. The search is
// a text search: only files that quote the package's name are handed on, and resolving their imports
// decides whether they reach the module.
import type { DirectoryEntry } from "./directoryListing";
import { basename, dirname, joinPath } from "./paths";
import { packageSourceFiles } from "./packageSourceFiles";

type List = (dir: string) => readonly DirectoryEntry[] | undefined;

export interface NamedPackageFiles {
  /** The package's `name` in its package.json. */
  readonly name: string;
  /** Files outside the package that quote its name, maybe with a subpath (`"@acme/core/server"`). */
  readonly files: readonly string[];
  /**
   * When some do: every source file of the other packages, for the paths that reach the package's
   * folder too (`../packages/core/dist/index.js`, the same module once a link is resolved).
   */
  readonly others: readonly string[];
  /** Why the other packages could not all be searched (too many files, a folder not listed). */
  readonly unlisted?: string;
}

/** Tests and their helpers never run in the published server. */
const TEST_FILE = /[._-](?:test|spec|e2e)s?[._][^/]*$|\/(?:__tests__|__mocks__|tests?|e2e)\//;

/**
 * The package at `root` by its name, with the files of the workspace's other packages quoting that
 * name. The other packages are those under the outermost folder above `root` that holds a package.json
 * (a monorepo's root, or an app that keeps its libraries in a folder of its own), never above the
 * folders `list` answers for. Undefined when the package has no name or no such folder holds it.
 */
export function packageNameImporters(list: List, text: (file: string) => string | undefined, root: string, memo?: <T>(key: string, compute: () => T) => T): NamedPackageFiles | undefined {
  const name = packageName(text(joinPath(root, "package.json")));
  if (name === undefined) return undefined;
  const top = outermostPackage(list, root);
  if (top === undefined) return undefined;
  const compute = (): NamedPackageFiles => {
    const all = memo ? memo(`workspace-source-files\u0000${top}`, () => sourceFilesOf(list, top)) : sourceFilesOf(list, top);
    // Too many files to read them all: a package nothing installs under its name (no node_modules entry
    // of that name at the top or above, where Node looks last) is imported by no other package by it.
    if (!all) return installedByName(list, top, name) ? { name, files: [], others: [], unlisted: `the workspace's other packages, which may import ${name} by its name, are too many to search` } : { name, files: [], others: [] };
    const quoted = quotedNamePattern(name);
    const inside = `${root}/`;
    const others = all.filter((f) => !f.startsWith(inside) && !TEST_FILE.test(f.slice(top.length)));
    const files = others.filter((f) => {
      const t = text(f);
      return t !== undefined && t.includes(name) && quoted.test(t);
    });
    return { name, files, others: files.length > 0 ? others : [] };
  };
  return memo ? memo(`package-name-importers\u0000${root}`, compute) : compute();
}

/**
 * The source files under `top`, listed once while its folder listings stay the same: the workspace
 * keeps every listing until files are created or deleted and then forgets them all, so the very array
 * seen before for `top` means every folder below is listed as it was then.
 */
function sourceFilesOf(list: List, top: string): readonly string[] | undefined {
  const listing = list(top);
  if (listing && filesByListing.has(listing)) return filesByListing.get(listing);
  const files = packageSourceFiles(list, top);
  if (listing) filesByListing.set(listing, files);
  return files;
}
const filesByListing = new WeakMap<readonly DirectoryEntry[], readonly string[] | undefined>();

/** The `name` of a package.json's text, when it is a string. */
function packageName(manifest: string | undefined): string | undefined {
  if (manifest === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(manifest);
    const name = typeof value === "object" && value !== null ? (value as { name?: unknown }).name : undefined;
    return typeof name === "string" && name.length > 0 ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a `node_modules` of `top` or of a folder above it (as far as they can be listed) holds an entry named `name`. */
function installedByName(list: List, top: string, name: string): boolean {
  const scope = name.startsWith("@") ? name.slice(0, name.indexOf("/")) : undefined;
  const base = scope ? name.slice(scope.length + 1) : name;
  for (let dir = top, hops = 0; hops < 32; hops++) {
    const modules = list(joinPath(dir, scope ? `node_modules/${scope}` : "node_modules"));
    if (modules?.some((e) => e.name === base || e.name.endsWith(`/${base}`))) return true;
    const up = dirname(dir);
    if (up === dir || !list(up)) break;
    dir = up;
  }
  return false;
}

/** The outermost folder strictly above `root` that holds a package.json, among the folders that can be listed. */
function outermostPackage(list: List, root: string): string | undefined {
  let found: string | undefined;
  for (let dir = dirname(root), below = root, hops = 0; dir !== below && hops < 32; hops++) {
    const entries = list(dir);
    if (!entries) break;
    if (entries.some((e) => e.isFile && e.name === "package.json")) found = dir;
    below = dir;
    dir = dirname(dir);
  }
  return found;
}

/** The package's name quoted as a module specifier, alone or with a subpath. */
export function quotedNamePattern(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`["'\`]${escaped}(?:/[^"'\`\\n]*)?["'\`]`);
}

/** Whether an import specifier names the package or one of its subpaths. */
export function namesPackage(specifier: string, name: string): boolean {
  return specifier === name || specifier.startsWith(`${name}/`);
}

/**
 * Whether the package's `exports` give `import` and `require` different files (a dual package): an
 * importer that loads it with `import` and one that loads it with `require()` then get two copies of
 * the module, and of a server it exports.
 */
export function dualPackage(manifest: string | undefined): boolean {
  let value: unknown;
  try {
    value = manifest === undefined ? undefined : JSON.parse(manifest);
  } catch {
    return false;
  }
  const exp = typeof value === "object" && value !== null ? (value as { exports?: unknown }).exports : undefined;
  let split = false;
  const visit = (v: unknown, depth: number): void => {
    if (split || depth > 8 || typeof v !== "object" || v === null) return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    const entry = v as Record<string, unknown>;
    if ("import" in entry && "require" in entry && JSON.stringify(entry.import) !== JSON.stringify(entry.require)) split = true;
    for (const x of Object.values(entry)) visit(x, depth + 1);
  };
  visit(exp, 0);
  return split;
}

/**
 * How Node loads the file once built: `.cts` as CommonJS, `.mts` as an ES module, any other by the
 * `type` of the nearest package.json (CommonJS without one).
 */
export function loadFormat(list: List, text: (file: string) => string | undefined, file: string): "esm" | "cjs" {
  if (/\.c[jt]s$/.test(file)) return "cjs";
  if (/\.m[jt]s$/.test(file)) return "esm";
  for (let dir = dirname(file), hops = 0; hops < 32; hops++) {
    const entries = list(dir);
    if (!entries) break;
    if (entries.some((e) => e.isFile && e.name === "package.json")) {
      try {
        const value: unknown = JSON.parse(text(joinPath(dir, "package.json")) ?? "{}");
        return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "module" ? "esm" : "cjs";
      } catch {
        return "cjs";
      }
    }
    if (dirname(dir) === dir) break;
    dir = dirname(dir);
  }
  return "cjs";
}

/**
 * Among the files importing the package by its name (with the place of that import), those that get
 * another copy of its module than its own files do: a dual package loaded the other way. What they do
 * is on that copy, and which copy the program serves is not read here: each comes with its reason.
 */
export function otherCopyImporters<S>(list: List, text: (file: string) => string | undefined, root: string, file: string, name: string, viaName: ReadonlyMap<string, S>): { file: string; why: string; at: S }[] {
  if (viaName.size === 0 || !dualPackage(text(joinPath(root, "package.json")))) return [];
  const format = loadFormat(list, text, file);
  const out: { file: string; why: string; at: S }[] = [];
  for (const [at, place] of viaName) {
    if (loadFormat(list, text, at) === format) continue;
    out.push({ file: at, at: place, why: `${basename(at)}, in another package of the workspace, loads ${name} with ${format === "esm" ? "require()" : "import"}, which its exports map to another file: it may get another copy of the server` });
  }
  return out;
}
