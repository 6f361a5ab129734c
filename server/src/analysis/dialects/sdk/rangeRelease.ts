// The newest SDK v1 release a package.json range lets npm install, as far as McpServer's rules go.
// The rules change only at a few releases (sdkRelease.ts), so it is enough to know which of those
// rule periods the range reaches: its lowest version in each of its alternatives, and every boundary
// it allows. The newest period reached is the one `npm install` gives today (it takes the newest
// matching release); `~1.15.1` stays in 1.15.x, `^1.15.1` reaches the newest 1.x.
import semver from "semver";

/** The releases at which McpServer's rules change, oldest first (see sdkRelease.ts). */
export const RULE_BOUNDARIES: readonly string[] = ["1.7.0", "1.10.0", "1.12.2", "1.25.0", "1.32.2"];
/** Stands for every 1.x release newer than the last boundary. */
const NEWEST_1X = "1.999.999";

/**
 * A version in the newest rule period the range reaches; undefined when the text is not a 1.x range
 * npm understands (a tag, a URL, a workspace or file link).
 */
export function rangeReach(range: string): string | undefined {
  let parsed: semver.Range;
  try {
    parsed = new semver.Range(range.trim());
  } catch {
    return undefined;
  }
  const reached: string[] = [];
  for (const alternative of parsed.set) {
    const low = semver.minVersion(new semver.Range(alternative.map((c) => c.value).join(" ") || "*"));
    if (low) reached.push(low.version);
  }
  for (const v of [...RULE_BOUNDARIES, NEWEST_1X]) if (parsed.test(v)) reached.push(v);
  const ones = reached.filter((v) => semver.major(v) === 1);
  if (ones.length === 0) return undefined;
  return ones.sort(semver.compare)[ones.length - 1];
}
