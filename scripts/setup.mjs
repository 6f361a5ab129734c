// Makes a fresh checkout ready: installs dependencies when they are missing or stale, and builds the
// bundles when a source is newer than them. Uses only Node's built-ins: it runs before `npm ci`.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const run = (cmd) => execSync(cmd, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

// `npm test` passes --e2e-prefetch: the real-editor tools (Chromium, code-server) install in the
// background from here on, beside this `npm ci`, mostly waiting on downloads as it does
// (test/e2e/lib/prefetch.mjs; scripts/run-tests.mjs leaves a running one alone).
if (process.argv.includes("--e2e-prefetch") && process.env.MCP_LENS_E2E_PREFETCH !== "0") {
  const { startPrefetch } = await import("../test/e2e/lib/prefetch.mjs");
  startPrefetch();
}

const installed = join(root, "node_modules", ".package-lock.json");
if (!existsSync(installed) || mtime(join(root, "package-lock.json")) > mtime(installed)) {
  console.error("setup: installing dependencies (npm ci)…");
  // Errors only: some development dependencies (the frameworks the tests start, vsce) declare Node 22
  // and warn EBADENGINE on Node 20, which runs them and everything here fine.
  run("npm ci --no-audit --no-fund --loglevel=error");
}

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const outputs = ["dist/cli.js", "dist/server.js", "dist/vendor/ts-morph.js", "dist/extension.js"].map((f) => join(root, f));
const sources = Math.max(
  ...["server", "client", "common", "syntaxes", "images"].map((d) => newest(join(root, d))),
  mtime(join(root, "esbuild.mjs")),
  mtime(join(root, "package.json")),
);
if (outputs.some((o) => mtime(o) < sources)) {
  console.error("setup: building (node esbuild.mjs)…");
  run("node esbuild.mjs");
}
