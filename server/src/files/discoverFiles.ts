import * as fs from "node:fs";
import * as path from "node:path";
import { CancelledError, type CancellationToken } from "../analysis/core/cancellation";
import { isWithin, normalizePath } from "../analysis/core/project/paths";
import { ConfigError } from "../analysis/core/project/projectRegistry";
import { MAX_CONFIG_BYTES } from "./limits";
import { errorReason, NO_SUCH_FILE, refusal, unreadableReason } from "./readRegularFile";
import { shortPath } from "./shortPath";

/** An input the CLI cannot read at all: exit 2 with this one line. */
export class InputError extends Error {}

/**
 * Why a config file cannot be read safely, or undefined when it can: only a regular file of sane size
 * is opened (a cloned repository may link tsconfig.json to /dev/zero or a FIFO, which would never end).
 * A missing file is not refused here: whoever reads it says it is missing, in their own words.
 */
export function unusableConfig(file: string): string | undefined {
  const why = unreadableReason(file, MAX_CONFIG_BYTES);
  return why === NO_SUCH_FILE ? undefined : why;
}

const SOURCE = /\.(?:ts|tsx|mts|cts)$/i;
/** JavaScript sources: not analysed, only counted, so "no servers" can say why. */
const JAVASCRIPT = /\.(?:js|jsx|mjs|cjs)$/i;
const DECLARATION = /\.d\.(?:ts|mts|cts)$/i;
const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);

export interface DiscoveredInputs {
  /** Source files to analyse, absolute and sorted. */
  readonly files: string[];
  /** Folders the walk started from, and the folders of file arguments (tsconfig lookup roots). */
  readonly roots: string[];
  /** Things skipped with a reason, for warning lines. */
  readonly warnings: string[];
  /** JavaScript files met in the walked folders (not analysed: the analysis reads TypeScript). */
  readonly javaScriptFiles: number;
}

export interface WalkLimits {
  /** Stop once this many source files are found (the walk says so in a warning). */
  readonly maxFiles?: number;
  /** Stop after this many folder entries, source or not. */
  readonly maxEntries?: number;
}

/** One file-system question the walk asks; a driver answers it, synchronously or not. */
type Op = { readonly op: "stat" | "realpath" | "readdir"; readonly path: string };
type Answer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/**
 * Expands the PATH arguments into source files: folders are walked (skipping `node_modules`, `.git`,
 * output folders and `.d.ts` files), symlinked folders followed once (a loop is walked once), but never
 * a link whose real path leaves the folder being walked: a repository can hold `root -> /`.
 * `outputFolders(dir)` names the output folders of the tsconfig found in `dir`, if any.
 * @throws InputError for a PATH that cannot be read, or a tsconfig in a walked folder that cannot be used.
 */
/**
 * `projectOutputs`: one tsconfig is used for every file (`--project`), so only its output folders are
 * skipped and no other tsconfig is read.
 */
export function discoverFiles(args: readonly string[], cwd: string, outputFolders: (tsconfigPath: string) => string[], limits: WalkLimits = {}, projectOutputs?: readonly string[]): DiscoveredInputs {
  const steps = walk(args, cwd, outputFolders, limits, true, projectOutputs);
  let answer: Answer | undefined;
  for (;;) {
    const step = answer === undefined ? steps.next() : steps.next(answer);
    if (step.done) return step.value;
    answer = answerSync(step.value);
  }
}

/**
 * The same for the language server: asynchronous (the server keeps answering while it walks),
 * cancellable, bounded by `limits`, and a tsconfig that cannot be used is a warning, not an error.
 * @throws CancelledError once `token` is cancelled.
 */
export async function discoverFilesAsync(
  args: readonly string[],
  cwd: string,
  limits: WalkLimits,
  token?: CancellationToken,
): Promise<DiscoveredInputs> {
  const steps = walk(args, cwd, () => [], limits, false);
  let answer: Answer | undefined;
  for (;;) {
    if (token?.isCancellationRequested) throw new CancelledError();
    const step = answer === undefined ? steps.next() : steps.next(answer);
    if (step.done) return step.value;
    answer = await answerAsync(step.value);
  }
}

function answerSync(q: Op): Answer {
  try {
    if (q.op === "stat") return { ok: true, value: fs.statSync(q.path) };
    if (q.op === "realpath") return { ok: true, value: fs.realpathSync(q.path) };
    return { ok: true, value: fs.readdirSync(q.path, { withFileTypes: true }) };
  } catch (error) {
    return { ok: false, error };
  }
}

