// What a checkout says of a package it depends on when node_modules is not installed (a fresh clone):
// the release its package-lock.json pins (what `npm ci` installs there), and the range its
// package.json allows (what `npm install` of the published package gives: the newest matching
// release, since the lock is not published). A framework dialect whose rules changed between releases
// reads both. The walks never leave the workspace.
import semver from "semver";
import type { DirectoryEntry } from "./directoryListing";
import { dirname, joinPath } from "./paths";

type FileText = (file: string) => string | undefined;
type ListDirectory = ((dir: string) => readonly DirectoryEntry[] | undefined) | undefined;

const DEPENDENCY_FIELDS = ["dependencies", "peerDependencies", "devDependencies", "optionalDependencies"] as const;

/**
 * The version the nearest package-lock.json above `file` pins for `name` (a workspace's lock is its
 * root's). Lock files v2/v3 list `"node_modules/<name>"` under `packages`; v1 lists `"<name>"` under
 * `dependencies`, nested no deeper than the root's.
 */
export function lockedVersion(file: string, name: string, text: FileText, withinWorkspace: (path: string) => boolean): { version: string; lockFile: string } | undefined {
  const quoted = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const v2 = new RegExp(`"node_modules/${quoted}"\\s*:\\s*\\{\\s*"version"\\s*:\\s*"(\\d+\\.\\d+\\.\\d+)"`);
  const v1 = new RegExp(`^ {4}"${quoted}"\\s*:\\s*\\{\\s*"version"\\s*:\\s*"(\\d+\\.\\d+\\.\\d+)"`, "m");
  for (let dir = dirname(file); withinWorkspace(dir); dir = dirname(dir)) {
    const lockFile = joinPath(dir, "package-lock.json");
    const lock = text(lockFile);
    if (lock !== undefined) {
      const version = (v2.exec(lock) ?? v1.exec(lock))?.[1];
      return version ? { version, lockFile } : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
  return undefined;
}

/** The nearest package.json above `file`, in the workspace, that depends on `name`, and the range it gives. */
export function declaredRange(file: string, name: string, text: FileText, withinWorkspace: (path: string) => boolean): { range: string; manifest: string } | undefined {
  for (let dir = dirname(file); withinWorkspace(dir); dir = dirname(dir)) {
    const manifest = joinPath(dir, "package.json");
    const raw = text(manifest);
    if (raw !== undefined) {
      try {
        const json = JSON.parse(raw) as Record<string, unknown>;
        for (const field of DEPENDENCY_FIELDS) {
          const deps = json[field];
          const range = typeof deps === "object" && deps !== null ? (deps as Record<string, unknown>)[name] : undefined;
          if (typeof range === "string") return { range, manifest };
        }
      } catch {
        // Not JSON: look further up.
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
  return undefined;
}

/**
 * The `periods` (oldest first; `span` gives each one's releases as a range, like `>=3.23.1 <4.8.0`)
 * that a range reaches, oldest first: npm installs the newest matching release, a lock may hold an
 * older one. Empty when the range is not one npm reads as versions (a tag, a URL, a workspace or
 * file link) or reaches none.
 */
export function periodsIn<T>(range: string, periods: readonly T[], span: (p: T) => string): T[] {
  let parsed: semver.Range;
  try {
    parsed = new semver.Range(range.trim());
  } catch {
    return [];
  }
  return periods.filter((p) => semver.intersects(parsed, new semver.Range(span(p))));
}

/** The newest of the periods a range reaches (what `npm install` gives). */
export function newestPeriodIn<T>(range: string, periods: readonly T[], span: (p: T) => string): T | undefined {
  return periodsIn(range, periods, span).at(-1);
}

/** Lock files of other package managers than npm, which the analysis does not read. */
const OTHER_LOCKS = ["pnpm-lock.yaml", "yarn.lock", "bun.lock", "bun.lockb", "npm-shrinkwrap.json"];
const LOCK_FILES = ["package-lock.json", ...OTHER_LOCKS];

/** The lock file among `names` in `dir`, if any. */
function lockIn(dir: string, names: readonly string[], list: ListDirectory): string | undefined {
  const files = new Set(list?.(dir)?.filter((e) => e.isFile).map((e) => e.name) ?? []);
  const name = names.find((n) => files.has(n));
  return name === undefined ? undefined : joinPath(dir, name);
}

/** Whether `manifest`'s folder holds a lock file: the root of its own install (a workspace's lock is its root's). */
export function besideLockFile(manifest: string, list: ListDirectory): boolean {
  return lockIn(dirname(manifest), LOCK_FILES, list) !== undefined;
}

/** The first lock file of another package manager in `manifest`'s folder or above, in the workspace. */
export function otherLockFile(manifest: string, list: ListDirectory, withinWorkspace: (path: string) => boolean): string | undefined {
  for (let dir = dirname(manifest); withinWorkspace(dir); dir = dirname(dir)) {
    const lock = lockIn(dir, OTHER_LOCKS, list);
    if (lock !== undefined) return lock;
    if (dirname(dir) === dir) return undefined;
  }
  return undefined;
}
