// The SDK v1 version a project pins in its package-lock.json, for a checkout whose node_modules is
// not installed: `npm ci` installs exactly that version. Lock files v2/v3 list
// `"node_modules/@modelcontextprotocol/sdk"` under `packages`; v1 lists it under `dependencies`.
import { dirname, joinPath } from "../../core/project/paths";

type FileText = (file: string) => string | undefined;

const V2 = /"node_modules\/@modelcontextprotocol\/sdk"\s*:\s*\{\s*"version"\s*:\s*"(\d+\.\d+\.\d+)"/;
const V1 = /^ {4}"@modelcontextprotocol\/sdk"\s*:\s*\{\s*"version"\s*:\s*"(\d+\.\d+\.\d+)"/m;

/** The version locked by the nearest package-lock.json above `file`, looked for no higher than the workspace. */
export function lockedSdkVersion(file: string, text: FileText, withinWorkspace: (path: string) => boolean): string | undefined {
  for (let dir = dirname(file); withinWorkspace(dir); dir = dirname(dir)) {
    const lock = text(joinPath(dir, "package-lock.json"));
    if (lock !== undefined) return (V2.exec(lock) ?? V1.exec(lock))?.[1];
    if (dirname(dir) === dir) return undefined;
  }
  return undefined;
}
