// Small statistics and timing helpers shared by the benchmark scripts.

import { readFileSync } from "node:fs";

/** How a measurement child process marks its one line of JSON result. */
export const RESULT_MARK = "@@bench-result@@";

/** The q-quantile (0..1) of a list of numbers, by linear interpolation between closest ranks. */
export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export const median = (values) => quantile(values, 0.5);
export const p95 = (values) => quantile(values, 0.95);

/** { n, median, p95, min, max } of a list of milliseconds, rounded to 0.01 ms. */
export function summary(values) {
  const r = (x) => Math.round(x * 100) / 100;
  return { n: values.length, median: r(median(values)), p95: r(p95(values)), min: r(Math.min(...values)), max: r(Math.max(...values)) };
}

/**
 * CPU time of the calling (main) thread in ms, on Linux from /proc/thread-self/schedstat: neither the
 * waiting for a CPU on a busy machine nor V8's background GC threads count. The kernel updates it at
 * scheduler ticks (about 4 ms), so it is used for runs of 100 ms and more. Elsewhere: process CPU.
 */
export const threadCpuMs = (() => {
  const SCHEDSTAT = "/proc/thread-self/schedstat";
  try {
    if (Number.isFinite(Number(readFileSync(SCHEDSTAT, "utf8").split(" ")[0]))) {
      return () => Number(readFileSync(SCHEDSTAT, "utf8").split(" ")[0]) / 1e6;
    }
  } catch {
    // not Linux
  }
  return processCpuMs;
})();

/** CPU time of the whole process (user + system, every thread), microsecond resolution. */
export function processCpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** A short run (an edit, one file): wall-clock time and process CPU time, in ms. */
export function timed(fn) {
  const cpu0 = processCpuMs();
  const t0 = performance.now();
  const value = fn();
  const wall = performance.now() - t0;
  return { wall, cpu: processCpuMs() - cpu0, value };
}

/** A long run (a whole workspace, 100 ms and more): wall-clock time and main-thread CPU time, in ms. */
export function timedLong(fn) {
  const cpu0 = threadCpuMs();
  const t0 = performance.now();
  const value = fn();
  const wall = performance.now() - t0;
  return { wall, cpu: threadCpuMs() - cpu0, value };
}

export function gc(settleMs = 30) {
  if (typeof globalThis.gc === "function") {
    globalThis.gc();
    globalThis.gc();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, settleMs);
  }
}
