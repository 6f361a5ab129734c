// Runs the test files with Node's own test runner (TypeScript through tsx), so the summary at the end
// is node:test's: "# pass N" / "# fail N". Usage: node scripts/run-tests.mjs [folder under test/ ...]
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const only = process.argv.slice(2);
const folders = only.length > 0 ? only : ["lint", "unit", "dialects", "cli", "conformance", "lsp", "robust", "sdk", "frameworks", "grammar", "package", "bench", "e2e"];

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

// Folder order is start order (e2e last, after unit and LSP tests); files are sorted within a folder.
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
// Two test files at a time even on 2 cores (node:test's default is cores − 1): most files spend
// much of their time waiting on the processes they start (the CLI, the language server, code-server),
// so a second one fills that time. The files that assert timings already allow for a busy machine.
const concurrency = Math.max(2, availableParallelism() - 1);
const result = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", `--test-concurrency=${concurrency}`, ...files.map((f) => relative(root, f))], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
