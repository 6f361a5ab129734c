// Real code: `mcp-caps --json .` over fetched repository snapshots, against a process that only
// reads and parses the same files, as alternating pairs of whole processes (parse-only, ours, …).
//
// MCP_LENS_BENCH_REPOS names a folder holding `<owner>+<name>/repo` bare git directories (the layout
// of fetched snapshots); each listed repository is extracted with `git archive HEAD` into a temporary
// folder, measured, and removed. Nothing of a repository is kept but its name, commit and figures.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadNow, pairRatios, summary } from "./stats.mjs";

/** The repositories of the real-code targets, with each one's limit on ours / parse-only. */
export const REAL_REPOS = [
  { repo: "modelcontextprotocol/typescript-sdk", role: "the official TypeScript SDK", limit: 1.3 },
  { repo: "modelcontextprotocol/servers", role: "the reference servers", limit: 1.3 },
  // A large application with one MCP endpoint: most of its files can never declare a server.
  { repo: "outline/outline", role: "a large application with few servers", limit: 1.0 },
];

export const REPOS_ENV = "MCP_LENS_BENCH_REPOS";

function timedProcess(args, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_NO_WARNINGS: "1" } });
    const out = [];
    let err = "";
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0 && code !== 1) reject(new Error(`${args.join(" ")} exited ${code}\n${err.slice(-2000)}`));
      else resolve({ wallMs, stdout: Buffer.concat(out).toString("utf8") });
    });
  });
}

/**
 * Measures every listed repository found under `reposDir`; the missing ones are reported as skipped.
 * `listFiles(dir)` gives the files the CLI analyses there (its own discovery), for the parse-only process.
 */
export async function measureRealRepos({ reposDir, cli, parseOnly, listFiles, pairs = 5, log = () => undefined }) {
  const results = [];
  for (const spec of REAL_REPOS) {
    const gitDir = join(reposDir, spec.repo.replace("/", "+"), "repo");
    if (!existsSync(gitDir)) {
      results.push({ ...spec, skipped: `no snapshot at ${gitDir}` });
      continue;
    }
    const commit = execFileSync("git", ["--git-dir", gitDir, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    const dir = mkdtempSync(join(tmpdir(), "mcp-lens-bench-repo-"));
    try {
      execFileSync("sh", ["-c", `git --git-dir="$0" archive --format=tar HEAD | tar -x -C "$1"`, gitDir, dir]);
      const files = listFiles(dir);
      const listFile = join(dir, ".bench-files");
      writeFileSync(listFile, files.join("\n"));
      const ours = () => timedProcess([cli, "--json", "."], dir);
      const parse = () => timedProcess([parseOnly, listFile], dir);
      // One unmeasured run of each: the disk cache holds the files, as for a second run in a terminal.
      const first = await ours();
      const report = JSON.parse(first.stdout);
      const parsed = JSON.parse((await parse()).stdout);
      const loadAtStart = loadNow();
      const oursMs = [];
      const parseMs = [];
      for (let i = 0; i < pairs; i++) {
        parseMs.push((await parse()).wallMs);
        oursMs.push((await ours()).wallMs);
      }
      const result = {
        ...spec,
        commit,
        files: parsed.files,
        megabytes: Math.round(parsed.bytes / 1e5) / 10,
        servers: report.servers.length,
        serversByDialect: countBy(report.servers, (s) => s.dialect),
        ours: summary(oursMs),
        parseOnly: summary(parseMs),
        pairs: pairRatios(oursMs, parseMs),
        loadAverage: Math.max(loadAtStart, loadNow()),
      };
      log(`${spec.repo}: ${result.files} files, ${result.servers} servers; ours ${result.ours.median.toFixed(0)} ms, parse-only ${result.parseOnly.median.toFixed(0)} ms, ratio ${result.pairs.median}× (${result.pairs.min}–${result.pairs.max})`);
      results.push(result);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}

function countBy(list, key) {
  const out = {};
  for (const x of list) out[key(x)] = (out[key(x)] ?? 0) + 1;
  return out;
}
