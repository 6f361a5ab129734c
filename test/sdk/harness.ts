// Shared pieces of the SDK-dialect differential test: the fixture catalogue (test/fixtures/sdk),
// meta.json, the diagnostic catalogue, the report types and the comparison rules (the CLI runs: cliRuns.ts).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";

export const REPO = resolve(__dirname, "..", "..");
export const FIXTURES = join(REPO, "test", "fixtures", "sdk");
export const CLI = join(REPO, "dist", "cli.js");

/** How many fixtures are checked at once (the oracle self-check waits on its oracle processes). */
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
  "sdk-handler-conflict": "a request handler set by hand on McpServer's inner server before McpServer's first registration of that primitive: throws \"A request handler for X already exists\"",
  "sdk-register-after-connect":
    "register*/registerCapabilities after connect() that needs a new capability: throws \"Cannot register capabilities after connecting to transport\"",
  "sdk-duplicate-registration": "a tool, prompt or resource template registered twice under one name (a plain resource: one URI) on a server: throws \"Tool X is already registered\"",
  "sdk-completable-reused":
    "completable() on a schema object already made completable (1.23.0+ and v2 mark the schema itself): throws \"Cannot redefine property: Symbol(mcp.completable)\"",
  "sdk-tool-schema-rejected":
    "v1 1.28+: a registerTool inputSchema/outputSchema that is not Zod (JSON Schema), or tool() given z.object()/a JSON Schema where a raw shape goes; v2: a JSON Schema or Zod 3 raw shape in registerTool/registerPrompt: throws at registration",
  "sdk-uri-template-invalid": "new ResourceTemplate with a URI template whose { no } closes: throws \"Unclosed template expression\" as it is made",
  "sdk-revision-keys": "a key the era's revision does not define (extensions on initialize, tasks on server/discover): sent anyway (or silently dropped)",
  "sdk-extension-id": "an extensions id that breaks the naming rules (not vendor-prefix/name, or an unknown id under the reserved io.modelcontextprotocol/ prefix): sent as-is",
  "sdk-tasks-legacy-shape":
    "the 2025-11-25 tasks capability: v1 serves it with a taskStore; v2 serves no tasks/* and drops it from server/discover; 2026-07-28 uses the tasks extension",
  "sdk-connect-per-request": "connect() of one server in a handler an HTTP route or listener runs per request: from the second request on the SDK (v1 1.26.0+, v2) throws \"Already connected to a transport\"",
  "sdk-factory-shared-instance": "v2: createMcpHandler given a factory that returns one server made at start-up: after a server/discover, initialize answers -32601; a request while another is served gets HTTP 500 (\"The factory returned an instance that is still serving another request\")",
  "sdk-stateless-transport-reused": "one stateless Streamable HTTP transport (no sessionIdGenerator) handed every request by a route's handler: from the second request on the SDK (v1 1.26.0+, v2) throws \"Stateless transport cannot be reused across requests\"",
  "sdk-method-missing": "a McpServer method the loaded SDK does not have (v1's tool()/prompt()/resource() on v2; registerTool before 1.11.4, registerPrompt/registerResource before 1.13.0): a TypeError \"server.tool is not a function\" where it runs",
  "sdk-startup-rejected": "a notification sent before connect() (\"Not connected\"), or a second connect() (\"Already connected to a transport\"), whose rejection nothing takes: the program stops",
  "sdk-guard-always-throws": "a throw under a test of the server the SDK major decides: `if (!(server instanceof McpServer)) throw` with the other major's class (a v1 object is never an instance of v2's class, nor the reverse): the module or the factory throws",
  "sdk-set-handler-refused": "v2: setRequestHandler given a request schema (a v1 habit: ListToolsRequestSchema) or a method outside the protocol without its schemas: throws a TypeError \"… is not a spec request method\" where it runs; setNotificationHandler given a notification schema (RootsListChangedNotificationSchema): \"… is not a spec notification method\"",
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
  /** Code written for both SDKs: the fixture also imports the other major's package (a class to test the server against). */
  alsoImports?: "v1" | "v2";
  /** How the oracle drives it (see oracle.mjs): server | start | handler | stdio. */
  entry: "server" | "start" | "handler" | "stdio";
  /** false, or a substring of the error the real SDK throws. */
  throws: false | string;
  diagnostics: ExpectedDiagnostic[];
  description: string;
  /** true (default): the prediction must be exact; false: must be inexact; "any": either. */
  exact?: boolean | "any";
  /**
   * With `throws` and `exact: false`: the prediction must say so, with an `unknown` part at the top
   * level whose reason starts "the server may not start" (a throw the analysis sees but cannot call certain).
   */
  mayNotStart?: true;
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
    .filter((name) => /^\d{2,}-/.test(name) && statSync(join(FIXTURES, name)).isDirectory())
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
  // A project's own JavaScript (allowJs) is source too.
  const files = readdirSync(dir).filter((f) => /\.(?:[cm]?[jt]s|tsx)$/.test(f) && !/\.d\.[cm]?ts$/.test(f)).sort();
  for (const file of files) {
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
// the CLI report

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

/** `{"$dynamic": "<source>"}`: a value the prediction could not evaluate (the report shape before `unknown`). */
export function isDynamicValue(v: unknown): boolean {
  return isPlainObject(v) && Object.keys(v).length === 1 && "$dynamic" in v;
}

/** One entry of a server's `unknown` list (the CLI contract): a part of the capabilities the analysis cannot know. */
export interface UnknownPart {
  /** Where it sits in the era object ([] = the top level). */
  path: string[];
  source?: string;
  /** true: the object at `path` may hold more keys than listed; absent: the value at `path` is not known (and not listed). */
  spread?: true;
  reason: string;
  file?: string;
  line?: number;
  /** The era it concerns; absent: both. */
  era?: "legacy" | "modern";
}

/** Does any object under these capabilities hold a `"$dynamic"` key? */
export function hasDynamicKey(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasDynamicKey);
  if (!isPlainObject(v)) return false;
  return "$dynamic" in v || Object.values(v).some(hasDynamicKey);
}

