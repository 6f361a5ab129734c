// The source of an entry, taken from a folder of repository snapshots (bare git directories as the
// `fetch` look-up leaves them: <snapshots>/<owner>+<name>/repo) and extracted into a temporary folder
// outside the repository, so that no third-party source ever lands in the work tree.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

/** `git archive <commit> -- <dir>` unpacked into a fresh temporary folder. */
export function extract(gitDir: string, entry: CorpusEntry): Extracted {
  const tmp = mkdtempSync(join(tmpdir(), "mcp-lens-realworld-"));
  const remove = () => rmSync(tmp, { recursive: true, force: true });
  try {
    const tar = join(tmp, "source.tar");
    git(gitDir, ["archive", "--format=tar", "-o", tar, entry.commit, ...(entry.dir ? ["--", entry.dir] : [])]);
    const into = join(tmp, "src");
    mkdirSync(into);
    execFileSync("tar", ["-xf", tar, "-C", into], { stdio: ["ignore", "ignore", "pipe"] });
    rmSync(tar);
    return { root: entry.dir ? join(into, entry.dir) : into, remove };
  } catch (e) {
    remove();
    throw e;
  }
}

function git(gitDir: string, args: string[]): void {
  execFileSync("git", [`--git-dir=${gitDir}`, ...args], { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 64 * 1024 * 1024 });
}
