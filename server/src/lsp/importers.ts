// Who imports a helper file: a bounded, cancellable text search of a workspace folder's source files
// for the helper's module name in an import specifier. A helper that registers tools on a server passed
// in declares no server itself; when it is the only file open, the language server finds the files
// that import it this way and analyses them, so the helper gets its "feeds …" lens and hovers.
import * as fs from "node:fs";
import type { CancellationToken } from "../analysis/core/cancellation";
import { basename, dirname } from "../analysis/core/project/paths";
import { discoverFiles } from "../files/discoverFiles";
import { slicer } from "./slices";

/** Most source files read in one search: a huge folder costs a bounded time. */
export const MAX_SCANNED_FILES = 3000;
/** Files larger than this are not read (no importer of a helper is this large). */
const MAX_FILE_BYTES = 512 * 1024;
/** Most importers returned (each is analysed afterwards). */
export const MAX_IMPORTERS = 12;

/** The name an import names a module by: `tools` for `tools.ts`, the folder's name for `tools/index.ts`. */
export function moduleName(file: string): string {
  const name = basename(file).replace(/\.(?:d\.)?[cm]?[jt]sx?$/i, "");
  return name === "index" ? basename(dirname(file)) : name;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `from "./tools"`, `from "../lib/tools.js"`, `import("./tools/index.ts")`: a relative specifier ending in the name. */
export function importPattern(file: string): RegExp {
  const name = escapeRegExp(moduleName(file));
  return new RegExp(`["'](?:\\.{1,2}/(?:[^"'\\n]*/)?)${name}(?:/index)?(?:\\.[cm]?[jt]sx?)?["']`);
}

export interface ImporterSearch {
  /** The folder searched (a workspace folder). */
  readonly root: string;
  /** The files searched for: their importers are returned. */
  readonly targets: readonly string[];
  /** Files not to return (already known). */
  readonly exclude: ReadonlySet<string>;
  /** A cheap test a file's text must also pass (it may concern a dialect). */
  readonly relevant: (text: string) => boolean;
  /** The editor's text of an open document, which wins over the disk. */
  readonly openText: (file: string) => string | undefined;
  readonly token?: CancellationToken;
}

/** Source files of `root` whose imports name one of the targets, at most MAX_IMPORTERS of them. */
export async function findImporters(search: ImporterSearch): Promise<string[]> {
  const patterns = search.targets.map(importPattern);
  return findSources({ ...search, exclude: new Set([...search.exclude, ...search.targets]), relevant: (text) => search.relevant(text) && patterns.some((p) => p.test(text)) });
}

/**
 * Source files of `root` whose text passes `relevant` (a file a dialect's servers load from a folder
 * is explained by the files that build those servers), at most MAX_IMPORTERS of them.
 */
export async function findSources(search: Omit<ImporterSearch, "targets">): Promise<string[]> {
  let files: string[];
  try {
    files = discoverFiles([search.root], search.root, () => []).files.slice(0, MAX_SCANNED_FILES);
  } catch {
    return []; // a folder that cannot be listed has no importers to offer
  }
  const pause = slicer(search.token);
  const out: string[] = [];
  for (const file of files) {
    await pause();
    if (search.exclude.has(file)) continue;
    const text = search.openText(file) ?? readSmall(file);
    if (text === undefined || !search.relevant(text)) continue;
    out.push(file);
    if (out.length >= MAX_IMPORTERS) break;
  }
  return out;
}

function readSmall(file: string): string | undefined {
  try {
    const st = fs.statSync(file);
    if (!st.isFile() || st.size > MAX_FILE_BYTES) return undefined;
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
