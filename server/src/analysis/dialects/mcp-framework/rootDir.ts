// Where tsc writes the sources: `outDir` mirrors `rootDir`. Without an explicit rootDir, TypeScript 5
// takes the longest common folder of the non-declaration input files, TypeScript 6 the tsconfig's own
// folder (and `composite` means that folder in both). The loaders scan the compiled folders, so a
// `scripts/seed.ts` beside `src/` moves the whole output to `dist/src/...`, away from `dist/tools`.
// When the layout hangs on what the analysis cannot read (a config it cannot find, include patterns it
// does not model, a TypeScript version it cannot tell), it says why instead of guessing.
import semver from "semver";
import { dirname, isWithin, joinPath, normalizePath } from "../../core/project/paths";
import type { DialectRun } from "../../core/dialect";
import { declaredRange, lockedVersion } from "../../core/project/declaredPackage";
import type { DirectoryEntry } from "../../core/project/directoryListing";
import type { Tsconfig } from "./tsconfigChain";

type List = (dir: string) => readonly DirectoryEntry[] | undefined;

export type RootDir = { readonly ok: true; readonly dir: string; readonly how: string } | { readonly ok: false; readonly reason: string };

/** Input files listed beyond this make the common folder not known (a walk of a whole monorepo). */
const MAX_INPUTS = 5000;
const PACKAGE_FOLDERS = new Set(["node_modules", "bower_components", "jspm_packages"]);

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

/**
 * The non-declaration input files `include`/`files`/`exclude` give, as tsc matches them: no include
 * means `**\/*`; wildcards skip dot-names and package folders; exclude defaults to the package folders
 * and outDir. A string says why they cannot be listed. Files that an input imports from outside this
 * set also count for tsc; the analysis does not follow imports here.
 */
function inputFiles(cfg: Tsconfig, list: List): string[] | string {
  const { raw } = cfg;
  const include = raw.include ?? (raw.files ? [] : [joinPath(cfg.dir, "**/*")]);
  const exclude = raw.exclude ?? [...[...PACKAGE_FOLDERS].map((f) => joinPath(cfg.dir, f)), ...(cfg.outDir ? [cfg.outDir] : [])];
  const emitted = raw.allowJs ? /\.(tsx?|mts|cts|jsx?|mjs|cjs)$/ : /\.(tsx?|mts|cts)$/;
  const isInput = (name: string) => emitted.test(name) && !/\.d\.(ts|mts|cts)$/.test(name) && !/\.d\.[^/]*\.ts$/.test(name);
  const excluders = exclude.map(globRegex);
  const excluded = (path: string) => excluders.some((re) => ancestors(path, cfg.dir).some((a) => re.test(a)));
  const out = new Set<string>((raw.files ?? []).filter(isInput));
  for (const pattern of include) {
    if (/[{}[\]]/.test(pattern)) return `its include pattern "${pattern}" is one the analysis does not model`;
    // A folder named without wildcards means everything under it.
    const matcher = globRegex(/[*?]/.test(pattern) || /\.[^/]+$/.test(pattern) ? pattern : `${pattern}/**/*`);
    // Walk from the pattern's literal head (the folders before its first wildcard).
    const walked = walk(literalHead(pattern), list, excluded, (p) => {
      if (matcher.test(p) && isInput(p) && !excluded(p)) out.add(p);
      return out.size <= MAX_INPUTS;
    });
    if (!walked) return `its inputs are more than the analysis lists (${MAX_INPUTS})`;
  }
  return [...out];
}

/** The folder an absolute pattern's literal segments lead to (or the file's folder for a literal file). */
function literalHead(pattern: string): string {
  const segments = pattern.split("/");
  const cut = segments.findIndex((s) => /[*?]/.test(s));
  const path = normalizePath((cut < 0 ? segments : segments.slice(0, cut)).join("/"));
  return cut < 0 && /\.[^/]+$/.test(pattern) ? dirname(path) : path;
}

/** Visits the files under `dir` (dot-names and package folders skipped, as tsc's wildcards do); false when stopped. */
function walk(dir: string, list: List, skip: (path: string) => boolean, visit: (file: string) => boolean, depth = 0): boolean {
  if (depth > 32) return false;
  for (const e of list(dir) ?? []) {
    if (e.name.startsWith(".") || skip(e.path)) continue;
    if (e.isDirectory) {
      if (PACKAGE_FOLDERS.has(e.name)) continue;
      if (!walk(e.path, list, skip, visit, depth + 1)) return false;
    } else if (e.isFile && !visit(e.path)) return false;
  }
  return true;
}

/** `p` and the folders above it, up to `root` (an exclude naming a folder excludes what it holds). */
function ancestors(p: string, root: string): string[] {
  const out = [p];
  for (let d = dirname(p); isWithin(root, d) && d !== root; d = dirname(d)) out.push(d);
  return out;
}

/** An absolute tsconfig glob as a regular expression: `**\/` any folders, `*` and `?` within a name. */
function globRegex(pattern: string): RegExp {
  let re = "";
  const segments = normalizePath(pattern).split("/");
  segments.forEach((seg, i) => {
    if (i === 0) return;
    if (seg === "**") {
      re += "(?:/[^/]+)*";
      return;
    }
    re += `/${seg.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]")}`;
  });
  return new RegExp(`^${re}$`);
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
