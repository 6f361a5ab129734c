// The input files of a tsconfig as tsc matches them (`include`/`files`/`exclude`, `allowJs`): no
// include means `**/*`; a pattern naming a folder means everything under it; wildcards skip dot-names
// and package folders; exclude defaults to the package folders and outDir, and an excluded folder
// excludes what it holds; `files` are inputs whatever exclude says. Two views of the same rules: the
// whole list (walked, to work out a missing rootDir) and one path's verdict (what the loaders' folders
// hold). Files that an input imports are compiled too; importClosure.ts follows those.
import { dirname, isWithin, joinPath, normalizePath } from "../../core/project/paths";
import type { DirectoryEntry } from "../../core/project/directoryListing";
import type { Tsconfig } from "./tsconfigChain";

type List = (dir: string) => readonly DirectoryEntry[] | undefined;

/** Input files listed beyond this make the list not known (a walk of a whole monorepo). */
export const MAX_INPUTS = 5000;
const PACKAGE_FOLDERS = new Set(["node_modules", "bower_components", "jspm_packages"]);

/** A source name tsc compiles (not a declaration file); `.js` and friends only with allowJs. */
export function isSourceName(path: string, allowJs: boolean): boolean {
  const emitted = allowJs ? /\.(tsx?|mts|cts|jsx?|mjs|cjs)$/ : /\.(tsx?|mts|cts)$/;
  return emitted.test(path) && !/\.d\.(ts|mts|cts)$/.test(path) && !/\.d\.[^/]*\.ts$/.test(path);
}

/** A pattern the analysis does not read as tsc does (brace or bracket sets). */
const unmodelled = (pattern: string) => /[{}[\]]/.test(pattern);

function includes(cfg: Tsconfig): readonly string[] {
  return cfg.raw.include ?? (cfg.raw.files ? [] : [joinPath(cfg.dir, "**/*")]);
}

function excluder(cfg: Tsconfig): (path: string) => boolean {
  const exclude = cfg.raw.exclude ?? [...[...PACKAGE_FOLDERS].map((f) => joinPath(cfg.dir, f)), ...(cfg.outDir ? [cfg.outDir] : [])];
  const res = exclude.map(globRegex);
  return (path) => res.some((re) => ancestors(path, cfg.dir).some((a) => re.test(a)));
}

/** A folder named without wildcards (and without an extension) means everything under it. */
const asFilePattern = (pattern: string) => (/[*?]/.test(pattern) || /\.[^/]+$/.test(pattern) ? pattern : `${pattern}/**/*`);

/**
 * The non-declaration input files, walked from each include pattern's literal head. A string says why
 * they cannot be listed.
 */
export function inputFiles(cfg: Tsconfig, list: List): string[] | string {
  const allowJs = cfg.raw.allowJs === true;
  const excluded = excluder(cfg);
  const out = new Set<string>((cfg.raw.files ?? []).filter((f) => isSourceName(f, allowJs)));
  for (const pattern of includes(cfg)) {
    if (unmodelled(pattern)) return `its include pattern "${pattern}" is one the analysis does not model`;
    const matcher = globRegex(asFilePattern(pattern));
    const walked = walk(literalHead(pattern), list, excluded, (p) => {
      if (matcher.test(p) && isSourceName(p, allowJs) && !excluded(p)) out.add(p);
      return out.size <= MAX_INPUTS;
    });
    if (!walked) return `its inputs are more than the analysis lists (${MAX_INPUTS})`;
  }
  return [...out];
}

export type InputVerdict = { readonly k: "input"; readonly why: string } | { readonly k: "not"; readonly why: string } | { readonly k: "unknown"; readonly why: string };

/** Whether one file is an input, by the same rules as `inputFiles` (its name already checked). */
export function inputVerdict(cfg: Tsconfig, path: string): InputVerdict {
  if (cfg.raw.files?.includes(path)) return { k: "input", why: "tsconfig's files list it" };
  const excluded = excluder(cfg);
  let matched: string | undefined;
  for (const pattern of includes(cfg)) {
    if (unmodelled(pattern)) return { k: "unknown", why: `tsconfig's include pattern "${pattern}" is one the analysis does not model` };
    const head = literalHead(pattern);
    if (!isWithin(head, path) || !globRegex(asFilePattern(pattern)).test(path)) continue;
    // The walk tsc does below the literal head skips dot-names and package folders.
    const below = path.slice(head.length).split("/").filter(Boolean);
    if (below.some((s) => s.startsWith(".") || PACKAGE_FOLDERS.has(s))) continue;
    matched = pattern;
    break;
  }
  const rel = (p: string) => (p.startsWith(`${cfg.dir}/`) ? p.slice(cfg.dir.length + 1) : p);
  if (matched === undefined) return { k: "not", why: cfg.raw.include ? `tsconfig's include (${cfg.raw.include.map((p) => `"${rel(p)}"`).join(", ")}) does not match it` : "tsconfig lists files and no include that matches it" };
  if (excluded(path)) return { k: "not", why: `tsconfig's exclude${cfg.raw.exclude ? ` (${cfg.raw.exclude.map((p) => `"${rel(p)}"`).join(", ")})` : ""} leaves it out` };
  return { k: "input", why: `tsconfig's include "${rel(matched)}" matches it` };
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