/**
 * The check for an inexact prediction (`exact: false`): every key path the prediction states must
 * agree with the real capabilities. Both ways of saying what is not known are understood: the
 * `"$dynamic"` markers inside the era objects, and the server's `unknown` list (the entries of
 * this `era`, or of both).
 *
 * - a path listed as unknown (not `spread`), and a `{"$dynamic": ...}` value, claim nothing: not compared;
 * - a primitive or array must equal the real value at that path;
 * - an object must be an object in reality, and each of its keys (other than `"$dynamic"`) must agree;
 * - an object must also list every key the real object has (nothing missing), unless it may hold
 *   more than it lists: it has a `"$dynamic"` entry or a `spread` unknown at its path, or an
 *   ancestor has one; a real key whose path is listed as unknown is not missing either.
 * Returns the list of disagreements (empty = agreement).
 */
export function partialAgreement(pred: unknown, real: unknown, unknown: readonly UnknownPart[] = [], era?: "legacy" | "modern"): string[] {
  const mine = unknown.filter((u) => u.era === undefined || era === undefined || u.era === era);
  const notKnown = new Set(mine.filter((u) => u.spread !== true).map((u) => pathKey(u.path)));
  const mayHoldMore = new Set(mine.filter((u) => u.spread === true).map((u) => pathKey(u.path)));
  return agreement(pred, real, [], false, notKnown, mayHoldMore);
}

const pathKey = (path: readonly string[]) => JSON.stringify(path);

function agreement(pred: unknown, real: unknown, path: string[], underSpread: boolean, notKnown: Set<string>, mayHoldMore: Set<string>): string[] {
  const at = path.length ? path.join(".") : "(root)";
  if (notKnown.has(pathKey(path)) || isDynamicValue(pred)) return [];
  if (!isPlainObject(pred)) {
    return isDeepStrictEqual(pred, real) ? [] : [`${at}: predicted ${JSON.stringify(pred)}, real ${JSON.stringify(real)}`];
  }
  if (!isPlainObject(real)) return [`${at}: predicted an object, real ${JSON.stringify(real)}`];
  const open = underSpread || "$dynamic" in pred || mayHoldMore.has(pathKey(path));
  const problems: string[] = [];
  for (const [k, v] of Object.entries(pred)) {
    if (k === "$dynamic") continue;
    problems.push(...agreement(v, real[k], [...path, k], open, notKnown, mayHoldMore));
  }
  if (!open) {
    for (const k of Object.keys(real)) {
      if (!(k in pred) && !notKnown.has(pathKey([...path, k]))) problems.push(`${[...path, k].join(".")}: real has it, the prediction does not`);
    }
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
