// Watchdog started by procs.mjs#startGuard, in its own session: `node guard.mjs PARENT_PID MARKER`.
// When the parent disappears without stopping us (killed, crashed), every process whose command line
// or environment mentions MARKER (the run folder) is terminated, so nothing outlives a test run.
import { alive, processesMentioning } from "./procs.mjs";

const parent = Number(process.argv[2]);
const marker = process.argv[3];
if (!parent || !marker || marker.length < 10) process.exit(2);

process.on("SIGTERM", () => process.exit(0)); // the parent is done and cleaned up itself
process.on("SIGINT", () => {}); // a Ctrl+C is the parent's to handle; we stay to check on it

function killAll(signal) {
  for (const p of processesMentioning(marker)) {
    try {
      process.kill(p.pid, signal);
    } catch {
      /* gone */
    }
  }
}

const timer = setInterval(() => {
  if (alive(parent)) return;
  clearInterval(timer);
  killAll("SIGTERM");
  setTimeout(() => {
    killAll("SIGKILL");
    process.exit(0);
  }, 5000);
}, 1000);
