// The processes the probe starts: each in its own process group, so that a server started through a
// wrapper (`npx`, `sh -c`, a package script) is stopped with everything it started. Every live child
// is known here, so an exit, a timeout or a signal can stop them all by their group id.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

const ownGroups = process.platform !== "win32";
const live = new Set<ChildProcessWithoutNullStreams>();

/** How long a server may take to stop after SIGTERM before its group gets SIGKILL. */
const STOP_GRACE_MS = 1000;

export function startChild(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  const child = spawn(command, [...args], { cwd, env, stdio: ["pipe", "pipe", "pipe"], detached: ownGroups, windowsHide: true });
  live.add(child);
  child.once("exit", () => live.delete(child));
  child.once("error", () => live.delete(child));
  // A server that exits before reading its input must not take the probe down with EPIPE.
  child.stdin.on("error", () => {});
  return child;
}

function signalGroup(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (ownGroups) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Stops a child and whatever it started: its input is closed, its group gets SIGTERM, and SIGKILL
 * after a grace period (at once if the leader is already gone, for descendants that outlived it).
 */
export function stopChild(child: ChildProcessWithoutNullStreams): Promise<void> {
  child.stdin.end();
  const exited = child.exitCode !== null || child.signalCode !== null || child.pid === undefined;
  if (exited) {
    signalGroup(child, "SIGKILL");
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signalGroup(child, "SIGKILL");
    }, STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      signalGroup(child, "SIGKILL");
      resolve();
    });
    signalGroup(child, "SIGTERM");
  });
}

/** Synchronously sends SIGKILL to every live child's group (on a signal or at process exit). */
export function killAllChildren(): void {
  for (const child of live) signalGroup(child, "SIGKILL");
  live.clear();
}

export const liveChildCount = (): number => live.size;
