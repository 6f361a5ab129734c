// Where the end-to-end layer keeps things: everything it installs or writes lives under the
// project's git-ignored `.tmp/e2e/` (the tools' manifest and lock file are committed in
// test/e2e/tools/ and installed into .tmp/e2e/tools/, outside the folders the test runner walks).
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(new URL("../../..", import.meta.url).pathname);
export const E2E_DIR = join(ROOT, "test", "e2e");
export const TMP = join(ROOT, ".tmp", "e2e");
/** The committed manifest and lock file of the tools. */
export const TOOLS_SOURCE = join(E2E_DIR, "tools");
/** Where they are installed. */
export const TOOLS_DIR = join(TMP, "tools");
export const NODE_VERSION = "24.22.3";
export const NODE_DIR = join(TMP, "node");
export const NODE_BIN = join(NODE_DIR, "bin", "node");
export const CODE_SERVER_ENTRY = join(TOOLS_DIR, "node_modules", "code-server", "out", "node", "entry.js");
export const EXAMPLES = join(ROOT, "examples");
export const HOST_SUITE = join(E2E_DIR, "host", "suite.cjs");

/**
 * The extension under test: the repository root (package.json + dist/) unless
 * `MCP_LENS_E2E_EXTENSION` names another folder with the same layout (used to prove that a broken
 * build fails the run).
 */
export function extensionDir() {
  const dir = process.env.MCP_LENS_E2E_EXTENSION ? resolve(process.env.MCP_LENS_E2E_EXTENSION) : ROOT;
  for (const f of ["package.json", "dist/extension.js", "dist/server.js"]) {
    if (!existsSync(join(dir, f))) throw new Error(`e2e: the extension folder ${dir} has no ${f} (build it with \`node esbuild.mjs\`)`);
  }
  return dir;
}

export function extensionManifest(dir = extensionDir()) {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  return { id: `${pkg.publisher}.${pkg.name}`, folder: `${pkg.publisher}.${pkg.name}-${pkg.version}`, pkg };
}

/** Env vars of the npm/node:test that started us, which must not leak into the tools we start. */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) || k === "NODE_OPTIONS" || k === "NODE_TEST_CONTEXT" || k === "INIT_CWD" || k === "NODE_CHANNEL_FD") continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A log line with the seconds since the e2e layer started. */
const t0 = Date.now();
export function log(...args) {
  console.log(`[e2e ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s]`, ...args);
}
