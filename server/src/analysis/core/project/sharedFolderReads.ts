// Two walks of a workspace's folders happen in one session: the declaration index looks for
// declaration files, and dialects list a package's folders (the SDK's search for importers of an
// exported server). Each folder is read from the disk once for both, and again only after files were
// created or deleted (`forget`), as module resolutions are.
import type { FileSystemHost, RuntimeDirEntry } from "ts-morph";

export interface SharedFolderReads {
  /** The file system, with `readDirSync` answered from what was read before. */
  readonly fs: FileSystemHost;
  forget(): void;
}

export function sharedFolderReads(fs: FileSystemHost): SharedFolderReads {
  const read = new Map<string, { entries: RuntimeDirEntry[] } | { error: unknown }>();
  const readDirSync = (dir: string): RuntimeDirEntry[] => {
    let kept = read.get(dir);
    if (!kept) {
      try {
        kept = { entries: fs.readDirSync(dir) };
      } catch (error) {
        kept = { error };
      }
      read.set(dir, kept);
    }
    if ("error" in kept) throw kept.error;
    // A copy: callers sort what they get.
    return [...kept.entries];
  };
  const shared = new Proxy(fs, {
    get(target, key) {
      if (key === "readDirSync") return readDirSync;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { fs: shared, forget: () => read.clear() };
}
