// What `npm install` of the published package would give instead of the locked release. A
// package-lock.json pins the release a checkout's `npm ci` installs, but whoever installs the package
// from npm gets the newest release its package.json range allows (the lock is not published): when
// that release reads the folders and options by other rules, the locked answer is not the only one.
import semver from "semver";
import { dirname, joinPath } from "../../core/project/paths";
import { PACKAGE } from "./sites";
import { RULES, type FrameworkRules } from "./rules";

type FileText = (file: string) => string | undefined;

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"] as const;

/** The nearest package.json above `file`, in the workspace, that names mcp-framework, and the range it gives. */
export function declaredRange(file: string, text: FileText, withinWorkspace: (path: string) => boolean): { range: string; manifest: string } | undefined {
  for (let dir = dirname(file); withinWorkspace(dir); dir = dirname(dir)) {
    const manifest = joinPath(dir, "package.json");
    const raw = text(manifest);
    if (raw !== undefined) {
      try {
        const json = JSON.parse(raw) as Record<string, unknown>;
        for (const field of DEPENDENCY_FIELDS) {
          const deps = json[field];
          const range = typeof deps === "object" && deps !== null ? (deps as Record<string, unknown>)[PACKAGE] : undefined;
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
 * The rules of the newest release period a range reaches (npm installs the newest matching release);
 * undefined when the range is not one npm reads as versions (a tag, a URL, a link) or reaches none.
 */
export function newestRulesIn(range: string): FrameworkRules | undefined {
  let parsed: semver.Range;
  try {
    parsed = new semver.Range(range.trim());
  } catch {
    return undefined;
  }
  for (let i = RULES.length - 1; i >= 0; i--) {
    const r = RULES[i]!;
    if (semver.intersects(parsed, new semver.Range(`>=${r.from} <=${r.to}`))) return r;
  }
  return undefined;
}
