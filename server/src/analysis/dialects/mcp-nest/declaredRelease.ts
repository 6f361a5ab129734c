// The @rekog/mcp-nest release a checkout without node_modules (a fresh clone) runs, from what it
// declares: the release package-lock.json pins (what `npm ci` installs), else a package.json range
// all of whose installs (the newest matching release, or an older one a lock the analysis does not
// read may pin) fall in the supported major line.
import type { DialectRun } from "../../core/dialect";
import { declaredRange, lockedVersion, otherLockFile, periodsIn } from "../../core/project/declaredPackage";
import { PACKAGE } from "./findStrategies";
import { SUPPORTED_MAJOR } from "./rules";

/** The major lines, oldest first: the supported one and the others. */
const MAJORS = [SUPPORTED_MAJOR - 1, SUPPORTED_MAJOR, SUPPORTED_MAJOR + 1];

export interface DeclaredRelease {
  /** The locked release, or the package.json range. */
  readonly version: string;
  /** Every install the checkout may get is in the supported major line. */
  readonly supported: boolean;
}

export function declaredRelease(run: DialectRun, file: string): DeclaredRelease | undefined {
  const locked = lockedVersion(file, PACKAGE, run.fileText, run.withinWorkspace)?.version;
  const declared = declaredRange(file, PACKAGE, run.fileText, run.withinWorkspace);
  // Beside a lock, the published package's installers get the newest release of the range.
  const reached = declared ? periodsIn(declared.range, MAJORS, (m) => `>=${m}.0.0 <${m + 1}.0.0`) : [];
  if (locked) return { version: locked, supported: Number(locked.split(".")[0]) === SUPPORTED_MAJOR && (reached.length === 0 || reached.at(-1) === SUPPORTED_MAJOR) };
  if (!declared || reached.length === 0) return undefined;
  const mayPinOlder = reached.length > 1 && otherLockFile(declared.manifest, run.listDirectory, run.withinWorkspace) !== undefined;
  return { version: declared.range, supported: reached.at(-1) === SUPPORTED_MAJOR && !mayPinOlder };
}
