// Runs the oracle on many fixtures with ONE child process per SDK version (oracleWorker.mjs under
// `node --import tsx`), instead of one process per fixture: starting Node, tsx, the SDK and zod
// cost about a second of CPU each time, the observation itself a few milliseconds.
//
// Each worker observes one fixture at a time, in the order asked. A fixture that does not finish
// within the timeout, crashes its worker or lets an error escape fails alone: its worker is killed
// and a fresh one serves the fixtures after it.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const WORKER = fileURLToPath(new URL("./oracleWorker.mjs", import.meta.url));
/** How much of a worker's stderr a failure message quotes. */
const STDERR_TAIL = 4000;

class OracleWorker {
  constructor(sdk, timeoutMs) {
    this.sdk = sdk;
    this.timeoutMs = timeoutMs;
    this.queue = [];
    this.current = null;
    this.child = null;
    this.stderr = "";
  }

  observe(dir) {
    return new Promise((resolve, reject) => {
      this.queue.push({ dir, resolve, reject });
      this.next();
    });
  }

  next() {
    if (this.current || this.queue.length === 0) return;
    const child = this.child ?? this.start();
    const job = this.queue.shift();
    this.current = job;
    job.timer = setTimeout(() => this.fail(`oracle timed out after ${this.timeoutMs} ms on ${job.dir}`), this.timeoutMs);
    child.send({ dir: job.dir });
  }

  start() {
    const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    this.child = child;
    this.stderr = "";
    child.stderr.on("data", (d) => {
      if (this.child === child) this.stderr = (this.stderr + d).slice(-STDERR_TAIL);
    });
    child.on("message", (m) => {
      if (this.child !== child || !this.current || m.dir !== this.current.dir) return;
      if (m.crash !== undefined) return this.fail(m.crash);
      this.finish((job) => job.resolve(m.result));
    });
    child.on("exit", (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.current) this.fail(`the oracle (${this.sdk}) exited (${signal ?? code}) while observing ${this.current.dir}\nstderr:\n${this.stderr}`, false);
    });
    child.on("error", (e) => {
      if (this.child === child && this.current) this.fail(`the oracle (${this.sdk}) failed: ${e.message}`);
    });
    return child;
  }

  finish(settle) {
    const job = this.current;
    clearTimeout(job.timer);
    this.current = null;
    settle(job);
    this.next();
  }

  /** The current fixture fails; its process is no longer trusted (killed unless already gone). */
  fail(message, kill = true) {
    if (kill && this.child) {
      this.child.kill("SIGKILL");
      this.child = null;
    }
    this.finish((job) => job.reject(new Error(message)));
  }

  close() {
    for (const job of this.queue.splice(0)) job.reject(new Error("the oracle pool was closed"));
    if (this.child) {
      this.child.kill("SIGKILL");
      this.child = null;
    }
  }
}

/**
 * A pool of oracle processes, one per SDK version, started on first use.
 * `observe(dir, sdk)` resolves to the fixture's OracleResult (as runOracle would); `close()` ends them.
 */
export function createOraclePool({ timeoutMs = 90_000 } = {}) {
  const workers = new Map();
  return {
    observe(fixtureDir, sdk) {
      if (!workers.has(sdk)) workers.set(sdk, new OracleWorker(sdk, timeoutMs));
      return workers.get(sdk).observe(fixtureDir);
    },
    close() {
      for (const w of workers.values()) w.close();
      workers.clear();
    },
  };
}
