// A package's own source files, for the searches that look for a server's callers or importers across
// it. Bounded: past these limits the walk gives up (and its callers say they could not look
// everywhere) rather than slow the editor.
import type { DirectoryEntry } from "./directoryListing";
import { joinPath } from "./paths";

const MAX_FILES = 3000;
const MAX_FOLDERS = 1000;
const MAX_DEPTH = 16;
const SOURCE = /\.(?:[cm]?ts|tsx)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "build", "coverage", "out"]);

/** The package's source files (not declaration files), or undefined when there are too many to look at. */
export function packageSourceFiles(list: (dir: string) => readonly DirectoryEntry[] | undefined, root: string): string[] | undefined {
  const out: string[] = [];
  let folders = 0;
  // Folders linked into themselves must not multiply the walk: it gives up past a bound instead.
  const walk = (dir: string, depth: number): boolean => {
    // A folder not listed may hold a caller: the search then says it could not look everywhere.
    if (depth > MAX_DEPTH || ++folders > MAX_FOLDERS) return false;
    const entries = list(dir);
    if (!entries) return false;
    for (const e of entries) {
      if (e.isDirectory) {
        if (e.name.startsWith(".") || SKIPPED_FOLDERS.has(e.name)) continue;
        if (!walk(joinPath(dir, e.name), depth + 1)) return false;
      } else if (e.isFile && SOURCE.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name)) {
        out.push(e.path);
        if (out.length > MAX_FILES) return false;
      }
    }
    return true;
  };
  return walk(root, 0) ? out : undefined;
}
