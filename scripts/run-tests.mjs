// Runs the test files with Node's own test runner (TypeScript through tsx), so the summary at the end
// is node:test's: "# pass N" / "# fail N". Usage: node scripts/run-tests.mjs [folder under test/ ...]
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const only = process.argv.slice(2);
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

// Folder order is run order (e2e last, after unit and LSP tests); files are sorted within a folder.
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
const result = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", ...files.map((f) => relative(root, f))], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
