// The analysis reads nothing outside the workspace it is given: not through an import that climbs out
// (`../outside/base`), an absolute import, a link inside the workspace that leads out, TypeScript's
// search for node_modules and package.json files in the folders above, nor a tsconfig's `extends`.
// Every read of the engine goes through this file system, which answers for a path outside the
// workspace's roots (by its real path) as if nothing were there, and refuses to write anything.
// The one exception is the workspace's own install: a path written under one of its node_modules
// folders is read wherever its links lead (a symlinked node_modules, pnpm's or a global store), since
// that is the code Node loads for it.
import type { FileSystemHost } from "ts-morph";
import { dirname, isWithin, normalizePath } from "./paths";

/** What a read outside the workspace throws: callers treat it as a file that is not there. */
export class OutsideWorkspaceError extends Error {
  readonly code = "ENOENT";
  constructor(path: string) {
    super(`${path} is outside the workspace: the analysis does not read it`);
  }
}

/** The fenced file system's own question, under a symbol no other host has. */
const OUTSIDE = Symbol("outside the workspace");

/** Whether `fs` (a fenced file system; any other answers no) refuses to read `p`. */
export function outsideWorkspace(fs: FileSystemHost, p: string): boolean {
  const ask = (fs as unknown as { [OUTSIDE]?: (p: string) => boolean })[OUTSIDE];
  return ask !== undefined && ask(p);
}

const READS = new Set(["readFileSync", "readFile", "readDirSync", "fileExistsSync", "fileExists", "directoryExistsSync", "directoryExists", "realpathSync"]);
const WRITES = new Set(["writeFile", "writeFileSync", "mkdir", "mkdirSync", "move", "moveSync", "copy", "copySync", "delete", "deleteSync"]);

/** `.` and `..` segments, or doubled slashes: the path is not in its plain form. */
const DOTS = /(?:^|\/)\.{1,2}(?:\/|$)|\/\//;

/**
 * For a path of the workspace's install (under a node_modules folder of the workspace, as written):
 * the folder holding the first node_modules on the way. Undefined for any other path.
 */
function installPrefix(root: string, p: string): string | undefined {
  const at = p.indexOf("/node_modules/", root.length === 1 ? 0 : root.length);
  return at < 0 ? undefined : at === 0 ? "/" : p.slice(0, at);
}

export interface FencedFileSystem {
  readonly fs: FileSystemHost;
  /** Files were created or deleted (a link may lead elsewhere now): real paths are read again. */
  forget(): void;
}

