// The analysis reads nothing outside the workspace it is given: not through an import that climbs out
// (`../outside/base`), an absolute import, a link inside the workspace that leads out, TypeScript's
// search for node_modules and package.json files in the folders above, nor a tsconfig's `extends`.
// Every read of the engine goes through this file system, which answers for a path outside the
// workspace's roots (by its real path) as if nothing were there, and refuses to write anything.
// The one exception is the workspace's own install: a path written under one of its node_modules
// folders is read wherever its links lead (a symlinked node_modules, pnpm's or a global store), since
// that is the code Node loads for it.
import type { FileSystemHost } from "ts-morph";
import { dirname, isWithin } from "./paths";

/** What a read outside the workspace throws: callers treat it as a file that is not there. */
export class OutsideWorkspaceError extends Error {
  readonly code = "ENOENT";
  constructor(path: string) {
    super(`${path} is outside the workspace: the analysis does not read it`);
  }
}

const READS = new Set(["readFileSync", "readFile", "readDirSync", "fileExistsSync", "fileExists", "directoryExistsSync", "directoryExists", "realpathSync"]);
const WRITES = new Set(["writeFile", "writeFileSync", "mkdir", "mkdirSync", "move", "moveSync", "copy", "copySync", "delete", "deleteSync"]);

/** A path of the workspace's install: under a node_modules folder of the workspace, as written. */
function installed(root: string, p: string): boolean {
  return p.slice(root.length).includes("/node_modules/");
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
   * Whether a path may be read: it lies in a root as written, and so does its real path (that of its
   * folder, for an existence check). A path whose links lead nowhere passes: nothing is read there.
   */
  const allowed = (p: string, asFolder: boolean): boolean => {
    const root = roots.find((r) => isWithin(r, p));
    if (root === undefined) return false;
    if (installed(root, p)) return true;
    const real = realPath(asFolder ? p : dirname(p));
    return real === undefined || withinReal(real);
  };
  /** A file itself may be a link that leads out: its contents are read only when its real path stays in. */
  const readable = (p: string): boolean => {
    const root = roots.find((r) => isWithin(r, p));
    if (root === undefined) return false;
    if (installed(root, p)) return true;
    const real = realPath(p);
    return real === undefined || withinReal(real);
  };
  const fenced: Partial<Record<string, (...args: never[]) => unknown>> = {
    readFileSync: (p: string, encoding?: string) => {
      if (!readable(p)) throw new OutsideWorkspaceError(p);
      return fs.readFileSync(p, encoding);
    },
    readFile: async (p: string, encoding?: string) => {
      if (!readable(p)) throw new OutsideWorkspaceError(p);
      return fs.readFile(p, encoding);
    },
    readDirSync: (p: string) => (allowed(p, true) ? fs.readDirSync(p) : []),
    fileExistsSync: (p: string) => allowed(p, false) && fs.fileExistsSync(p),
    fileExists: async (p: string) => allowed(p, false) && fs.fileExists(p),
    directoryExistsSync: (p: string) => allowed(p, true) && fs.directoryExistsSync(p),
    directoryExists: async (p: string) => allowed(p, true) && fs.directoryExists(p),
    // A real path leading out is not followed: the path stays as it is written.
    realpathSync: (p: string) => {
      const root = roots.find((r) => isWithin(r, p));
      if (root === undefined) return p;
      const real = installed(root, p) ? realOf(p) : realPath(p);
      return real !== undefined && withinReal(real) ? real : p;
    },
  };
  const refuse = (key: string) => () => {
    throw new Error(`the analysis writes no file (${key})`);
  };
  // Each method is looked up once: the hosts are asked millions of times in a large workspace.
  const methods = new Map<string | symbol, unknown>();
  const guarded = new Proxy(fs, {
    get(target, key) {
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
