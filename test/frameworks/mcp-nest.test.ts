// The MCP-Nest dialect against the real framework: every fixture of test/fixtures/mcp-nest is started
// with @rekog/mcp-nest (one child process for all, mcp-nest-worker.ts) and asked `initialize`
// (2025-11-25) and `server/discover` (2026-07-28); the analysis (one in-process CLI run over the
// fixtures) must predict both answers, say `exact` as meta.json expects (and leave unknown exactly the
// keys its `unknown` lists, when it has one), and report exactly the diagnostics the sources mark with
// `// expect: <code>`. The 1.x fixtures (test/fixtures/mcp-nest/v1) run the same way with 1.9.11,
// installed apart (the last suite).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { runCli } from "../../server/src/cli/main";
import { runCommand } from "../helpers/runCommand";

const REPO = resolve(__dirname, "..", "..");
const FIXTURES = join(REPO, "test", "fixtures", "mcp-nest");
const WORKER = join(__dirname, "mcp-nest-worker.ts");
/** MCP-Nest 1.x fixtures, started with 1.x installed apart (the suite at the end). */
const V1 = join(FIXTURES, "v1");
/** The whole real-framework run (a loaded 2-core box takes ~15 s). */
const WORKER_TIMEOUT_MS = 50_000;

type Caps = Record<string, unknown> | null;
interface Real {
  legacy: Caps;
  modern: Caps;
  errors?: string[];
  failed?: string;
}
interface ReportServer {
  file: string;
  dialect: string;
  name: string;
  frameworkVersion?: string;
  exact: boolean;
  legacy: Caps;
  modern: Caps;
  unknown: { path: string[]; reason: string }[];
  startupThrows?: { code: string };
}
interface Report {
  servers: ReportServer[];
  diagnostics: { code: string; file: string; line: number; message: string; severity: string }[];
}

const fixtures = readdirSync(FIXTURES)
  .filter((n) => /^\d\d-/.test(n) && statSync(join(FIXTURES, n)).isDirectory())
  .sort();

function markers(dir: string): string[] {
  const out: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts")).sort()) {
    readFileSync(join(dir, file), "utf8").split("\n").forEach((text, i) => {
      const m = /\/\/ expect: ([a-z0-9-, ]+)$/.exec(text);
      if (m) for (const code of m[1]!.split(",").map((s) => s.trim())) out.push(`${file}:${i + 1}:${code}`);
    });
  }
  return out.sort();
}

/**
 * An inexact prediction agrees when every key it states matches, and every key it lacks is under an
 * `unknown` path of this era. An era whose whole is unknown (whether it is served) agrees with either.
 */
function agrees(era: "legacy" | "modern", predicted: Caps, real: Caps, unknown: { path: string[]; era?: string }[]): string[] {
  const ofEra = unknown.filter((u) => u.era === undefined || u.era === era);
  if (predicted === null || real === null) {
    const served = ofEra.some((u) => u.path.length === 0 && u.era === era && /whether this era is served/.test((u as { reason?: string }).reason ?? ""));
    return predicted === real || served ? [] : [`era: predicted ${JSON.stringify(predicted)}, real ${JSON.stringify(real)}`];
  }
  const problems: string[] = [];
  const covered = (key: string) => ofEra.some((u) => u.path.length === 0 || u.path[0] === key);
  for (const [k, v] of Object.entries(predicted)) if (!isDeepStrictEqual(v, real[k])) problems.push(`${k}: predicted ${JSON.stringify(v)}, real ${JSON.stringify(real[k])}`);
  for (const k of Object.keys(real)) if (!(k in predicted) && !covered(k)) problems.push(`${k}: real ${JSON.stringify(real[k])}, neither predicted nor unknown`);
  return problems;
}

/** Runs a worker script under tsx with the fixtures' tsconfig (decorators), killed past the time limit. */
function runScript(script: string, args: string[], tsconfig: string, label: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: REPO,
      env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), WORKER_TIMEOUT_MS);
    child.on("close", (status) => {
      clearTimeout(timer);
      if (status === 0) resolvePromise();
      else reject(new Error(`the ${label} worker exited with ${status}: ${stderr}`));
    });
  });
}

