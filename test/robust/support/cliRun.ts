// Runs the built CLI (dist/cli.js) as a user would, with a hard time limit, for the robustness tests;
// or, for a case with nothing that could hang (no device, FIFO, huge file or loop to walk) and nothing
// that needs the process itself, the same bundle inside the test process (`runCliInProcess`).
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mcpCaps } from "../../helpers/builtCliInProcess";
import { CLI } from "../../helpers/tempProject";

export interface Run {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  readonly timedOut: boolean;
}

export const STACK = /\n\s+at .+[:(]/;

export function runCli(cwd: string, args: readonly string[], options: { timeoutMs?: number } = {}): Run {
  const started = performance.now();
  const r: SpawnSyncReturns<string> = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: "utf8",
    timeout: options.timeoutMs ?? 60_000,
    killSignal: "SIGKILL",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT" || r.signal === "SIGKILL";
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? "", stderr: r.stderr ?? "", ms: performance.now() - started, timedOut };
}

/** The bundle's entry run in this process (a second of start-up less than `runCli`), with no time limit. */
export function runCliInProcess(cwd: string, args: readonly string[]): Run {
  const started = performance.now();
  const r = mcpCaps(cwd, ...args);
  return { ...r, signal: null, ms: performance.now() - started, timedOut: false };
}

/** Exit 2 with exactly one line on stderr matching `message`, and no stack trace. */
export function assertOneLineError(r: Run, message: RegExp, what: string): void {
  assert.ok(!r.timedOut, `${what}: no answer within the time limit (killed after ${Math.round(r.ms / 1000)} s)`);
  assert.equal(r.status, 2, `${what}: exit ${r.status}; stderr: ${r.stderr.slice(0, 500)}`);
  assert.match(r.stderr, message, what);
  assert.equal(r.stderr.trimEnd().split("\n").length, 1, `${what}: one line on stderr, got:\n${r.stderr.slice(0, 800)}`);
  assert.doesNotMatch(r.stderr, STACK, `${what}: no stack trace`);
}

/** Characters a terminal acts on: C0 (but the line feed), DEL, C1, bidi controls, U+2028/U+2029. */
export const TERMINAL_CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** No character of the output would act on a terminal (the report was asked for without colour). */
export function assertTerminalClean(text: string, what: string): void {
  const m = TERMINAL_CONTROLS.exec(text);
  if (m) {
    const around = JSON.stringify(text.slice(Math.max(0, m.index - 60), m.index + 20));
    assert.fail(`${what}: a raw U+${m[0].charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()} reaches the terminal: ${around}`);
  }
}
