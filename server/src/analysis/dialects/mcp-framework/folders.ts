// The files each loader would find in its folder, replayed from `discoverFilesRecursively()` (every
// file, in every sub-folder) or, in releases before it, one `readdir` of the folder: those whose name
// ends in an accepted extension and matches none of the loader's exclusion patterns. A mirrored source
// folder is read with the names the compiler gives its files, and without the files it does not
// compile (emitted.ts): those are not in the compiled folder the loader reads.
import type { DirectoryEntry } from "../../core/project/directoryListing";
import { joinPath } from "../../core/project/paths";
import type { Emission } from "./emitted";
import { excludingPattern, MAX_FOLDER_DEPTH, type FrameworkRules, type LoaderRule } from "./rules";

export interface FolderFile {
  /** The file in the workspace. */
  readonly path: string;
  /** The name the loader sees at run time. */
  readonly seenAs: string;
  /** The pattern that makes the loader skip it, when one does. */
  readonly excludedBy?: string;
  /** A mirrored `.ts` file whose own name a run from sources (tsx) would skip, or not skip, differently. */
  readonly sourceRunDiffers?: string;
  /** Reached through a symbolic link: compiled, tsc writes a real file; run from sources, the loader skips the link. */
  readonly linkedInSource?: true;
}

export interface FolderListing {
  readonly folder: string;
  readonly exists: boolean;
  readonly files: readonly FolderFile[];
  /** Sub-folders deeper than the analysis follows. */
  readonly truncated: boolean;
  /** Sources of the mirrored folder that tsc may or may not compile (why not known): loaded only if it does. */
  readonly unsure: readonly { readonly path: string; readonly why: string }[];
  /** Sources of the mirrored folder tsc does not compile, with why: never in the compiled folder. */
  readonly uncompiled: readonly { readonly path: string; readonly why: string }[];
}

type List = (dir: string) => readonly DirectoryEntry[] | undefined;

/** `x.ts` → `x.js` as tsc emits it; declaration files emit no JavaScript; `.mts`/`.cts` become `.mjs`/`.cjs`. */
export function compiledName(name: string): string | undefined {
  if (name.endsWith(".d.ts")) return undefined;
  if (/\.tsx?$/.test(name)) return name.replace(/\.tsx?$/, ".js");
  if (name.endsWith(".mts")) return name.replace(/\.mts$/, ".mjs");
  if (name.endsWith(".cts")) return name.replace(/\.cts$/, ".cjs");
  return name;
}

/** `emitted`: for a folder mirrored into outDir, whether tsc writes each source there. */
export function listLoaderFolder(list: List, base: string, rule: Pick<LoaderRule, "folder" | "excluded">, mirrored: boolean, release: Pick<FrameworkRules, "recursive" | "extensions">, emitted?: (file: string) => Emission): FolderListing {
  const accepted = (name: string) => release.extensions.some((ext) => name.endsWith(ext));
  const folder = joinPath(base, rule.folder);
  const top = list(folder);
  if (!top) return { folder, exists: false, files: [], truncated: false, unsure: [], uncompiled: [] };
  const files: FolderFile[] = [];
  const unsure: { path: string; why: string }[] = [];
  const uncompiled: { path: string; why: string }[] = [];
  let truncated = false;
  const walk = (entries: readonly DirectoryEntry[], depth: number, linked: boolean) => {
    for (const e of entries) {
      // discoverFilesRecursively() (the recursive releases) takes each entry's own type, so a link is
      // neither a file nor a folder to it. Listed as it runs, it is skipped; a mirrored source folder
      // is compiled first, and tsc writes real files for what the link points to.
      if (e.isSymlink && release.recursive && !mirrored) continue;
      const viaLink = linked || (e.isSymlink === true && release.recursive);
      if (e.isDirectory) {
        if (!release.recursive) continue;
        if (depth >= MAX_FOLDER_DEPTH) truncated = true;
        else walk(list(e.path) ?? [], depth + 1, viaLink);
        continue;
      }
      if (!e.isFile) continue;
      const seenAs = mirrored ? compiledName(e.name) : e.name;
      if (seenAs === undefined || !accepted(seenAs)) continue;
      const emission = mirrored ? emitted?.(e.path) : undefined;
      if (emission?.k === "no") {
        uncompiled.push({ path: e.path, why: emission.why });
        continue;
      }
      if (emission?.k === "unknown") {
        unsure.push({ path: e.path, why: emission.why });
        continue;
      }
      const excludedBy = excludingPattern(seenAs, rule.excluded);
      const asSource = mirrored && e.name !== seenAs && accepted(e.name) ? excludingPattern(e.name, rule.excluded) : excludedBy;
      files.push({ path: e.path, seenAs, ...(excludedBy ? { excludedBy } : {}), ...(Boolean(asSource) !== Boolean(excludedBy) ? { sourceRunDiffers: asSource ?? "" } : {}), ...(viaLink && accepted(e.name) ? { linkedInSource: true as const } : {}) });
    }
  };
  walk(top, 0, false);
  return { folder, exists: true, files, truncated, unsure, uncompiled };
}

export const loadedFiles = (l: FolderListing) => l.files.filter((f) => !f.excludedBy);
