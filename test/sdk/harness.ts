// Shared pieces of the SDK-dialect differential test: the fixture catalogue (test/fixtures/sdk),
// meta.json, the diagnostic catalogue, the CLI runner and the comparison rules.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";

export const REPO = resolve(__dirname, "..", "..");
export const FIXTURES = join(REPO, "test", "fixtures", "sdk");
export const CLI = join(REPO, "dist", "cli.js");

/** How many fixtures run at once (each oracle/CLI run is a child process). */
// Each fixture mostly waits on a child process: more runs than cores keep both cores busy.
export const CONCURRENCY = Math.max(1, Number(process.env.SDK_TEST_CONCURRENCY ?? 4) || 4);

/** The diagnostics of the SDK dialect, with what the real SDK does at run time. */
export const DIAGNOSTICS = {
  "sdk-handler-undeclared":
    "a request handler registered without its capability: guarded methods throw at registration (\"Server does not support X (required for Y)\"); resources/subscribe|unsubscribe are accepted silently but clients never use them",
  "sdk-handler-missing": "a capability is advertised but nothing answers its requests: clients get -32601 Method not found",
  "sdk-notification-flag":
    "send*ListChanged()/sendResourceUpdated() without listChanged/subscribe: the SDK only checks the top-level key and sends it; conformant clients ignore it",
  "sdk-logging-dropped":
    "logging without the logging capability: sendLoggingMessage silently does nothing; a raw notifications/message throws when sent",
  "sdk-logging-setlevel": "v1: logging added by registerCapabilities after construction: advertised, but logging/setLevel answers -32601",
  "sdk-completable-optional":
    "completable(z.string().optional(), cb): the marker hides inside the optional, no completions are advertised and completion/complete answers -32601",
  "sdk-register-after-connect":
    "register*/registerCapabilities after connect() that needs a new capability: throws \"Cannot register capabilities after connecting to transport\"",
  "sdk-revision-keys": "a key the era's revision does not define (extensions on initialize, tasks on server/discover): sent anyway (or silently dropped)",
  "sdk-extension-id": "an experimental/extensions id that breaks the naming rules (not vendor-prefix/name, or an unknown id under the reserved io.modelcontextprotocol/ prefix): sent as-is",
  "sdk-tasks-legacy-shape":
    "the 2025-11-25 tasks capability: v1 serves it with a taskStore; v2 serves no tasks/* and drops it from server/discover; 2026-07-28 uses the tasks extension",
  "sdk-nonspec-key": "unknown sub-keys inside tools/resources/prompts (e.g. a per-tool map): sent verbatim by both SDKs, meaningless to clients",
} as const;
export type DiagnosticCode = keyof typeof DIAGNOSTICS;

export type Caps = Record<string, unknown>;

export interface ExpectedDiagnostic {
  code: DiagnosticCode;
  line: number;
  /** Relative to the fixture directory; "server.ts" when absent. */
  file?: string;
  /** Only set where the expectation is firm: the diagnostic of a runtime throw is an error. */
  severity?: "error" | "warning" | "information" | "hint";
}

export interface FixtureMeta {
  sdk: "v1" | "v2";
  /** How the oracle drives it (see oracle.mjs): server | start | handler | stdio. */
  entry: "server" | "start" | "handler" | "stdio";
  /** false, or a substring of the error the real SDK throws. */
  throws: false | string;
  diagnostics: ExpectedDiagnostic[];
  description: string;
  /** true (default): the prediction must be exact; false: must be inexact; "any": either. */
  exact?: boolean | "any";
  /** Codes that may additionally appear (at any line) without failing the "no unexpected" check. */
  tolerate?: string[];
  /** What the real SDK advertises, written by hand; oracle.test.ts checks the fixture against it. */
  expectedReal: { legacy: Caps | null; modern: Caps | null };
  /** Selected handler probes (see oracle.mjs PROBES): "ok" or the JSON-RPC error code. */
  expectedProbes?: { legacy?: Record<string, string | number>; modern?: Record<string, string | number> };
}

export interface Fixture {
  name: string;
  dir: string;
  meta: FixtureMeta;
}

export function listFixtures(): Fixture[] {
  const only = (process.env.SDK_FIXTURES ?? "").split(",").filter(Boolean);
  return readdirSync(FIXTURES)
    .filter((name) => /^\d\d-/.test(name) && statSync(join(FIXTURES, name)).isDirectory())
    .filter((name) => only.length === 0 || only.some((o) => name.startsWith(o)))
    .sort()
    .map((name) => ({
      name,
      dir: join(FIXTURES, name),
      meta: JSON.parse(readFileSync(join(FIXTURES, name, "meta.json"), "utf8")) as FixtureMeta,
    }));
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /\.(ts|mts|cts|tsx)$/.test(f))
    .sort();
}

