// The MCP-Nest dialect against the real framework: every fixture of test/fixtures/mcp-nest is started
// with @rekog/mcp-nest (one child process for all, mcp-nest-worker.ts) and asked `initialize`
// (2025-11-25) and `server/discover` (2026-07-28); the analysis (one in-process CLI run over the
// fixtures) must predict both answers, say `exact` as meta.json expects (and leave unknown exactly the
// keys its `unknown` lists, when it has one), and report exactly the diagnostics the sources mark with
// `// expect: <code>`.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { runCli } from "../../server/src/cli/main";

const REPO = resolve(__dirname, "..", "..");
const FIXTURES = join(REPO, "test", "fixtures", "mcp-nest");
const WORKER = join(__dirname, "mcp-nest-worker.ts");
/** MCP-Nest 1.x fixtures, which the real-framework loop does not start (2.x is installed). */
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
  frameworkVersion?: string;
  exact: boolean;
  legacy: Caps;
  modern: Caps;
  unknown: { path: string[]; reason: string }[];
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

/** An inexact prediction agrees when every key it states matches, and every key it lacks is under an `unknown` path. */
function agrees(predicted: Caps, real: Caps, unknown: { path: string[] }[]): string[] {
  if (predicted === null || real === null) return predicted === real ? [] : [`era: predicted ${JSON.stringify(predicted)}, real ${JSON.stringify(real)}`];
  const problems: string[] = [];
  const covered = (key: string) => unknown.some((u) => u.path.length === 0 || u.path[0] === key);
  for (const [k, v] of Object.entries(predicted)) if (!isDeepStrictEqual(v, real[k])) problems.push(`${k}: predicted ${JSON.stringify(v)}, real ${JSON.stringify(real[k])}`);
  for (const k of Object.keys(real)) if (!(k in predicted) && !covered(k)) problems.push(`${k}: real ${JSON.stringify(real[k])}, neither predicted nor unknown`);
  return problems;
}

function runWorker(out: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", WORKER, ...fixtures.map((f) => join(FIXTURES, f)), out], {
      cwd: REPO,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(FIXTURES, "tsconfig.json") },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), WORKER_TIMEOUT_MS);
    child.on("close", (status) => {
      clearTimeout(timer);
      if (status === 0) resolvePromise();
      else reject(new Error(`the MCP-Nest worker exited with ${status}: ${stderr}`));
    });
  });
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
      const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as { exact: boolean; unknown?: string[] };
      const got = real[dir];
      assert.ok(got && !got.failed, `the real framework did not run the fixture: ${got?.failed}`);
      const servers = report.servers.filter((s) => s.file.startsWith(`test/fixtures/mcp-nest/${name}/`));
      assert.equal(servers.length, 1, `servers found: ${servers.length}`);
      const server = servers[0]!;
      assert.equal(server.dialect, "mcp-nest");
      assert.equal(server.frameworkVersion, "2.0.5");
      assert.equal(server.exact, meta.exact, `exact; unknown: ${JSON.stringify(server.unknown)}`);
      // Which keys an approximate prediction leaves unknown, when meta.json says (no more than needed).
      if (meta.unknown) assert.deepEqual([...new Set(server.unknown.map((u) => u.path[0] ?? ""))].sort(), [...meta.unknown].sort(), "unknown keys");
      if (meta.exact) {
        assert.deepEqual(server.legacy, got.legacy, "legacy (initialize)");
        assert.deepEqual(server.modern, got.modern, "modern (server/discover)");
      } else {
        assert.deepEqual(agrees(server.legacy, got.legacy, server.unknown), [], "legacy (initialize)");
        assert.deepEqual(agrees(server.modern, got.modern, server.unknown), [], "modern (server/discover)");
      }
      const diagnostics = report.diagnostics
        .filter((d) => d.file.startsWith(`test/fixtures/mcp-nest/${name}/`))
        .map((d) => `${d.file.slice(`test/fixtures/mcp-nest/${name}/`.length)}:${d.line}:${d.code}`)
        .sort();
      assert.deepEqual(diagnostics, markers(dir));
    });
  }

  // MCP-Nest 1.x (`McpModule.forRoot`) is not analysed: no server, and a diagnostic that says so at
  // each call rather than a bare "No MCP servers found" (trial81 N15, N16).
  for (const name of readdirSync(V1).filter((n) => /^\d\d-/.test(n)).sort()) {
    it(`1.x: ${name} is said not analysed, not guessed`, () => {
      const prefix = `test/fixtures/mcp-nest/v1/${name}/`;
      assert.deepEqual(report.servers.filter((s) => s.file.startsWith(prefix)), [], "no server is predicted");
      const found = report.diagnostics.filter((d) => d.file.startsWith(prefix));
      assert.deepEqual(found.map((d) => `${d.file.slice(prefix.length)}:${d.line}:${d.code}`).sort(), markers(join(V1, name)));
      for (const d of found) assert.equal(d.severity, "information");
      for (const d of found) assert.match(d.message, /MCP-Nest 1\.x.*only @rekog\/mcp-nest 2\.x is analysed.*capabilities this server advertises are not predicted/);
    });
  }
});
