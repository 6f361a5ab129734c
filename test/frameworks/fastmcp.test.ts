// Differential proof of the fastmcp dialect: every fixture under test/fixtures/fastmcp is run with the
// REAL fastmcp (one worker process for all of them, fastmcpWorker.mjs) and asked `initialize` and
// `server/discover`; the analysis, run in-process through the engine, must agree with what it answered.
// An exact prediction must equal the real capabilities; an inexact one must agree on every key it
// states, and every real key it leaves out must be named in its `unknown` list.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { before, describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { Project } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { AnalysisDiagnostic } from "../../server/src/analysis/core/model/diagnostics";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";
import { FASTMCP_CODES } from "../../server/src/analysis/dialects/fastmcp/codes";

const REPO = resolve(__dirname, "..", "..");
const FIXTURES = join(REPO, "test", "fixtures", "fastmcp");
const WORKER = join(__dirname, "fastmcpWorker.mjs");
const MARK = "@@fastmcp-worker@@";
const INSTALLED = (JSON.parse(readFileSync(join(REPO, "node_modules", "fastmcp", "package.json"), "utf8")) as { version: string }).version;

type Caps = Record<string, unknown>;
interface Meta {
  description: string;
  exact: boolean;
  diagnostics: { code: string; line: number }[];
  throws: false | string;
  expectedReal: { legacy: Caps | null; modern: Caps | null };
  notifications: string[];
  /** The module the server is built in, when the entry (server.ts, which the worker runs) imports it from another. */
  serverFile?: string;
  /** The names the session's tools/list gives, in order, when the fixture is about them. */
  toolsListed?: string[];
}
interface Observation {
  legacy: Caps | null;
  modern: Caps | null;
  discoverError: number | string | null;
  threw: string | null;
  tools?: string[] | null;
  notifications: string[];
  started: boolean;
}

const fixtures = readdirSync(FIXTURES)
  .filter((n) => /^\d{2,}-/.test(n) && statSync(join(FIXTURES, n)).isDirectory())
  .sort()
  .map((name) => ({ name, dir: join(FIXTURES, name), meta: JSON.parse(readFileSync(join(FIXTURES, name, "meta.json"), "utf8")) as Meta }));

/** Runs the worker once on every fixture, killed (with its process group) if it outlives the budget. */
function runWorker(timeoutMs = 45000): Promise<Record<string, Observation>> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", WORKER, ...fixtures.map((f) => f.dir)], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_NO_WARNINGS: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = stdout.split("\n").find((l) => l.startsWith(MARK));
      if (!line) return reject(new Error(`the fastmcp worker printed no result (exit ${code})\n${stderr}`));
      resolvePromise(JSON.parse(line.slice(MARK.length)) as Record<string, Observation>);
    });
  });
}

function analyse(): { servers: Map<string, ServerReport[]>; diagnostics: Map<string, AnalysisDiagnostic[]>; ws: Workspace } {
  const fileSystem = new Project({ skipLoadingLibFiles: true }).getFileSystem();
  const ws = new Workspace({ fileSystem, dialects: DIALECTS, roots: [REPO] });
  const servers = new Map<string, ServerReport[]>();
  const diagnostics = new Map<string, AnalysisDiagnostic[]>();
  for (const f of fixtures) {
    const a = ws.analyzeFile(join(f.dir, f.meta.serverFile ?? "server.ts"), { tasksExtension: false });
    servers.set(f.name, [...a.servers]);
    diagnostics.set(f.name, [...a.diagnostics]);
  }
  return { servers, diagnostics, ws };
}

/** Disagreements of an inexact prediction: stated keys must match, missing ones must be unknown. */
function inexactDisagreements(predicted: Caps, real: Caps, unknownPaths: string[]): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(predicted)) if (!isDeepStrictEqual(v, real[k])) out.push(`${k}: predicted ${JSON.stringify(v)}, real ${JSON.stringify(real[k])}`);
  for (const k of Object.keys(real)) if (!(k in predicted) && !unknownPaths.includes(k)) out.push(`${k}: real, neither predicted nor unknown`);
  return out;
}

describe(`fastmcp dialect against the real fastmcp ${INSTALLED}`, () => {
  let observed: Record<string, Observation> = {};
  let analysis: ReturnType<typeof analyse>;
  before(async () => {
    [observed, analysis] = await Promise.all([runWorker(), Promise.resolve().then(analyse)]);
  });

  it("has at least 20 fixtures, and every diagnostic code of the dialect is expected by one", () => {
    assert.ok(fixtures.length >= 20, `${fixtures.length} fixtures`);
    const expected = new Set(fixtures.flatMap((f) => f.meta.diagnostics.map((d) => d.code)));
    // The two version-keyed codes need another fastmcp release installed: they are proved in fastmcpVersions.test.ts.
    const elsewhere = new Set(["fastmcp-completions-unadvertised", "fastmcp-version-unknown"]);
    for (const code of Object.keys(FASTMCP_CODES)) if (!elsewhere.has(code)) assert.ok(expected.has(code), `no fixture expects ${code}`);
  });

  for (const f of fixtures) {
    it(`${f.name}: ${f.meta.description}`, () => {
      const real = observed[f.dir];
      assert.ok(real, "the worker did not run it");
      // A fixture whose start-up throws (meta.throws, nothing served) never gets a session.
      const neverServed = f.meta.throws !== false && f.meta.expectedReal.legacy === null;
      assert.equal(real.started, !neverServed, neverServed ? "the fixture was expected to throw before its server started" : "the fixture never started its server");
      // The fixture's own claims about the real framework.
      assert.deepEqual(real.legacy, f.meta.expectedReal.legacy, "real initialize capabilities differ from meta.json");
      assert.equal(real.modern, null);
      if (!neverServed) assert.equal(real.discoverError, -32601, "server/discover is not answered by fastmcp");
      if (f.meta.throws) assert.equal(real.threw, f.meta.throws);
      else assert.equal(real.threw, null);
      assert.deepEqual(real.notifications, f.meta.notifications);
      if (f.meta.toolsListed) assert.deepEqual(real.tools, f.meta.toolsListed, "the tools the session lists");

      const servers = analysis.servers.get(f.name)!;
      assert.equal(servers.length, 1, "one fastmcp server is found");
      const s = servers[0]!;
      assert.equal(s.dialect, "fastmcp");
      assert.equal(s.frameworkVersion, INSTALLED);
      assert.equal(s.exact, f.meta.exact, `exact; unknown: ${JSON.stringify(s.unknown)}`);
      assert.equal(s.exact, s.unknown.length === 0);
      assert.equal(s.modern, null);
      assert.match(s.eraNotes?.modern?.text ?? "", /initialize only/);
      if (s.exact) assert.deepEqual(s.legacy, real.legacy);
      // Nothing served: an inexact prediction must say the server may not start.
      else if (neverServed) assert.ok(s.unknown.some((u) => u.path.length === 0 && u.spread && u.reason.startsWith("the server may not start")), `no "may not start" part: ${JSON.stringify(s.unknown)}`);
      else assert.deepEqual(inexactDisagreements(s.legacy!, real.legacy!, s.unknown.map((u) => u.path.join("."))), []);

      const diags = analysis.diagnostics.get(f.name)!.map((d) => ({ code: d.code, line: analysis.ws.position(d.loc.file, d.loc.span.start).line + 1 }));
      assert.deepEqual(diags, f.meta.diagnostics);
    });
  }
});
