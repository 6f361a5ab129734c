// The mcp-framework dialect against the real framework: every fixture in test/fixtures/mcp-framework is
// started with mcp-framework (one worker process for all of them) and asked `initialize` (2025-11-25)
// and `server/discover`; the analysis of the same sources (one CLI call) must agree with what it
// answered, name what it cannot know, and report the diagnostics the fixture's meta.json expects.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { runCli } from "../../server/src/cli/main";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { CODES } from "../../server/src/analysis/dialects/mcp-framework/codes";
import type { FeatureContext } from "../../server/src/features/context";
import { hoverAt } from "../../server/src/features/hover";

const repo = join(import.meta.dirname, "..", "..");
const fixturesDir = join(repo, "test", "fixtures", "mcp-framework");
const fixtures = readdirSync(fixturesDir).filter((n) => /^\d\d-/.test(n)).sort();
const WORKER_LIMIT_MS = 50_000;

interface Meta {
  exact: boolean;
  diagnostics: string[];
  throws?: boolean;
}
interface RealRun {
  fixture: string;
  initialize?: { protocolVersion: string; capabilities: Record<string, unknown> };
  discover?: { error?: number; capabilities?: unknown };
  error?: string;
}
interface Reported {
  file: string;
  dialect: string;
  frameworkVersion?: string;
  exact: boolean;
  legacy: Record<string, unknown> | null;
  modern: Record<string, unknown> | null;
  unknown: { path: string[]; spread?: boolean }[];
}

const real = new Map<string, RealRun>();
let report: { servers: Reported[]; diagnostics: { file: string; code: string }[] };
let outDir: string;

function runWorker(outFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repo, "test", "frameworks", "mcp-framework", "worker.mjs"), outFile, ...fixtures.map((f) => join(fixturesDir, f))], { stdio: ["ignore", "ignore", "pipe"], detached: true });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
    const timer = setTimeout(() => {
      process.kill(-child.pid!, "SIGKILL");
      reject(new Error(`the fixture worker took longer than ${WORKER_LIMIT_MS} ms`));
    }, WORKER_LIMIT_MS);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`the fixture worker exited with ${code}: ${stderr}`));
    });
  });
}

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), "mcpfw-results-"));
  const outFile = join(outDir, "results.json");
  await runWorker(outFile);
  for (const r of JSON.parse(readFileSync(outFile, "utf8")) as RealRun[]) real.set(r.fixture.split("/").filter(Boolean).pop()!, r);
  let out = "";
  const io = { cwd: repo, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} };
  runCli(["--json", "test/fixtures/mcp-framework"], io);
  report = JSON.parse(out);
});

after(() => rmSync(outDir, { recursive: true, force: true }));

const meta = (name: string): Meta => JSON.parse(readFileSync(join(fixturesDir, name, "meta.json"), "utf8"));
const serverOf = (name: string) => report.servers.filter((s) => s.file.startsWith(`test/fixtures/mcp-framework/${name}/`));
const codesOf = (name: string) => report.diagnostics.filter((d) => d.file.startsWith(`test/fixtures/mcp-framework/${name}/`)).map((d) => d.code).sort();

