// Two walks of a workspace's folders happen in one session: the declaration index looks for
// declaration files, and dialects list a package's folders (the SDK's search for importers of an
// exported server); the fence lists folders for their links too. Each folder is read from the disk
// once for all of them, and again only after files were created or deleted (`forget`), as module
// resolutions are.
//
// Whether a file or folder exists is answered from its folder's listing too. Module resolution asks
// for many paths that are not there (`x.ts`, `x.tsx`, `x.d.ts`, `x/index.ts`, a tsconfig.json in
// every folder on the way up), and each such question was a failed system call raising an error;
// one listing answers every question about its folder.
import type { FileSystemHost, RuntimeDirEntry } from "ts-morph";
import { basename, dirname } from "./paths";

export interface SharedFolderReads {
  /** The file system, with `readDirSync`, `fileExistsSync` and `directoryExistsSync` answered from what was read before. */
  readonly fs: FileSystemHost;
  forget(): void;
}

type Kept = { readonly entries: RuntimeDirEntry[]; names?: ReadonlyMap<string, RuntimeDirEntry>; folded?: ReadonlySet<string> } | { readonly error: unknown };

/** An error saying the folder is not there (so nothing in it is). */
function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export function sharedFolderReads(fs: FileSystemHost): SharedFolderReads {
  const read = new Map<string, Kept>();
  const kept = (dir: string): Kept => {
    let k = read.get(dir);
    if (!k) {
      try {
        k = { entries: fs.readDirSync(dir) };
      } catch (error) {
        k = { error };
      }
      read.set(dir, k);
    }
    return k;
  };
  const readDirSync = (dir: string): RuntimeDirEntry[] => {
    const k = kept(dir);
    if ("error" in k) throw k.error;
    // A copy: callers sort what they get.
    return [...k.entries];
  };
  /**
   * What the listing of its folder says `p` is: "file", "folder", "none", or undefined when only the
   * file system can say (a link, which is followed; an unreadable folder; a name that may be the same
   * as a listed one on a file system that ignores case or normalises Unicode).
   */
  const listed = (p: string): "file" | "folder" | "none" | undefined => {
    const dir = dirname(p);
    if (dir === p || p.endsWith("/")) return undefined;
    const k = kept(dir);
    if ("error" in k) return isMissing(k.error) ? "none" : undefined;
    // ts-morph's real host lists base names, its in-memory one full paths.
    k.names ??= new Map(k.entries.map((e) => [basename(e.name), e]));
    const name = basename(p);
    const e = k.names.get(name);
    if (e) return e.isSymlink ? undefined : e.isFile ? "file" : e.isDirectory ? "folder" : undefined;
    if (/[^\x20-\x7e]/.test(name)) return undefined;
    k.folded ??= new Set([...k.names.keys()].map((n) => n.toLowerCase()));
    return k.folded.has(name.toLowerCase()) ? undefined : "none";
  };
  const fileExistsSync = (p: string): boolean => {
    const l = listed(p);
    return l === undefined ? fs.fileExistsSync(p) : l === "file";
  };
  const directoryExistsSync = (p: string): boolean => {
    const l = listed(p);
    return l === undefined ? fs.directoryExistsSync(p) : l === "folder";
  };
  const answers: Record<string, unknown> = {
    readDirSync,
    fileExistsSync,
    directoryExistsSync,
    fileExists: async (p: string) => fileExistsSync(p),
    directoryExists: async (p: string) => directoryExistsSync(p),
  };
  const shared = new Proxy(fs, {
    get(target, key) {
      if (typeof key === "string" && key in answers) return answers[key];
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { fs: shared, forget: () => read.clear() };
}
