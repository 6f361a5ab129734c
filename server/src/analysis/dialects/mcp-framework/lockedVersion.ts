// The mcp-framework version a project pins in its package-lock.json, for a checkout whose
// node_modules is not installed: `npm ci` installs exactly the locked version, so its rules apply as
// surely as an installed package.json's. Lock files v2/v3 list `"node_modules/mcp-framework"` under
// `packages`; v1 lists `"mcp-framework"` under `dependencies`, nested no deeper than the root's.
import { dirname, joinPath } from "../../core/project/paths";

type FileText = (file: string) => string | undefined;

const V2 = /"node_modules\/mcp-framework"\s*:\s*\{\s*"version"\s*:\s*"(\d+\.\d+\.\d+)"/;
const V1 = /^ {4}"mcp-framework"\s*:\s*\{\s*"version"\s*:\s*"(\d+\.\d+\.\d+)"/m;

/**
 * The version locked by the nearest package-lock.json above `file` (a workspace's lock is its root's),
 * looked for no higher than the workspace: a lock file above it belongs to some other project.
 */
export function lockedVersion(file: string, text: FileText, withinWorkspace: (path: string) => boolean): { version: string; lockFile: string } | undefined {
  for (let dir = dirname(file); withinWorkspace(dir); dir = dirname(dir)) {
    const lockFile = joinPath(dir, "package-lock.json");
    const lock = text(lockFile);
    if (lock !== undefined) {
      const version = (V2.exec(lock) ?? V1.exec(lock))?.[1];
      return version ? { version, lockFile } : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
  return undefined;
}
