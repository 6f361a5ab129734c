// Small statistics and timing helpers shared by the benchmark scripts.

import { readFileSync } from "node:fs";
import { loadavg } from "node:os";

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

/**
 * Target and baseline measured as alternating pairs (A B A B …): the per-pair ratios, their median
 * and their spread (min–max). Drift on a shared machine hits both halves of a pair alike and cancels.
 */
export function pairRatios(target, baseline) {
  const ratios = target.map((t, i) => t / baseline[i]).filter(Number.isFinite);
  const r = (x) => Math.round(x * 1000) / 1000;
  return { n: ratios.length, median: r(median(ratios)), min: r(Math.min(...ratios)), max: r(Math.max(...ratios)), ratios: ratios.map(r) };
}

/**
 * The spread of a quantile: the samples dealt round-robin into up to three blocks, the quantile of
 * each block, their min–max (one block, so no spread, under six samples).
 */
export function quantileSpread(values, q) {
  const blocks = values.length >= 6 ? 3 : 1;
  const parts = Array.from({ length: blocks }, (_, b) => values.filter((_, i) => i % blocks === b));
  const qs = parts.map((p) => quantile(p, q));
  const r = (x) => Math.round(x * 100) / 100;
  return { n: values.length, blocks, min: r(Math.min(...qs)), max: r(Math.max(...qs)) };
}

/** The 1-minute load average now, rounded (printed beside every target). */
export function loadNow() {
  return Math.round(loadavg()[0] * 100) / 100;
}
