// Processes the e2e layer starts, and making sure none of them outlives it. Every process it starts
// (code-server and all its children, Chromium) carries the run folder in its command line or its
// environment (HOME, TMPDIR, --user-data-dir), so "what is left" is "what mentions the run folder".
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sleep } from "./paths.mjs";

/** Processes (other than this one and `exclude`) whose command line or environment mention `marker`. */
export function processesMentioning(marker, exclude = []) {
  const out = [];
  const skip = new Set([process.pid, ...exclude]);
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || skip.has(Number(name))) continue;
    let cmd = "";
    let hit = false;
    try {
      cmd = readFileSync(`/proc/${name}/cmdline`, "utf8").replace(/\0/g, " ").trim();
      if (!cmd) continue; // a zombie or a kernel thread
      hit = cmd.includes(marker) || readFileSync(`/proc/${name}/environ`, "utf8").includes(marker);
    } catch {
      continue; // gone, or not ours to read
    }
    if (hit) out.push({ pid: Number(name), cmd: cmd.slice(0, 160) });
  }
  return out;
}

/** Whether process `pid` exists (signal 0 checks without sending anything). */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    /* already gone */
  }
}

/** Process groups started (with `detached: true`) and not yet stopped: killed on any exit. */
const groups = new Set();
let handlersInstalled = false;

function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // `exit` handlers must be synchronous: a SIGKILL to each group is.
  process.on("exit", () => {
    for (const g of groups) signalGroup(g, "SIGKILL");
  });
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(sig, () => {
      for (const g of groups) signalGroup(g, "SIGTERM");
      setTimeout(() => process.exit(130), 1500).unref();
      // give the groups a moment to go on their own; `exit` sends SIGKILL to the rest
      const poll = setInterval(() => {
        if ([...groups].every((g) => !groupAlive(g))) {
          clearInterval(poll);
          process.exit(130);
        }
      }, 100);
    });
  }
}

/** Tracks a process group until `stopGroup`; killed with SIGKILL if this process exits first. */
export function trackGroup(pgid) {
  installExitHandlers();
  groups.add(pgid);
}

/** SIGTERM to the group, SIGKILL after `graceMs`; resolves when no process of the group is left. */
export async function stopGroup(pgid, graceMs = 10000) {
  signalGroup(pgid, "SIGTERM");
  const end = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < end) await sleep(100);
  if (groupAlive(pgid)) {
    signalGroup(pgid, "SIGKILL");
    const hard = Date.now() + 5000;
    while (groupAlive(pgid) && Date.now() < hard) await sleep(100);
  }
  groups.delete(pgid);
}

/**
 * A watchdog in its own session: if this process dies without cleaning up (SIGKILL, a crash), it
 * kills every process that mentions `marker`, then exits. Stop it with `guard.stop()`.
 */
export function startGuard(marker) {
  const child = spawn(process.execPath, [fileURLToPath(new URL("./guard.mjs", import.meta.url)), String(process.pid), marker], {
    detached: true,
    stdio: "ignore",
  });
  child.unref();
  trackGroup(child.pid);
  return {
    pid: child.pid,
    stop: () => {
      signalGroup(child.pid, "SIGTERM");
      groups.delete(child.pid);
    },
  };
}

/** Ends whatever still mentions `marker` (SIGTERM, then SIGKILL); returns what it found first. */
export async function killMentioning(marker, exclude = []) {
  const found = processesMentioning(marker, exclude);
  for (const p of found) {
    try {
      process.kill(p.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
  const end = Date.now() + 5000;
  while (processesMentioning(marker, exclude).length > 0 && Date.now() < end) await sleep(100);
  for (const p of processesMentioning(marker, exclude)) {
    try {
      process.kill(p.pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  return found;
}
