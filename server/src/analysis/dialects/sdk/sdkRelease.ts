// What SDK v1 (`@modelcontextprotocol/sdk`) 1.x release a server loads changes what McpServer adds on
// its own. Each boundary below was read in the published builds (dist/esm/server/mcp.js) and the
// old ones started with the real SDK (test/sdk/releases):
//   - 1.10.0: a registration merges `{ listChanged: true }`; before, `{}`;
//   - 1.12.2: `completions` is advertised; before, the completion handler is installed without it;
//   - 1.12.2 to 1.24.x: every prompt or resource registration adds `completions`; from 1.25.0 only a
//     completable prompt argument or a template with a `complete` callback does;
//   - 1.22.0: the low-level Server refuses a completion/complete handler without `completions`;
//   - 1.23.0: completable() marks the schema it is given (a property that cannot be redefined) instead
//     of wrapping it, so a second completable() on one schema throws; a raw shape mixing Zod 3 and
//     Zod 4 fields throws at registration (mixedZodShapes.ts);
//   - 1.28.0: a tool's schema arguments are checked at registration (toolSchemas.ts);
//   - 1.32.2: McpServer installs the handlers of the primitives its options declare (and forces
//     `listChanged: true` on them); before, a declared primitive is advertised as written.
// Releases before 1.7.0 were not checked: their rules are taken to be those of 1.7.0, and the result
// is approximate wherever they would matter. A version newer than the newest checked is taken to be
// like it, and so is a project that names no version (npm installs the newest 1.x).
import type { DialectRun } from "../../core/dialect";
import { besideLockFile, lockedVersion } from "../../core/project/declaredPackage";
import { declaredRange } from "./preOptionsSdk";
import { rangeReach } from "./rangeRelease";

export interface SdkRelease {
  /** The version, as installed or locked; undefined when the project names none. */
  readonly version: string | undefined;
  /** A registration merges `{ listChanged: true }` (1.10.0+). */
  readonly listChangedOnRegister: boolean;
  /** When McpServer adds `completions` by itself. */
  readonly completions: "never" | "with-any-prompt-or-resource" | "with-completers";
  /** McpServer installs the handlers of primitives declared in its options (1.32.2+). */
  readonly eagerInstall: boolean;
  /** A tool's schema arguments are checked at registration, and what is not Zod is refused (1.28.0+: toolSchemas.ts). */
  readonly schemaChecked: boolean;
  /** `setRequestHandler` for completion/complete throws unless `completions` is declared (1.22.0+). */
  readonly completionHandlerChecked: boolean;
  /** The Server's constructor installs a logging/setLevel handler when logging is declared (1.17.5+; before, nothing answers it). */
  readonly setLevelInstalled: boolean;
  /** McpServer's constructor throws a RangeError for a `maxToolInputElements` below 1 or not a number (1.32.0+). */
  readonly toolInputLimitChecked?: boolean;
  /** completable() marks the schema object itself, so it throws when that schema was made completable before (1.23.0+). */
  readonly completableMarksSchema?: boolean;
  /** A raw shape is built with the one Zod of its fields, and one mixing Zod 3 and Zod 4 throws at registration (1.23.0+). */
  readonly mixedZodRefused?: boolean;
  /**
   * SDK 0.4.0 (the one release before 0.5.0): the low-level Server takes no options, checks no
   * capability, and advertises `{}` for each of prompts/list, resources/list, tools/list and
   * logging/setLevel that has a handler when initialize is answered. Holds the version, as named.
   */
  readonly handlersImply?: string;
  /** Set when the rules were not checked for this version: why the result may differ. */
  readonly unverified?: string;
  /**
   * Another release the server may load (the one package-lock.json pins, when package.json allows
   * newer): where its rules differ from these and it matters, the result is approximate for `why`.
   */
  readonly mayLoad?: { readonly release: SdkRelease; readonly why: string };
}

export const NEWEST_V1: SdkRelease = { version: undefined, listChangedOnRegister: true, completions: "with-completers", eagerInstall: true, schemaChecked: true, completionHandlerChecked: true, setLevelInstalled: true, toolInputLimitChecked: true, completableMarksSchema: true, mixedZodRefused: true };

const SDK = "@modelcontextprotocol/sdk";
/** A dependency spec that names one version: `1.7.0`, `=1.7.0`, `v1.7.0`. */
const EXACT_VERSION = /^=?v?(\d+\.\d+\.\d+)$/;
const OLDEST_CHECKED: Triple = [1, 7, 0];

export type Triple = readonly [number, number, number];

function parse(version: string): Triple | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Whether a version as written (`1.12.0`) is older than `since`; false when it is not known. */
export function releasedBefore(version: string | undefined, since: Triple): boolean {
  const v = version === undefined ? undefined : parse(version);
  return v !== undefined && !atLeast(v, since);
}

function atLeast(v: Triple, min: Triple): boolean {
  for (let i = 0; i < 3; i++) if (v[i] !== min[i]) return v[i]! > min[i]!;
  return true;
}