async function answerAsync(q: Op): Promise<Answer> {
  try {
    if (q.op === "stat") return { ok: true, value: await fs.promises.stat(q.path) };
    if (q.op === "realpath") return { ok: true, value: await fs.promises.realpath(q.path) };
    return { ok: true, value: await fs.promises.readdir(q.path, { withFileTypes: true }) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The walk itself, written once: it yields each file-system question and gets the answer back. */
function* walk(
  args: readonly string[],
  cwd: string,
  outputFolders: (tsconfigPath: string) => string[],
  limits: WalkLimits,
  strictConfigs: boolean,
  projectOutputs?: readonly string[],
): Generator<Op, DiscoveredInputs, Answer> {
  const files = new Set<string>();
  const warnings: string[] = [];
  const roots: string[] = [];
  const seenDirs = new Set<string>();
  const checkedConfigs = new Set<string>();
  /** Tsconfigs that cannot be used, by folder: an error only when a file analysed is under one (`strictConfigs`). */
  const brokenConfigs: { readonly dir: string; readonly message: string; readonly reason: string; readonly config: string }[] = [];
  const skipDirs = new Set<string>();
  for (const out of projectOutputs ?? []) skipDirs.add(normalizePath(out));
  /** Real paths of the files found, so a link to one of them does not report it twice. */
  const realFiles = new Set<string>();
  let javaScriptFiles = 0;
  const maxFiles = limits.maxFiles ?? Infinity;
  const maxEntries = limits.maxEntries ?? Infinity;
  let entriesSeen = 0;
  let stopped = false;
  const show = (p: string) => shortPath(path.relative(cwd, p) || p);

  const ask = function* (op: Op["op"], p: string): Generator<Op, Answer, Answer> {
    return yield { op, path: p };
  };

  for (const arg of args) {
    if (stopped) break;
    const abs = path.resolve(cwd, arg);
    const st = yield* ask("stat", abs);
    if (!st.ok) throw new InputError(`cannot read ${arg}: ${errorReason(st.error)}`);
    const stats = st.value as fs.Stats;
    // The files of a PATH below the working directory may take a tsconfig above the PATH (the nearest
    // one, never above the working directory): it is checked as the walk checks those it lists.
    yield* checkNearestConfig(stats.isDirectory() ? abs : path.dirname(abs), rootFor(cwd, abs, stats.isFile()), stats.isDirectory());
    if (stats.isFile()) {
      roots.push(rootFor(cwd, abs, true));
      if (SOURCE.test(abs)) files.add(normalizePath(abs));
      else warnings.push(`skipped ${arg}: not a TypeScript file (.ts, .tsx, .mts, .cts)`);
      continue;
    }
    if (!stats.isDirectory()) throw new InputError(`cannot read ${arg}: not a file or folder`);
    roots.push(rootFor(cwd, abs, false));
    const rootReal = yield* ask("realpath", abs);
    if (!rootReal.ok) throw new InputError(`cannot read ${arg}: ${errorReason(rootReal.error)}`);
    /** Links are followed after everything else: a file is reported under its own path, not a link's. */
    const links: string[] = [];
    const outside: string[] = [];
    const dirs: string[] = [abs];
    while (!stopped && (dirs.length > 0 || links.length > 0)) {
      if (dirs.length > 0) {
        yield* walkDir(dirs.shift()!, dirs, links);
        continue;
      }
      // A link: followed only when its target stays inside the folder being walked.
      const link = links.shift()!;
      const real = yield* ask("realpath", link);
      if (!real.ok) {
        // A dangling or looping link: said when it has a source file's name (it may be one that vanished).
        if (isSource(link)) warnings.push(`skipped ${show(link)}: ${(real.error as NodeJS.ErrnoException).code === "ELOOP" ? "a loop of links" : "a link to nothing"}`);
        continue;
      }
      const target = real.value as string;
      const linked = yield* ask("stat", link);
      if (!linked.ok) continue;
      const ls = linked.value as fs.Stats;
      // A link to a folder the walk skips anyway (node_modules) is neither followed nor worth a warning.
      if (ls.isDirectory() && skipped(link)) continue;
      if (!ls.isDirectory() && !ls.isFile() && isSource(link)) {
        warnings.push(`skipped ${show(link)}: not a regular file (a link to a device, a FIFO or a socket)`);
        continue;
      }
      const wanted = ls.isDirectory() || (ls.isFile() && isSource(link));
      if (!isWithin(normalizePath(rootReal.value as string), normalizePath(target))) {
        if (wanted) outside.push(`${show(link)} -> ${target}`);
        continue;
      }
      if (ls.isDirectory()) {
        if (!skipped(link)) dirs.push(link);
      } else if (ls.isFile() && isSource(link) && !realFiles.has(target)) {
        addFile(link, target);
      }
    }
    if (outside.length > 0) {
      const n = outside.length;
      warnings.push(`did not follow ${n} link${n === 1 ? "" : "s"} leading outside ${arg === "." ? "the folder" : arg} (${outside.slice(0, 3).join(", ")}${n > 3 ? ", ..." : ""})`);
    }
  }
  for (const broken of brokenConfigs) {
    if ([...files].some((f) => isWithin(normalizePath(broken.dir), f))) throw new InputError(broken.message);
    warnings.push(`skipped ${show(broken.config)}: ${broken.reason} (no file analysed is in its folder)`);
  }
  return { files: [...files].sort(), roots: [...new Set(roots)], warnings, javaScriptFiles };

  function addFile(full: string, real: string): void {
    files.add(normalizePath(full));
    realFiles.add(real);
    if (files.size >= maxFiles) stop(`stopped after ${maxFiles} source files`);
  }

  function stop(why: string): void {
    if (stopped) return;
    stopped = true;
    warnings.push(`${why}; the rest of the folder was not read`);
  }

  /** A tsconfig the files will use: one that cannot be used is an error (the CLI) or a warning (the editor). */
  function* checkConfig(config: string, stat?: Answer): Generator<Op, void, Answer> {
    if (projectOutputs || checkedConfigs.has(config)) return;
    checkedConfigs.add(config);
    const st = stat ?? (yield* ask("stat", config));
    const problem = st.ok ? refusal(st.value as fs.Stats, MAX_CONFIG_BYTES)?.reason : errorReason(st.error);
    if (problem && strictConfigs) brokenConfigs.push({ dir: path.dirname(config), config, reason: problem, message: `cannot use ${show(config)}: ${problem}` });
    else if (problem) warnings.push(`skipped ${show(config)}: ${problem}`);
    else {
      try {
        for (const out of outputFolders(normalizePath(config))) skipDirs.add(normalizePath(out));
      } catch (err) {
        // Not JSON, a bad `extends`: as above, an error only for the files it governs.
        if (!(err instanceof InputError) && !(err instanceof ConfigError)) throw err;
        brokenConfigs.push({ dir: path.dirname(config), config, reason: err.message.replace(/^cannot use [^:]*: /, ""), message: err.message });
      }
    }
  }

  /**
   * The nearest tsconfig.json at or above `start`, up to `root`, checked. A folder PATH's own one is
   * left to the walk (`ownFolder`), which lists it.
   */
  function* checkNearestConfig(start: string, root: string, ownFolder: boolean): Generator<Op, void, Answer> {
    if (projectOutputs || !isInside(root, start)) return;
    for (let dir = start; ; dir = path.dirname(dir)) {
      const config = path.join(dir, "tsconfig.json");
      const st = yield* ask("stat", config);
      const missing = !st.ok && (st.error as NodeJS.ErrnoException).code === "ENOENT";
      if (!missing) {
        if (!(ownFolder && dir === start)) yield* checkConfig(config, st);
        return;
      }
      if (normalizePath(dir) === normalizePath(root) || path.dirname(dir) === dir) return;
    }
  }

  function skipped(dir: string): boolean {
    return SKIPPED_FOLDERS.has(path.basename(dir)) || skipDirs.has(normalizePath(dir));
  }

  function* walkDir(dir: string, dirs: string[], links: string[]): Generator<Op, void, Answer> {
    const real = yield* ask("realpath", dir);
    if (!real.ok) {
      // A folder that vanished meanwhile says nothing; one that cannot be reached (a path longer
      // than the system allows, no permission) is named, or its servers would vanish silently.
      if ((real.error as NodeJS.ErrnoException).code !== "ENOENT") warnings.push(`skipped folder ${show(dir)}: ${errorReason(real.error)}`);
      return;
    }
    const realDir = real.value as string;
    if (seenDirs.has(realDir)) return;
    seenDirs.add(realDir);
    const listed = yield* ask("readdir", dir);
    if (!listed.ok) {
      warnings.push(`skipped folder ${show(dir)}: ${errorReason(listed.error)}`);
      return;
    }
    const entries = listed.value as fs.Dirent[];
    if (entries.some((e) => e.name === "tsconfig.json" && (e.isFile() || e.isSymbolicLink()))) yield* checkConfig(path.join(dir, "tsconfig.json"));
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: string[] = [];
    for (const e of entries) {
      if (++entriesSeen > maxEntries) return stop(`stopped after ${maxEntries} folder entries`);
      const full = path.join(dir, e.name);
      if (e.isSymbolicLink()) links.push(full);
      else if (e.isDirectory()) {
        if (!skipped(full)) subdirs.push(full);
      } else if (e.isFile() && isSource(e.name)) {
        addFile(full, path.join(realDir, e.name));
        if (stopped) return;
      } else if (e.isFile() && JAVASCRIPT.test(e.name)) javaScriptFiles++;
      else if (!e.isFile() && !e.isDirectory() && isSource(e.name)) warnings.push(`skipped ${show(full)}: not a regular file (a FIFO, a socket or a device)`);
    }
    // Depth first, in name order (the order the files are reported in does not depend on it).
    dirs.unshift(...subdirs);
  }
}

function isSource(name: string): boolean {
  return SOURCE.test(name) && !DECLARATION.test(name);
}

/**
 * The workspace a PATH given on the command line belongs to: the working directory when the PATH lies
 * in it, else the PATH itself (a folder) or its folder (a file). The analysis reads nothing outside it.
 */
export function rootFor(cwd: string, abs: string, isFile: boolean): string {
  return normalizePath(isInside(cwd, abs) ? cwd : isFile ? path.dirname(abs) : abs);
}

function isInside(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  // `..lib` is a folder inside; only `..` itself or `../…` leads out.
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