/** `// expect: code[, code]` markers at the end of source lines, as {code, file, line}. */
export function markers(dir: string): Array<{ code: string; file: string; line: number }> {
  const out: Array<{ code: string; file: string; line: number }> = [];
  for (const file of sourceFiles(dir)) {
    readFileSync(join(dir, file), "utf8")
      .split("\n")
      .forEach((text, i) => {
        const m = /\/\/ expect: ([a-z0-9-, ]+)$/.exec(text);
        if (!m) return;
        for (const code of m[1]!.split(",").map((s) => s.trim()).filter(Boolean)) out.push({ code, file, line: i + 1 });
      });
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// the CLI side

export interface ReportDiagnostic {
  code: string;
  file: string;
  line: number;
  column: number;
  severity: string;
  message: string;
}

export interface ReportServer {
  name: string;
  file: string;
  line: number;
  dialect: string;
  exact: boolean;
  legacy: Caps | null;
  modern: Caps | null;
  [k: string]: unknown;
}

export interface Report {
  servers: ReportServer[];
  diagnostics: ReportDiagnostic[];
  [k: string]: unknown;
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  report?: Report;
  parseError?: string;
}

/** `node dist/cli.js --json .` with the fixture directory as the working directory. */
export function runCli(dir: string, timeoutMs = 120000): Promise<CliRun> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [CLI, "--json", "."], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      stderr += `\n(killed after ${timeoutMs} ms)`;
    }, timeoutMs);
    child.on("close", (status) => {
      clearTimeout(timer);
      const run: CliRun = { status, stdout, stderr };
      try {
        run.report = JSON.parse(stdout) as Report;
      } catch (e) {
        run.parseError = e instanceof Error ? e.message : String(e);
      }
      resolvePromise(run);
    });
  });
}

/** Newest modification time under a folder (to warn when dist/cli.js is older than server/src). */
export function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

// ------------------------------------------------------------------------------------------------
// comparison rules

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `{"$dynamic": "<source>"}`: a value the prediction could not evaluate. */
export function isDynamicValue(v: unknown): boolean {
  return isPlainObject(v) && Object.keys(v).length === 1 && "$dynamic" in v;
}

/**
 * The check for an inexact prediction (`exact: false`): every key path the prediction states, outside
 * `$dynamic`, must agree with the real capabilities.
 *
 * - a `{"$dynamic": ...}` value claims nothing;
 * - a primitive or array must equal the real value at that path;
 * - an object must be an object in reality, and each of its keys (other than `"$dynamic"`) must agree;
 * - an object WITHOUT a `"$dynamic"` entry, with no ancestor that has one, must also list every key
 *   the real object has (nothing missing); below a dynamic spread the real object may have more.
 * Returns the list of disagreements (empty = agreement).
 */
export function partialAgreement(pred: unknown, real: unknown, path: string[] = [], underDynamic = false): string[] {
  const at = path.length ? path.join(".") : "(root)";
  if (isDynamicValue(pred)) return [];
  if (!isPlainObject(pred)) {
    return isDeepStrictEqual(pred, real) ? [] : [`${at}: predicted ${JSON.stringify(pred)}, real ${JSON.stringify(real)}`];
  }
  if (!isPlainObject(real)) return [`${at}: predicted an object, real ${JSON.stringify(real)}`];
  const dyn = underDynamic || "$dynamic" in pred;
  const problems: string[] = [];
  for (const [k, v] of Object.entries(pred)) {
    if (k === "$dynamic") continue;
    problems.push(...partialAgreement(v, real[k], [...path, k], dyn));
  }
  if (!dyn) {
    for (const k of Object.keys(real)) if (!(k in pred)) problems.push(`${[...path, k].join(".")}: real has it, the prediction does not`);
  }
  return problems;
}

/** Does a report diagnostic satisfy an expected one (code, file, line)? */
export function matches(d: ReportDiagnostic, e: ExpectedDiagnostic): boolean {
  return d.code === e.code && d.line === e.line && normalizeFile(d.file) === (e.file ?? "server.ts");
}

function normalizeFile(f: string): string {
  return f.replace(/\\/g, "/").replace(/^\.\//, "");
}

/** Runs async jobs with at most `limit` in flight; results in input order. */
export async function pool<T, R>(items: T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await job(items[i]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