/** The rules of SDK 0.4.0, named by `version` (an installed version or a range that only reaches 0.4.x). */
export function preOptionsRelease(version: string): SdkRelease {
  return { version, listChangedOnRegister: false, completions: "never", eagerInstall: false, schemaChecked: false, completionHandlerChecked: false, setLevelInstalled: false, handlersImply: version };
}

/** The rules of one SDK v1 release (before 0.5.0: see preOptionsSdk.ts and preOptionsRelease). */
export function sdkRelease(version: string | undefined): SdkRelease {
  const v = version !== undefined ? parse(version) : undefined;
  if (!v || v[0] > 1) return { ...NEWEST_V1, version };
  const completions = atLeast(v, [1, 25, 0]) ? "with-completers" : atLeast(v, [1, 12, 2]) ? "with-any-prompt-or-resource" : "never";
  return {
    version,
    listChangedOnRegister: atLeast(v, [1, 10, 0]),
    completions,
    eagerInstall: atLeast(v, [1, 32, 2]),
    schemaChecked: atLeast(v, [1, 28, 0]),
    completionHandlerChecked: atLeast(v, [1, 22, 0]),
    setLevelInstalled: atLeast(v, [1, 17, 5]),
    toolInputLimitChecked: atLeast(v, [1, 32, 0]),
    completableMarksSchema: atLeast(v, [1, 23, 0]),
    mixedZodRefused: atLeast(v, [1, 23, 0]),
    ...(atLeast(v, OLDEST_CHECKED) ? {} : { unverified: `this server loads SDK ${version}, older than 1.7.0, whose McpServer rules were not checked` }),
  };
}

/**
 * The SDK v1 release a file loads: installed in node_modules, else what package.json's range makes
 * npm install (the newest release in it: `~1.15.1` keeps 1.15.x's rules, `^1.15.1` the newest 1.x's).
 * A package-lock.json decides only where the range cannot leave it: with a range that reaches newer
 * rules, installing the published package takes the newest release, so those rules are stated and,
 * where the locked release's differ, the result is approximate.
 */
export function sdkReleaseOf(run: DialectRun, file: string): SdkRelease {
  const installed = run.installedVersion(file, SDK);
  if (installed !== undefined) return sdkRelease(installed);
  const declared = declaredRange(run, file);
  const release = fromManifest(run, file, declared?.range);
  // A package.json beside a lock file is the root of an install of its own (a workspace's lock is its
  // root's): the SDK lands in its own node_modules, which Node finds before any copy in a folder above.
  return declared && besideLockFile(declared.manifest, run.listDirectory) ? release : orInstalledAbove(release);
}

/** What package.json and package-lock.json make npm install, when no install is read. */
function fromManifest(run: DialectRun, file: string, range: string | undefined): SdkRelease {
  const locked = lockedVersion(file, SDK, run.fileText, run.withinWorkspace)?.version;
  const pinned = range !== undefined ? EXACT_VERSION.exec(range.trim())?.[1] : undefined;
  if (pinned !== undefined) return sdkRelease(pinned);
  const reach = range !== undefined ? rangeReach(range) : undefined;
  // What `npm install` gives: the newest release the range allows, or, with no range npm understands
  // (none, a tag, a link), the newest 1.x unless a lock is all there is.
  const installs = reach ? { ...sdkRelease(reach), version: range!.trim() } : locked !== undefined && range === undefined ? sdkRelease(locked) : NEWEST_V1;
  if (locked === undefined) return installs;
  const lockedRules = sdkRelease(locked);
  if (sameRules(lockedRules, installs)) return lockedRules;
  return { ...installs, mayLoad: { release: lockedRules, why: `package-lock.json pins SDK ${locked}, but package.json allows ${range}, and the newest release in it may be installed instead` } };
}

function sameRules(a: SdkRelease, b: SdkRelease): boolean {
  return (
    a.listChangedOnRegister === b.listChangedOnRegister &&
    a.completions === b.completions &&
    a.eagerInstall === b.eagerInstall &&
    a.schemaChecked === b.schemaChecked &&
    a.completionHandlerChecked === b.completionHandlerChecked &&
    a.unverified === b.unverified
  );
}

/**
 * No node_modules in the analysed tree holds the SDK, yet Node resolves it in every folder above the
 * file (a workspace's hoisted install, which the analysis must not read outside the workspace): the
 * newest release may load there instead of the one the manifest names. Where their rules differ, the
 * result is approximate. (A manifest that already leaves two releases open keeps its own doubt.)
 */
function orInstalledAbove(release: SdkRelease): SdkRelease {
  if (release.mayLoad || sameRules(release, NEWEST_V1)) return release;
  const why = `SDK ${release.version ?? "of another release"} is named but not installed in the analysed folder, and Node may load a copy installed in a folder above it (a workspace's hoisted install) instead`;
  return { ...release, mayLoad: { release: NEWEST_V1, why } };
}