function runWorker(out: string): Promise<void> {
  return runScript(WORKER, [...fixtures.map((f) => join(FIXTURES, f)), out], join(FIXTURES, "tsconfig.json"), "MCP-Nest");
}

describe("MCP-Nest dialect against @rekog/mcp-nest", { timeout: 90_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "mcp-nest-diff-"));
  let real: Record<string, Real> = {};
  let report: Report;

  before(async () => {
    const out = join(scratch, "real.json");
    const worker = runWorker(out);
    let json = "";
    const io = { cwd: REPO, stdout: (t: string) => (json += t), stderr: () => {}, isTty: false, env: {} };
    runCli(["--json", "test/fixtures/mcp-nest"], io);
    report = JSON.parse(json) as Report;
    await worker;
    real = JSON.parse(readFileSync(out, "utf8")) as Record<string, Real>;
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it("has at least 20 fixtures", () => assert.ok(fixtures.length >= 20, `${fixtures.length} fixtures`));

  for (const name of fixtures) {
    it(name, () => {
      const dir = join(FIXTURES, name);
      // `fails`: the application must fail to start, with this in its error; the prediction then says nothing is served, and why.
      const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as { exact: boolean; unknown?: string[]; fails?: string };
      const got = real[dir];
      if (meta.fails !== undefined) assert.ok(got?.failed?.includes(meta.fails), `the real framework should fail with "${meta.fails}": ${JSON.stringify(got)}`);
      else assert.ok(got && !got.failed, `the real framework did not run the fixture: ${got?.failed}`);
      const servers = report.servers.filter((s) => s.file.startsWith(`test/fixtures/mcp-nest/${name}/`));
      assert.equal(servers.length, 1, `servers found: ${servers.length}`);
      const server = servers[0]!;
      assert.equal(server.dialect, "mcp-nest");
      assert.equal(server.frameworkVersion, "2.0.5");
      assert.equal(server.exact, meta.exact, `exact; unknown: ${JSON.stringify(server.unknown)}`);
      if (meta.fails !== undefined) {
        assert.equal(server.legacy, null, "legacy: not served");
        assert.equal(server.modern, null, "modern: not served");
        assert.ok(server.startupThrows, "the start-up failure is said");
      }
      // Which keys an approximate prediction leaves unknown, when meta.json says (no more than needed).
      if (meta.unknown) assert.deepEqual([...new Set(server.unknown.map((u) => u.path[0] ?? ""))].sort(), [...meta.unknown].sort(), "unknown keys");
      if (meta.fails !== undefined) {
        // Nothing to compare: the real application never answered.
      } else if (meta.exact) {
        assert.deepEqual(server.legacy, got.legacy, "legacy (initialize)");
        assert.deepEqual(server.modern, got.modern, "modern (server/discover)");
      } else {
        assert.deepEqual(agrees("legacy", server.legacy, got.legacy, server.unknown), [], "legacy (initialize)");
        assert.deepEqual(agrees("modern", server.modern, got.modern, server.unknown), [], "modern (server/discover)");
      }
      const diagnostics = report.diagnostics
        .filter((d) => d.file.startsWith(`test/fixtures/mcp-nest/${name}/`))
        .map((d) => `${d.file.slice(`test/fixtures/mcp-nest/${name}/`.length)}:${d.line}:${d.code}`)
        .sort();
      assert.deepEqual(diagnostics, markers(dir));
    });
  }

});

// MCP-Nest 1.x (`McpModule.forRoot`): 1.9.11 is installed from its committed lock into .tmp, each
// fixture of test/fixtures/mcp-nest/v1 is copied beside that install (so its imports find 1.x), started
// there by mcp-nest-v1-worker.ts, and the analysis of the copies (the install's node_modules in the
// analysed folder, as in a user's project) must agree with what it answered.
const V1_RELEASE = "1.9.11";
const V1_DIR = join(REPO, ".tmp", "mcp-nest-releases", V1_RELEASE);
const V1_WORKER = join(__dirname, "mcp-nest-v1-worker.ts");
const V1_INSTALL_LIMIT_MS = 180_000;
const v1Fixtures = readdirSync(V1).filter((n) => /^\d\d-/.test(n)).sort();

