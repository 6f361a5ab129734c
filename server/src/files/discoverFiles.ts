import * as fs from "node:fs";
import * as path from "node:path";
import { normalizePath } from "../analysis/core/project/paths";

/** An input the CLI cannot read at all: exit 2 with this one line. */
export class InputError extends Error {}

/** Largest config file read (a tsconfig larger than this is not one). */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/**
 * Why a config file cannot be read safely, or undefined when it can: only a regular file of sane size
 * is opened (a cloned repository may link tsconfig.json to /dev/zero or a FIFO, which would never end).
 */
export function unusableConfig(file: string): string | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch (err) {
    return reason(err);
  }
  if (!st.isFile()) return "not a regular file";
  if (st.size > MAX_CONFIG_BYTES) return `larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MB`;
  return undefined;
}

const SOURCE = /\.(?:ts|tsx|mts|cts)$/i;
const DECLARATION = /\.d\.(?:ts|mts|cts)$/i;
const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);

export interface DiscoveredInputs {
  /** Source files to analyse, absolute and sorted. */
  readonly files: string[];
  /** Folders the walk started from, and the folders of file arguments (tsconfig lookup roots). */
  readonly roots: string[];
  /** Things skipped with a reason, for warning lines. */
  readonly warnings: string[];
}

/**
 * Expands the PATH arguments into source files: folders are walked (skipping `node_modules`, `.git`,
 * output folders and `.d.ts` files), symlinked folders followed once (a loop is walked once).
 * `outputFolders(dir)` names the output folders of the tsconfig found in `dir`, if any.
 */
export function discoverFiles(
  args: readonly string[],
  cwd: string,
  outputFolders: (tsconfigPath: string) => string[],
): DiscoveredInputs {
  const files = new Set<string>();
  const warnings: string[] = [];
  const roots: string[] = [];
  const seenDirs = new Set<string>();
  const skipDirs = new Set<string>();
  /** Real paths of the files found, so a link to one of them does not report it twice. */
  const realFiles = new Set<string>();
  /** Links are followed after everything else: a file is reported under its own path, not a link's. */
  const links: { full: string; name: string }[] = [];

  const walk = (dir: string) => {
    let real: string;
    try {
      real = fs.realpathSync(dir);
    } catch {
      return;
    }
    if (seenDirs.has(real)) return;
    seenDirs.add(real);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      warnings.push(`skipped folder ${dir}: ${reason(err)}`);
      return;
    }
    if (entries.some((e) => e.name === "tsconfig.json" && (e.isFile() || e.isSymbolicLink()))) {
      const config = path.join(dir, "tsconfig.json");
      const problem = unusableConfig(config);
      if (problem) throw new InputError(`cannot use ${config}: ${problem}`);
      for (const out of outputFolders(normalizePath(config))) skipDirs.add(normalizePath(out));
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isSymbolicLink()) links.push({ full, name: e.name });
      else if (e.isDirectory()) visitDir(full, e.name);
      else if (e.isFile() && isSource(e.name)) {
        files.add(normalizePath(full));
        realFiles.add(path.join(real, e.name));
      }
    }
  };
  const visitDir = (full: string, name: string) => {
    if (SKIPPED_FOLDERS.has(name) || skipDirs.has(normalizePath(full))) return;
    walk(full);
  };
  const followLinks = () => {
    while (links.length > 0) {
      const { full, name } = links.shift()!;
      let st: fs.Stats;
      let real: string;
      try {
        st = fs.statSync(full);
        real = fs.realpathSync(full);
      } catch {
        continue; // a dangling or looping link
      }
      if (st.isDirectory()) visitDir(full, name);
      else if (st.isFile() && isSource(name) && !realFiles.has(real)) {
        files.add(normalizePath(full));
        realFiles.add(real);
      }
    }
  };

  for (const arg of args) {
    const abs = path.resolve(cwd, arg);
    let st: fs.Stats;
    try {
      st = fs.statSync(abs);
    } catch (err) {
      throw new InputError(`cannot read ${arg}: ${reason(err)}`);
    }
    if (st.isDirectory()) {
      roots.push(normalizePath(isInside(cwd, abs) ? cwd : abs));
      walk(abs);
      followLinks();
    } else if (st.isFile()) {
      roots.push(normalizePath(isInside(cwd, abs) ? cwd : path.dirname(abs)));
      if (SOURCE.test(abs)) files.add(normalizePath(abs));
      else warnings.push(`skipped ${arg}: not a TypeScript file (.ts, .tsx, .mts, .cts)`);
    } else {
      throw new InputError(`cannot read ${arg}: not a file or folder`);
    }
  }
  return { files: [...files].sort(), roots: [...new Set(roots)], warnings };
}

function isSource(name: string): boolean {
  return SOURCE.test(name) && !DECLARATION.test(name);
}

function isInside(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

function reason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or folder";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ELOOP":
      return "symbolic link loop";
    case "ENOTDIR":
      return "not a folder";
    default:
      return err instanceof Error ? err.message : String(err);
  }
}
