import type { FileSystemHost } from "ts-morph";
import { basename, isWithin, joinPath, normalizePath } from "./paths";

/** A folder's entry, as a loader that scans folders at run time would see it. */
export interface DirectoryEntry {
  readonly name: string;
  readonly path: string;
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  /** A symbolic link (`isFile`/`isDirectory` say what it points to): a loader reading entries' own types skips it. */
  readonly isSymlink?: true;
}

/** More entries than this in one folder are not listed: the folder is treated as not readable. */
const MAX_ENTRIES = 2000;

/**
 * Lists one folder through the workspace's file system, for dialects whose framework discovers its
 * parts by scanning folders. It never reads outside the workspace's roots (undefined there, as for a
 * missing or unreadable folder), so an analysis cannot be steered to list the machine's files.
 */
export function listDirectory(fs: FileSystemHost, roots: readonly string[], dir: string): DirectoryEntry[] | undefined {
  const folder = normalizePath(dir);
  if (!roots.some((r) => isWithin(normalizePath(r), folder))) return undefined;
  try {
    // A missing folder, or a file, makes the listing throw: no existence check first (a stat per
    // folder is a third of what walking a package costs).
    const entries = fs.readDirSync(folder);
    if (entries.length > MAX_ENTRIES) return undefined;
    return entries
      .map((e) => {
        const name = basename(normalizePath(e.name));
        return { name, path: joinPath(folder, name), isFile: e.isFile, isDirectory: e.isDirectory, ...(e.isSymlink ? { isSymlink: true as const } : {}) };
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return undefined;
  }
}
