// The e2e tools take minutes to install on a clean clone (code-server's native builds), while the
// suites before e2e leave a core idle most of the time. `npm test` therefore starts the install in a
// child process when it begins (one build job, so the other suites keep a core), and the e2e tests
// wait for it before they check the tools themselves (which is then quick, or installs in the
// foreground if the prefetch failed).
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TMP } from "./paths.mjs";
import { alive } from "./procs.mjs";

const STATUS = join(TMP, "prefetch.status");
const LOG = join(TMP, "prefetch.log");

/**
 * Starts the install in the background; returns at once. `npm test` calls it first thing (through
 * scripts/setup.mjs, so that it runs beside the project's own `npm ci`), and scripts/run-tests.mjs
 * again for a run started otherwise: a prefetch still running is left to finish.
 */
export function startPrefetch() {
  const running = existsSync(STATUS) && /^running (\d+)$/.exec(readFileSync(STATUS, "utf8").trim());
  if (running && prefetchAlive(Number(running[1]))) return undefined;
  mkdirSync(TMP, { recursive: true });
  const out = openSync(LOG, "w");
  const child = spawn(process.execPath, [new URL("./prefetchMain.mjs", import.meta.url).pathname], {
    stdio: ["ignore", out, out],
    env: { ...process.env, MCP_LENS_E2E_JOBS: "1" },
  });
  closeSync(out);
  writeFileSync(STATUS, `running ${child.pid}\n`);
  child.unref();
  return child;
}

/** Whether `pid` is a prefetch still running (not another process that got its number since). */
function prefetchAlive(pid) {
  if (!alive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("prefetchMain");
  } catch {
    return true; // no /proc to ask: trust the number
  }
}

/** Marks the prefetch finished (called by the child itself). */
export function finishPrefetch(outcome) {
  writeFileSync(STATUS, `${outcome}\n`);
}

/** Waits until a prefetch started by this run is over (at most `limitMs`). */
export async function waitForPrefetch(limitMs) {
  const started = Date.now();
  for (;;) {
    if (!existsSync(STATUS)) return "none";
    const status = readFileSync(STATUS, "utf8").trim();
    const m = /^running (\d+)$/.exec(status);
    if (!m || !prefetchAlive(Number(m[1]))) return status;
    if (Date.now() - started > limitMs) return "timed out";
    await new Promise((r) => setTimeout(r, 1000));
  }
}
