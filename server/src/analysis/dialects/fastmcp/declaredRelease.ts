// The fastmcp release a checkout without node_modules (a fresh clone) runs, from what it declares:
// the release package-lock.json pins (what `npm ci` installs), else the newest release the
// package.json range allows (what `npm install` gives). Another answer is kept beside it when the
// range reaches releases with other rules: beside a locked release, the newest one (whoever installs
// the published package gets it, since the lock is not published); beside the newest, the oldest one
// when a lock file the analysis does not read (pnpm, Yarn, Bun) may pin it.
import semver from "semver";
import type { DialectRun } from "../../core/dialect";
import { declaredRange, lockedVersion, otherLockFile, periodsIn } from "../../core/project/declaredPackage";
import { dirname, relativePath } from "../../core/project/paths";
import { RULES, rulesFor, type FastmcpRules } from "./rules";

const PACKAGE = "fastmcp";

export interface DeclaredRelease {
  /** The locked release, or the package.json range ("^4.0.0"). */
  readonly version: string;
  /** Undefined for a locked release, or a range, outside the ones whose rules are known. */
  readonly rules: FastmcpRules | undefined;
  /** Rules another install of the same checkout may run by, and why. */
  readonly other?: { readonly rules: FastmcpRules; readonly why: string };
}

export function declaredRelease(run: DialectRun, file: string): DeclaredRelease | undefined {
  const locked = lockedVersion(file, PACKAGE, run.fileText, run.withinWorkspace)?.version;
  const declared = declaredRange(file, PACKAGE, run.fileText, run.withinWorkspace);
  const reached = declared ? periodsIn(declared.range, RULES, (r) => `>=${r.since} <${r.below}`) : [];
  const newest = reached.at(-1);
  if (locked) {
    const rules = rulesFor(locked);
    const other = rules && declared && newest && newest !== rules ? { rules: newest, why: `package-lock.json pins fastmcp ${locked}, but package.json allows ${declared.range}, and the newest release in it may be installed instead` } : undefined;
    return { version: locked, rules, ...(other ? { other } : {}) };
  }
  if (!declared) return undefined;
  // A range past (or before) every release whose rules are known: said as such, not as no range at all
  // (a dist-tag such as "latest" names no release the text can tell).
  if (!newest) return semver.validRange(declared.range) ? { version: declared.range, rules: undefined } : undefined;
  const lock = reached[0] !== newest ? otherLockFile(declared.manifest, run.listDirectory, run.withinWorkspace) : undefined;
  const other = lock ? { rules: reached[0]!, why: `package.json allows fastmcp ${declared.range}, whose newest release npm installs, but ${relativePath(dirname(declared.manifest), lock)} may pin an older one` } : undefined;
  return { version: declared.range, rules: newest, ...(other ? { other } : {}) };
}
