// What SDK v1 (`@modelcontextprotocol/sdk`) 1.x release a server loads changes what McpServer adds on
// its own. Each boundary below was read in the published builds (dist/esm/server/mcp.js) and the
// old ones started with the real SDK (test/sdk/releases):
//   - 1.10.0: a registration merges `{ listChanged: true }`; before, `{}`;
//   - 1.12.2: `completions` is advertised; before, the completion handler is installed without it;
//   - 1.12.2 to 1.24.x: every prompt or resource registration adds `completions`; from 1.25.0 only a
//     completable prompt argument or a template with a `complete` callback does;
//   - 1.32.2: McpServer installs the handlers of the primitives its options declare (and forces
//     `listChanged: true` on them); before, a declared primitive is advertised as written.
// Releases before 1.7.0 were not checked: their rules are taken to be those of 1.7.0, and the result
// is approximate wherever they would matter. A version newer than the newest checked is taken to be
// like it, and so is a project that names no version (npm installs the newest 1.x).
import type { DialectRun } from "../../core/dialect";
import { lockedSdkVersion } from "./lockedSdkVersion";
import { declaredRange } from "./preOptionsSdk";

export interface SdkRelease {
  /** The version, as installed or locked; undefined when the project names none. */
  readonly version: string | undefined;
  /** A registration merges `{ listChanged: true }` (1.10.0+). */
  readonly listChangedOnRegister: boolean;
  /** When McpServer adds `completions` by itself. */
  readonly completions: "never" | "with-any-prompt-or-resource" | "with-completers";
  /** McpServer installs the handlers of primitives declared in its options (1.32.2+). */
  readonly eagerInstall: boolean;
  /** Set when the rules were not checked for this version: why the result may differ. */
  readonly unverified?: string;
  /**
   * Another release the server may load (the one package-lock.json pins, when package.json allows
   * newer): where its rules differ from these and it matters, the result is approximate for `why`.
   */
  readonly mayLoad?: { readonly release: SdkRelease; readonly why: string };
}

export const NEWEST_V1: SdkRelease = { version: undefined, listChangedOnRegister: true, completions: "with-completers", eagerInstall: true };

const SDK = "@modelcontextprotocol/sdk";
/** A dependency spec that names one version: `1.7.0`, `=1.7.0`, `v1.7.0`. */
const EXACT_VERSION = /^=?v?(\d+\.\d+\.\d+)$/;
const OLDEST_CHECKED: Triple = [1, 7, 0];

type Triple = readonly [number, number, number];

function parse(version: string): Triple | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function atLeast(v: Triple, min: Triple): boolean {
  for (let i = 0; i < 3; i++) if (v[i] !== min[i]) return v[i]! > min[i]!;
  return true;
}

/** The rules of one SDK v1 release (before 0.5.0 the dialect states nothing: see preOptionsSdk.ts). */
export function sdkRelease(version: string | undefined): SdkRelease {
  const v = version !== undefined ? parse(version) : undefined;
  if (!v || v[0] > 1) return { ...NEWEST_V1, version };
  const completions = atLeast(v, [1, 25, 0]) ? "with-completers" : atLeast(v, [1, 12, 2]) ? "with-any-prompt-or-resource" : "never";
  return {
    version,
    listChangedOnRegister: atLeast(v, [1, 10, 0]),
    completions,
    eagerInstall: atLeast(v, [1, 32, 2]),
    ...(atLeast(v, OLDEST_CHECKED) ? {} : { unverified: `this server loads SDK ${version}, older than 1.7.0, whose McpServer rules were not checked` }),
  };
}

/**
 * The SDK v1 release a file loads: installed in node_modules, else pinned by the project's
 * package-lock.json, else named exactly by its package.json. A lock only decides when package.json pins that very version: with a range
 * (`^1.9.0`), installing the published package takes the newest release in it, so the newest rules
 * are stated and, where the locked release's differ, the result is approximate.
 */
export function sdkReleaseOf(run: DialectRun, file: string): SdkRelease {
  const installed = run.installedVersion(file, SDK);
  if (installed !== undefined) return sdkRelease(installed);
  const locked = lockedSdkVersion(file, run.fileText, run.withinWorkspace);
  const range = declaredRange(run, file);
  // No install and no lock: package.json pinning one version (`"1.7.0"`) is what npm installs.
  const pinned = locked === undefined && range !== undefined ? EXACT_VERSION.exec(range.trim())?.[1] : undefined;
  if (pinned !== undefined) return sdkRelease(pinned);
  const rules = sdkRelease(locked);
  if (locked === undefined || range === undefined || range.trim() === locked) return rules;
  return { ...NEWEST_V1, mayLoad: { release: rules, why: `package-lock.json pins SDK ${locked}, but package.json allows ${range}, and the newest release in it may be installed instead` } };
}
