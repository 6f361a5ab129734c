// Scratch projects on disk for CLI tests, inside the repository's own .tmp/ folder (never elsewhere),
// removed when the test process exits.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";

export const REPO = join(__dirname, "..", "..");
export const CLI = join(REPO, "dist", "cli.js");
const TMP = join(REPO, ".tmp");
const made: string[] = [];

process.on("exit", () => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A fresh folder holding `files` (relative path → text). */
export function tempProject(files: Readonly<Record<string, string | Buffer>>): string {
  mkdirSync(TMP, { recursive: true });
  const dir = mkdtempSync(join(TMP, "test-"));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) writeFile(dir, name, text);
  return dir;
}

export function writeFile(dir: string, name: string, text: string | Buffer): void {
  const p = join(dir, name);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
}

export interface CliRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI in `cwd` (outside GitHub Actions, whatever runs the tests: see `mcpCapsWithEnv`). */
export function mcpCaps(cwd: string, ...args: string[]): CliRun {
  return mcpCapsWithEnv(cwd, { GITHUB_ACTIONS: undefined }, ...args);
}

/** Runs the built CLI in `cwd` with these environment variables changed (undefined removes one). */
export function mcpCapsWithEnv(cwd: string, env: Readonly<Record<string, string | undefined>>, ...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", timeout: 60_000, env: { ...process.env, NO_COLOR: "1", ...env } });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
