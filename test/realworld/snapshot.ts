// The source of an entry, taken from a folder of repository snapshots (bare git directories as the
// `fetch` look-up leaves them: <snapshots>/<owner>+<name>/repo) and extracted into a temporary folder
// outside the repository, so that no third-party source ever lands in the work tree.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { CorpusEntry } from "./entry";

export const SNAPSHOTS_ENV = "MCP_LENS_REALWORLD_SNAPSHOTS";

/** The git directory of the entry's repository in the snapshots folder, or why there is none. */
export function gitDirOf(snapshots: string | undefined, entry: CorpusEntry): { gitDir: string } | { missing: string } {
  if (!snapshots) return { missing: `${SNAPSHOTS_ENV} is not set` };
  const base = join(snapshots, entry.repo.replace("/", "+"), "repo");
  // Some snapshots are clones with a work tree rather than bare directories.
  const gitDir = existsSync(join(base, ".git")) ? join(base, ".git") : base;
  if (!existsSync(join(gitDir, "HEAD"))) return { missing: `no snapshot of ${entry.repo} in ${snapshots}` };
  try {
    git(gitDir, ["cat-file", "-e", `${entry.commit}^{commit}`]);
  } catch {
    return { missing: `the snapshot of ${entry.repo} lacks commit ${entry.commit.slice(0, 12)}` };
  }
  return { gitDir };
}

export interface Extracted {
  /** The package's folder (the entry's `dir`) inside the temporary folder. */
  readonly root: string;
  readonly remove: () => void;
}

/**
 * The entry's folder at its commit, written into a fresh temporary folder: the files the analysis can
 * read (sources, package.json, tsconfig), never `node_modules` some repositories commit. Blobs read in
 * one `git cat-file --batch`; a blob the snapshot lacks (snapshots leave out files of 4 MiB and more) is
 * skipped rather than failing the entry, which `git archive` would do.
 */
export function extract(gitDir: string, entry: CorpusEntry): Extracted {
  const tmp = mkdtempSync(join(tmpdir(), "mcp-lens-realworld-"));
  const remove = () => rmSync(tmp, { recursive: true, force: true });
  try {
    const into = join(tmp, "src");
    mkdirSync(into);
    const listing = execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "-z", entry.commit, ...(entry.dir ? ["--", entry.dir] : [])], { maxBuffer: 256 * 1024 * 1024 });
    const blobs: Array<{ id: string; path: string }> = [];
    for (const line of listing.toString("utf8").split("\0")) {
      const m = /^10[0-7]{4} blob ([0-9a-f]{40})\t(.+)$/s.exec(line); // regular files (no symlinks)
      if (m && wanted(m[2]!)) blobs.push({ id: m[1]!, path: m[2]! });
    }
    const out = execFileSync("git", ["--git-dir", gitDir, "cat-file", "--batch"], { input: blobs.map((b) => b.id).join("\n") + "\n", maxBuffer: 1024 * 1024 * 1024 });
    let at = 0;
    for (const blob of blobs) {
      const eol = out.indexOf(10, at);
      const header = out.subarray(at, eol).toString("utf8");
      at = eol + 1;
      const m = /^[0-9a-f]{40} blob (\d+)$/.exec(header);
      if (!m) continue; // "<id> missing": not in the snapshot
      const size = Number(m[1]);
      const file = join(into, blob.path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, out.subarray(at, at + size));
      at += size + 1;
    }
    return { root: entry.dir ? join(into, entry.dir) : into, remove };
  } catch (e) {
    remove();
    throw e;
  }
}

/**
 * What the analysis may read: TypeScript and JavaScript sources, package.json and tsconfig files,
 * package-lock.json (without node_modules, the versions it pins are the ones installed), and smithery.yaml
 * (whose TypeScript runtime calls the package's module entry).
 */
function wanted(path: string): boolean {
  if (path.split("/").includes("node_modules")) return false;
  return /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(path) || /(^|\/)(package\.json|package-lock\.json|tsconfig[^/]*\.json|jsconfig\.json|smithery\.ya?ml)$/.test(path);
}

function git(gitDir: string, args: string[]): void {
  execFileSync("git", [`--git-dir=${gitDir}`, ...args], { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 64 * 1024 * 1024 });
}
