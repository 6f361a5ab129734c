// The official SDK repository and the reference servers repository, analysed whole: no conduit server
// is reported (a client's private `handleCallTool` is a helper, not a handler), and the errors and
// warnings are exactly those in sdk-repo-checks.json, each of which was checked against the real SDK
// (SDK-REPO-CHECKS.md says how). A new error or warning there fails until it is checked and recorded.
//
// Runs only when MCP_LENS_REALWORLD_SNAPSHOTS names a folder of repository snapshots
// (<folder>/<owner>+<name>/repo, bare git directories); the source is extracted into a temporary folder
// outside the repository and removed afterwards.
//   MCP_LENS_REALWORLD_SNAPSHOTS=../.mirror node --import tsx --test test/realworld/sdkRepoChecks.test.ts
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";

interface RecordedDiagnostic {
  readonly code: string;
  readonly file: string;
  readonly line: number;
  readonly severity: string;
}

interface RepoCheck {
  readonly repo: string;
  readonly commit: string;
  /** The folder whose errors and warnings were checked ("" for the whole repository). */
  readonly scope: string;
  readonly diagnostics: readonly RecordedDiagnostic[];
}

const checks = JSON.parse(readFileSync(join(__dirname, "sdk-repo-checks.json"), "utf8")) as { repos: RepoCheck[] };
const snapshots = process.env.MCP_LENS_REALWORLD_SNAPSHOTS;

/** The snapshot's git directory, or why the check cannot run. */
function gitDir(repo: string, commit: string): string | { skip: string } {
  if (!snapshots) return { skip: "MCP_LENS_REALWORLD_SNAPSHOTS is not set (a folder of <owner>+<name>/repo snapshots)" };
  const dir = join(snapshots, repo.replace("/", "+"), "repo");
  if (!existsSync(join(dir, "HEAD"))) return { skip: `no snapshot of ${repo} in ${snapshots}` };
  try {
    execFileSync("git", ["--git-dir", dir, "cat-file", "-e", `${commit}^{commit}`], { stdio: "ignore" });
  } catch {
    return { skip: `the snapshot of ${repo} lacks commit ${commit.slice(0, 12)}` };
  }
  return dir;
}

const key = (d: RecordedDiagnostic) => `${d.severity} ${d.code} ${d.file}:${d.line}`;

describe("the official SDK and reference servers repositories (recorded checks)", () => {
  for (const check of checks.repos) {
    const git = gitDir(check.repo, check.commit);
    const skip = typeof git === "string" ? false : git.skip;
    it(`${check.repo}@${check.commit.slice(0, 12)}: no conduit server; the errors and warnings${check.scope ? ` under ${check.scope}` : ""} are the checked ones`, { skip, timeout: 600_000 }, () => {
      const tmp = mkdtempSync(join(tmpdir(), "mcp-lens-sdk-repo-"));
      try {
        const src = join(tmp, "src");
        mkdirSync(src);
        const tar = join(tmp, "source.tar");
        execFileSync("git", ["--git-dir", git as string, "archive", "--format=tar", "-o", tar, check.commit]);
        execFileSync("tar", ["-xf", tar, "-C", src]);
        const run = mcpCapsInProcess(src, ["--json", "."]);
        const report = JSON.parse(run.stdout) as {
          servers: { name: string; dialect: string; file: string }[];
          diagnostics: RecordedDiagnostic[];
        };
        const conduit = report.servers.filter((s) => s.dialect === "conduit").map((s) => `${s.name} (${s.file})`);
        assert.deepEqual(conduit, [], "conduit servers reported");
        const found = report.diagnostics
          .filter((d) => (d.severity === "error" || d.severity === "warning") && d.file.startsWith(check.scope))
          .map(key)
          .sort();
        assert.deepEqual(found, check.diagnostics.map(key).sort(), "errors and warnings differ from the checked ones (check each new one against the real SDK)");
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    });
  }
});
