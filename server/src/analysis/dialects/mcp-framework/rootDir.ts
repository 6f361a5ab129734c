// Where tsc writes the sources: `outDir` mirrors `rootDir`. Without an explicit rootDir, TypeScript 5
// takes the longest common folder of the non-declaration input files, TypeScript 6 the tsconfig's own
// folder (and `composite` means that folder in both). The loaders scan the compiled folders, so a
// `scripts/seed.ts` beside `src/` moves the whole output to `dist/src/...`, away from `dist/tools`.
// When the layout hangs on what the analysis cannot read (a config it cannot find, include patterns it
// does not model, a TypeScript version it cannot tell), it says why instead of guessing. The inputs
// are tsconfigInputs.ts's; files that an input imports from outside them also count for tsc, and are
// not followed here.
import semver from "semver";
import { dirname, isWithin } from "../../core/project/paths";
import type { DialectRun } from "../../core/dialect";
import { declaredRange, lockedVersion } from "../../core/project/declaredPackage";
import type { DirectoryEntry } from "../../core/project/directoryListing";
import type { Tsconfig } from "./tsconfigChain";
import { inputFiles } from "./tsconfigInputs";

type List = (dir: string) => readonly DirectoryEntry[] | undefined;

export type RootDir = { readonly ok: true; readonly dir: string; readonly how: string } | { readonly ok: false; readonly reason: string };

/**
 * The rootDir tsc lays the output out from. `typescriptMajor`: the TypeScript that builds the project,
 * when the analysis can tell.
 */
export function rootDirOf(cfg: Tsconfig, list: List | undefined, typescriptMajor: () => number | undefined): RootDir {
  if (cfg.rootDir) return { ok: true, dir: cfg.rootDir, how: "tsconfig's rootDir" };
  if (cfg.raw.composite) return { ok: true, dir: cfg.dir, how: "tsconfig's folder (composite)" };
  if (cfg.raw.unreadable) return { ok: false, reason: `tsconfig.json sets no rootDir, and ${cfg.raw.unreadable}, so where tsc writes the compiled files is not known` };
  if (!list) return { ok: false, reason: "tsconfig.json sets no rootDir, and the project's folders cannot be listed here to work out the one tsc takes" };
  const inputs = inputFiles(cfg, list);
  if (typeof inputs === "string") return { ok: false, reason: `tsconfig.json sets no rootDir, and ${inputs}, so where tsc writes the compiled files is not known` };
  if (inputs.length === 0) return { ok: false, reason: "tsconfig.json sets no rootDir and the analysis finds no input file for it, so where tsc writes the compiled files is not known" };
  const common = commonFolder(inputs);
  if (common === cfg.dir) return { ok: true, dir: common, how: "tsconfig's folder (no rootDir: the common folder of its inputs, and TypeScript 6's default)" };
  const major = typescriptMajor();
  if (major !== undefined && major >= 6 && isWithin(cfg.dir, common)) return { ok: true, dir: cfg.dir, how: `tsconfig's folder (no rootDir: TypeScript ${major}'s default)` };
  if (major !== undefined && major < 6) return { ok: true, dir: common, how: `the common folder of tsconfig's inputs (no rootDir: TypeScript ${major}'s default)` };
  return { ok: false, reason: `tsconfig.json sets no rootDir: TypeScript 5 writes the output from ${common} (the common folder of its inputs), TypeScript 6 from ${cfg.dir} (the tsconfig's folder), and which TypeScript builds the project is not known` };
}

/** The longest common folder of the files' folders. */
function commonFolder(files: readonly string[]): string {
  let common = dirname(files[0]!).split("/");
  for (const f of files.slice(1)) {
    const parts = dirname(f).split("/");
    let i = 0;
    while (i < common.length && i < parts.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.join("/") || "/";
}

/** The TypeScript major that builds the project: installed, else locked, else the one its declared range allows. */
export function typescriptMajor(run: Pick<DialectRun, "installedVersion" | "fileText" | "withinWorkspace">, file: string): number | undefined {
  const version = run.installedVersion(file, "typescript") ?? lockedVersion(file, "typescript", run.fileText, run.withinWorkspace)?.version;
  if (version) return semver.major(version);
  const range = declaredRange(file, "typescript", run.fileText, run.withinWorkspace)?.range;
  const lowest = range && semver.validRange(range) ? semver.minVersion(range) : null;
  // `^5.4.0` stays in 5; `>=5` may install 6.
  return lowest && !semver.intersects(range!, `>=${lowest.major + 1}.0.0`) ? lowest.major : undefined;
}
