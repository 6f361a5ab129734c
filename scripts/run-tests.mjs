// Runs the test files with Node's own test runner (TypeScript through tsx; scripts/runTestLanes.mjs),
// so the summary is node:test's: "pass N" / "fail N". Usage: node scripts/run-tests.mjs [--checks] [folder under test/ ...]
// --checks (what `npm test` passes) also runs the type check and lint, beside the tests rather than
// before them: each is one core's work for most of a minute. Their outcome is printed after the
// tests' summary, and any failure fails the run.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { groupTestFiles } from "./testGroups.mjs";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const withChecks = args.includes("--checks");
const only = args.filter((a) => a !== "--checks");
const folders = only.length > 0 ? only : ["lint", "unit", "dialects", "cli", "conformance", "lsp", "robust", "sdk", "realworld", "frameworks", "grammar", "package", "bench", "e2e"];

function collect(dir) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "fixtures" && e.name !== "node_modules") out.push(...collect(p));
    } else if (/\.test\.(ts|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

const files = folders.flatMap((f) => collect(join(root, "test", f)).sort());
if (files.length === 0) {
  console.error(`no test files under ${folders.map((f) => `test/${f}`).join(", ")}`);
  process.exit(1);
}
// The e2e tools install in the background while the other suites run (see test/e2e/lib/prefetch.mjs).
if (folders.includes("e2e") && process.env.MCP_LENS_E2E_PREFETCH !== "0") {
  const { startPrefetch } = await import("../test/e2e/lib/prefetch.mjs");
  startPrefetch();
}
/** Runs a command; resolves with its exit status and, when `capture`, its output. */
function run(cmd, argv, capture) {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd: root, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    if (capture) for (const s of [child.stdout, child.stderr]) s.on("data", (d) => (output += d));
    child.on("error", (err) => resolve({ status: 1, output: `${output}${err.message}\n` }));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

// test/lint/fences.test.ts lints the real tree with the same configuration and paths as `npm run lint`
// (and fails on a warning too), so when that folder runs, lint is not run a second time.
const LINT_IN_TESTS = folders.includes("lint");

async function checks() {
  const out = [];
  for (const script of LINT_IN_TESTS ? ["typecheck"] : ["typecheck", "lint"]) {
    const started = Date.now();
    const r = await run("npm", ["run", "--silent", script], true);
    out.push({ script, ...r, seconds: (Date.now() - started) / 1000 });
  }
  return out;
}

const checking = withChecks ? checks() : Promise.resolve([]);
// Two test files at a time even on 2 cores (node:test's default is cores − 1): most files spend
// much of their time waiting on the processes they start (the CLI, the language server, code-server),
// so a second one fills that time. The files that assert timings already allow for a busy machine.
const concurrency = Math.max(2, availableParallelism() - 1);
// The real-editor suite runs in a lane of its own, beside those two, from the start: it first waits
// for its tools (installed in the background meanwhile), then mostly for code-server and Chromium
// (about a third of a core over its 3 minutes), so in one of the two places it held one idle.
// The Neovim test follows it there, one after the other: it mostly waits on Neovim and the language
// server too (4 s of CPU in 26 s, alone on a loaded machine), and that lane ended minutes before the
// two places did (473 s against 681 s on a clean clone), while in the places it held one for 54 s.
// Then the bench harness's smoke run: on a clean clone that lane ended at 277 s and the two places at
// 470 s, and it held one of the two places for 49 s. (The npm package check stays with the other
// package tests: it builds dist/ for production, which the code-cache test reads at the same time.)
// Then the fuzz campaign and the MCP-Nest fixtures, which read no dist/ either: on a clean clone of
// 4,928 tests that lane ended at 331 s and the two places at 462 s, where these held one for 90 s.
const BESIDE = ["test/e2e/e2e.test.mjs", "test/e2e/neovim.test.ts", "test/bench/smoke.test.ts", "test/robust/fuzz.test.ts", "test/frameworks/mcp-nest.test.ts"];
const rel = (f) => relative(root, f);
const beside = BESIDE.flatMap((b) => files.filter((f) => rel(f) === b));
const rest = files.filter((f) => !BESIDE.includes(rel(f)));
// The others in the order of their paths, as `node --test` starts them (not in the folders' order above),
// most of them sharing one process per folder (scripts/testGroups.mjs), and those shared processes
// first: they are CPU work with no wall-clock limit, so they take the start of the run, when the type
// check, lint and the background install share the cores, and the files with time limits (the fuzz
// campaign's hang limit, the 10,000-file runs, the hover budgets) come after. (Long files moved
// first met that start, and their wall-clock limits.)
const grouped = groupTestFiles(root, rest.sort());
const isGroup = (f) => rel(f).startsWith(".tmp/test-groups/");
const main = [...grouped.filter(isGroup), ...grouped.filter((f) => !isGroup(f))];
// A lane of its own for the real-editor suite. (One pool of three places, the suite first, so that its
// place takes other files once it is done, was tried on a clean clone: the tests took as long, 596 s
// against 597 s, since the run is CPU-bound by then, and three files at once pushed the fuzz
// campaign's 1 MB literal past its 10 s hang limit.)
const lanes = [{ files: beside, concurrency: 1 }, { files: main, concurrency }].filter((l) => l.files.length > 0);
// Beside the spec output, a timeline of the files (scripts/testTimeline.mjs) for reading where the time went.
mkdirSync(join(root, ".tmp"), { recursive: true });
const lanesFile = join(root, ".tmp", "test-lanes.json");
writeFileSync(lanesFile, JSON.stringify(lanes.map((l) => ({ ...l, files: l.files.map(rel) }))));
const tests = await run(process.execPath, ["--import", "tsx", "scripts/runTestLanes.mjs", rel(lanesFile), ".tmp/test-timeline.tsv"], false);
let status = tests.status;
for (const c of await checking) {
  if (c.status !== 0) {
    status = status || 1;
    process.stdout.write(`\n${c.output.trimEnd()}\n`);
  }
  console.log(`# npm run ${c.script}: ${c.status === 0 ? "ok" : `FAILED (exit ${c.status})`} in ${c.seconds.toFixed(0)} s`);
}
if (withChecks && LINT_IN_TESTS) console.log("# npm run lint: run by test/lint/fences.test.ts (the real tree lints clean)");
process.exit(status);