/** The 1.x install, made from the committed lock file unless that install is there already. */
async function installV1(): Promise<void> {
  const source = join(__dirname, "mcp-nest", "releases", V1_RELEASE);
  const lock = readFileSync(join(source, "package-lock.json"), "utf8");
  const stamp = join(V1_DIR, "node_modules", ".installed-lock.json");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === lock) return;
  rmSync(V1_DIR, { recursive: true, force: true });
  mkdirSync(V1_DIR, { recursive: true });
  for (const f of ["package.json", "package-lock.json"]) cpSync(join(source, f), join(V1_DIR, f));
  await runCommand("npm", ["ci", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], V1_DIR, V1_INSTALL_LIMIT_MS);
  writeFileSync(stamp, lock);
}

function runV1Worker(dirs: string[], out: string): Promise<void> {
  return runScript(V1_WORKER, [V1_DIR, ...dirs, out], join(V1_DIR, "fixtures", "tsconfig.json"), "MCP-Nest 1.x");
}

describe(`MCP-Nest 1.x dialect against @rekog/mcp-nest ${V1_RELEASE}`, { timeout: 300_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "mcp-nest-v1-"));
  const copies = join(V1_DIR, "fixtures");
  let real: Record<string, Real> = {};
  let report: Report;

  before(async () => {
    await installV1();
    rmSync(copies, { recursive: true, force: true });
    mkdirSync(copies, { recursive: true });
    cpSync(join(FIXTURES, "tsconfig.json"), join(copies, "tsconfig.json"));
    for (const name of v1Fixtures) cpSync(join(V1, name), join(copies, name), { recursive: true });
    const out = join(scratch, "real.json");
    const worker = runV1Worker(v1Fixtures.map((n) => join(copies, n)), out);
    let json = "";
    const io = { cwd: REPO, stdout: (t: string) => (json += t), stderr: () => {}, isTty: false, env: {} };
    runCli(["--json", relative(REPO, V1_DIR)], io);
    report = JSON.parse(json) as Report;
    await worker;
    real = JSON.parse(readFileSync(out, "utf8")) as Record<string, Real>;
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  for (const name of v1Fixtures) {
    it(name, () => {
      // `fails`: the application fails to start (the error's pattern); `server`: the one served over stdio, by name, when there are several.
      const meta = JSON.parse(readFileSync(join(V1, name, "meta.json"), "utf8")) as { exact: boolean; fails?: string; server?: string };
      const got = real[join(copies, name)];
      const prefix = `${relative(REPO, copies)}/${name}/`;
      const servers = report.servers.filter((s) => s.file.startsWith(prefix) && (meta.server === undefined || s.name === meta.server));
      assert.equal(servers.length, 1, `servers found: ${servers.length}`);
      const server = servers[0]!;
      if (meta.fails !== undefined) {
        assert.match(got?.failed ?? "", new RegExp(meta.fails), "the application fails to start");
        // Never claimed: the prediction says the server may not start.
        assert.equal(server.exact, false);
        assert.ok(server.unknown.some((u) => u.path.length === 0 && /may not start/.test(u.reason)), JSON.stringify(server.unknown));
        return;
      }
      assert.ok(got && !got.failed, `the real framework did not run the fixture: ${got?.failed}`);
      assert.equal(server.dialect, "mcp-nest");
      assert.equal(server.frameworkVersion, V1_RELEASE);
      assert.equal(server.exact, meta.exact, `exact; unknown: ${JSON.stringify(server.unknown)}`);
      if (meta.fails !== undefined) {
        // Nothing to compare: the real application never answered.
      } else if (meta.exact) {
        assert.deepEqual(server.legacy, got.legacy, "legacy (initialize)");
        assert.deepEqual(server.modern, got.modern, "modern (server/discover)");
      } else {
        assert.deepEqual(agrees("legacy", server.legacy, got.legacy, server.unknown), [], "legacy (initialize)");
        assert.deepEqual(agrees("modern", server.modern, got.modern, server.unknown), [], "modern (server/discover)");
      }
      const diagnostics = report.diagnostics.filter((d) => d.file.startsWith(prefix)).map((d) => `${d.file.slice(prefix.length)}:${d.line}:${d.code}`).sort();
      assert.deepEqual(diagnostics, markers(join(V1, name)));
    });
  }
});