describe("mcp-framework fixtures, started with the real framework and analysed", () => {
  it("has at least 20 fixtures, each run", () => {
    assert.ok(fixtures.length >= 20);
    assert.deepEqual([...real.keys()].sort(), fixtures);
  });

  for (const name of fixtures) {
    it(name, () => {
      const m = meta(name);
      const run = real.get(name)!;
      const servers = serverOf(name);
      assert.equal(servers.length, 1, "one server found");
      const s = servers[0]!;
      assert.equal(s.dialect, "mcp-framework");
      assert.equal(s.frameworkVersion, "0.2.22");
      assert.equal(s.exact, m.exact, "exact as meta.json says");
      assert.equal(s.exact, s.unknown.length === 0);
      assert.deepEqual(codesOf(name), [...m.diagnostics].sort());
      // No server/discover: the SDK v1 Server answers it "method not found", and the prediction has no modern era.
      assert.equal(s.modern, null);
      if (run.discover) assert.equal(run.discover.error, -32601);
      if (m.throws) {
        assert.match(run.error ?? "", /Server does not support tools \(required for tools\/list\)/);
        assert.equal(s.legacy, null);
        return;
      }
      if (run.error) {
        // Only a prediction that does not know whether tools exist may meet a server that failed to start.
        assert.ok(!s.exact && s.unknown.some((u) => u.path[0] === "tools"), `the server failed (${run.error}) but the prediction claims it starts`);
        return;
      }
      assert.ok(run.initialize, "the server answered initialize");
      assert.equal(run.initialize.protocolVersion, "2025-11-25");
      const caps = run.initialize.capabilities;
      if (m.exact) {
        assert.deepEqual(s.legacy, caps);
        return;
      }
      for (const [key, value] of Object.entries(s.legacy ?? {})) assert.deepEqual(value, caps[key], `predicted ${key}`);
      for (const key of Object.keys(caps)) {
        if (key in (s.legacy ?? {})) continue;
        assert.ok(s.unknown.some((u) => u.path[0] === key || (u.path.length === 0 && u.spread)), `${key} is advertised but neither predicted nor named unknown`);
      }
    });
  }

  it("has a fixture for every diagnostic code but the version one (checked below without a real run)", () => {
    const used = new Set(fixtures.flatMap((f) => meta(f).diagnostics));
    assert.deepEqual(Object.keys(CODES).filter((c) => !used.has(c)), ["mcp-framework-version-unverified"]);
  });
});

const INDEX = `import { MCPServer } from "mcp-framework";
import EchoTool from "./lib/EchoTool.js";

export const server = new MCPServer({ name: "notes" });
server.addTool(EchoTool);
server.start();
server.sendLog("info", "notes", "up");
`;

function workspace(version: string | undefined): FeatureContext {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
  fs.writeFileSync("/w/src/index.ts", INDEX);
  fs.writeFileSync("/w/src/lib/EchoTool.ts", "export default class EchoTool {}\n");
  if (version) fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const file = "/w/src/index.ts";
  const analysis = ws.analyzeFile(file, { tasksExtension: false });
  const location = (loc: { file: string; span: { start: number; end: number } }) => ({ uri: `file://${loc.file}`, range: { start: ws.position(loc.file, loc.span.start), end: ws.position(loc.file, loc.span.end) } });
  return { workspace: ws, file, analysis, location };
}

describe("mcp-framework versions, hover and quick fix (in memory)", () => {
  it("applies the 0.2.22 rules exactly to 0.2.22", () => {
    const { analysis } = workspace("0.2.22");
    const [server] = analysis.servers;
    assert.equal(server?.frameworkVersion, "0.2.22");
    assert.deepEqual(server?.legacy, { tools: {} });
    assert.equal(server?.exact, true);
  });

  it("says so when another version is installed, or none is found", () => {
    const older = workspace("0.2.10");
    assert.equal(older.analysis.servers[0]?.exact, false);
    assert.match(older.analysis.servers[0]!.unknown[0]!.reason, /mcp-framework 0\.2\.10 is installed; the rules applied were read in 0\.2\.22/);
    assert.ok(older.analysis.diagnostics.some((d) => d.code === "mcp-framework-version-unverified"));
    const missing = workspace(undefined);
    assert.equal(missing.analysis.servers[0]?.frameworkVersion, "unknown");
    assert.match(missing.analysis.servers[0]!.unknown[0]!.reason, /not found in node_modules/);
  });

  it("hovers addTool and offers logging: true for a dropped sendLog", () => {
    const ctx = workspace("0.2.22");
    const hover = hoverAt(ctx, INDEX.indexOf("addTool") + 2);
    assert.match(hover?.markdown ?? "", /\*\*server\.addTool\(\)\*\* \(mcp-framework\) adds `tools`/);
    const dropped = ctx.analysis.diagnostics.find((d) => d.code === "mcp-framework-log-dropped");
    assert.equal(dropped?.fixes?.[0]?.edits[0]?.newText, " logging: true,");
  });
});
