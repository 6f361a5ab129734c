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

export function fencedFileSystem(fs: FileSystemHost, roots: readonly string[]): FileSystemHost {
  const realOf = (p: string): string | undefined => {
    try {
      return fs.realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const realRoots = roots.map((r) => realOf(r) ?? r);
  const realFolders = new Map<string, string | undefined>();
  const realFolder = (dir: string): string | undefined => {
    if (!realFolders.has(dir)) realFolders.set(dir, realOf(dir));
    return realFolders.get(dir);
  };
  const withinReal = (real: string) => realRoots.some((r) => isWithin(r, real));
  /**
   * Whether a path may be read: it lies in a root as written, and so does the real path of its folder
   * (or of itself, for a folder). A missing folder passes: nothing is read from it.
   */
  const allowed = (p: string, asFolder: boolean): boolean => {
    const root = roots.find((r) => isWithin(r, p));
    if (root === undefined) return false;
    if (installed(root, p)) return true;
    const real = realFolder(asFolder ? p : dirname(p));
    return real === undefined || withinReal(real);
  };
  /** A file itself may be a link that leads out: its contents are read only when its real path stays in. */
  const readable = (p: string): boolean => {
    if (!allowed(p, false)) return false;
    if (roots.some((r) => isWithin(r, p) && installed(r, p))) return true;
    const real = realOf(p);
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
      if (!allowed(p, false)) return p;
      const real = realOf(p);
      return real !== undefined && withinReal(real) ? real : p;
    },
  };
  return new Proxy(fs, {
    get(target, key) {
      if (typeof key === "string" && READS.has(key)) return fenced[key];
      if (typeof key === "string" && WRITES.has(key))
        return () => {
          throw new Error(`the analysis writes no file (${key})`);
        };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