export function fencedFileSystem(fs: FileSystemHost, roots: readonly string[]): FencedFileSystem {
  // Real paths are kept until files are created or deleted, as module resolutions are. They are
  // worked out from the folder listings (which the engine reads anyway): only an entry listed as a
  // link is asked for its real path, so a workspace of thousands of files costs a few system calls.
  const reals = new Map<string, string | undefined>();
  const links = new Map<string, ReadonlySet<string>>();
  const asked = new Map<string, string | undefined>();
  const realOf = (p: string): string | undefined => {
    if (asked.has(p)) return asked.get(p);
    let real: string | undefined;
    try {
      real = fs.realpathSync(p);
    } catch {
      real = undefined;
    }
    asked.set(p, real);
    return real;
  };
  const linksIn = (dir: string): ReadonlySet<string> => {
    let found = links.get(dir);
    if (!found) {
      try {
        found = new Set(fs.readDirSync(dir).filter((e) => e.isSymlink).map((e) => e.name.slice(e.name.lastIndexOf("/") + 1)));
      } catch {
        found = new Set();
      }
      links.set(dir, found);
    }
    return found;
  };
  const realRoots = roots.map((r) => realOf(r) ?? r);
  /** The real path of a path inside a root (undefined when a link on the way leads nowhere). */
  const realPath = (p: string): string | undefined => {
    if (reals.has(p)) return reals.get(p);
    const index = roots.indexOf(p);
    let real: string | undefined;
    if (index >= 0) real = realRoots[index];
    else {
      const parent = dirname(p);
      const name = p.slice(parent === "/" ? 1 : parent.length + 1);
      if (linksIn(parent).has(name)) real = realOf(p);
      else {
        const realParent = parent === p ? undefined : realPath(parent);
        real = realParent === undefined ? undefined : realParent === "/" ? `/${name}` : `${realParent}/${name}`;
      }
    }
    reals.set(p, real);
    return real;
  };
  const withinReal = (real: string) => realRoots.some((r) => isWithin(r, real));
  /**
   * The real path of a path as the system resolves it. A path with `.` or `..` segments is asked as
   * written (the system takes a link before a `..`, which reading the segments alone would not);
   * any other through the listings (realPath). Undefined: nothing is there.
   */
  const realOfWritten = (p: string): string | undefined => (DOTS.test(p) ? realOf(p) : realPath(p));
  /**
   * Whether `p` may be read (`asFolder`: listed, or checked for existence as a folder; otherwise its
   * folder is what must lie in, and for a read, the file itself). A path under a node_modules folder of
   * the workspace passes wherever its links lead, provided the folder holding that node_modules is
   * really in the workspace.
   */
  const verdict = (p: string, what: "read" | "file" | "folder"): boolean => {
    const lexical = DOTS.test(p) ? normalizePath(p) : p;
    const root = roots.find((r) => isWithin(r, lexical));
    if (root === undefined) return false;
    const install = installPrefix(root, lexical);
    // A `..` after a link of the install leads where the link's target lies, not into the install:
    // such a path is judged by its real path like any other.
    if (install !== undefined && !DOTS.test(p)) {
      const real = realPath(install);
      return real !== undefined && withinReal(real);
    }
    const target = what === "file" ? dirname(p) : p;
    const real = realOfWritten(target);
    // Nothing there (a missing file or folder): nothing can be read from it.
    return real === undefined ? what !== "read" || !DOTS.test(p) : withinReal(real);
  };
  /** A real path inside a root, written under the root as given (a root that is itself a link keeps its name). */
  const asWritten = (real: string): string | undefined => {
    const i = realRoots.findIndex((r) => isWithin(r, real));
    return i < 0 ? undefined : roots[i] + real.slice(realRoots[i]!.length);
  };
  const fenced: Partial<Record<string, (...args: never[]) => unknown>> = {
    readFileSync: (p: string, encoding?: string) => {
      if (!verdict(p, "read")) throw new OutsideWorkspaceError(p);
      return fs.readFileSync(p, encoding);
    },
    readFile: async (p: string, encoding?: string) => {
      if (!verdict(p, "read")) throw new OutsideWorkspaceError(p);
      return fs.readFile(p, encoding);
    },
    readDirSync: (p: string) => (verdict(p, "folder") ? fs.readDirSync(p) : []),
    fileExistsSync: (p: string) => verdict(p, "file") && fs.fileExistsSync(p),
    fileExists: async (p: string) => verdict(p, "file") && fs.fileExists(p),
    directoryExistsSync: (p: string) => verdict(p, "folder") && fs.directoryExistsSync(p),
    directoryExists: async (p: string) => verdict(p, "folder") && fs.directoryExists(p),
    // A real path leading out is not followed, and one inside is given under the root as written: the
    // path stays one the fence lets through.
    realpathSync: (p: string) => {
      const lexical = DOTS.test(p) ? normalizePath(p) : p;
      const root = roots.find((r) => isWithin(r, lexical));
      if (root === undefined) return p;
      const real = installPrefix(root, lexical) !== undefined ? realOf(p) : realOfWritten(p);
      return (real !== undefined && asWritten(real)) ?? lexical;
    },
  };
  const refuse = (key: string) => () => {
    throw new Error(`the analysis writes no file (${key})`);
  };
  // Each method is looked up once: the hosts are asked millions of times in a large workspace.
  const methods = new Map<string | symbol, unknown>();
  const guarded = new Proxy(fs, {
    get(target, key) {
      if (key === OUTSIDE) return (p: string) => !verdict(p, "read");
      let method = methods.get(key);
      if (method === undefined) {
        const value = Reflect.get(target, key, target) as unknown;
        if (typeof key === "string" && READS.has(key)) method = fenced[key];
        else if (typeof key === "string" && WRITES.has(key)) method = refuse(key);
        else if (typeof value === "function") method = (value as (...args: unknown[]) => unknown).bind(target);
        else return value;
        methods.set(key, method);
      }
      return method;
    },
  });
  return {
    fs: guarded,
    forget: () => {
      reals.clear();
      links.clear();
      asked.clear();
    },
  };
}
