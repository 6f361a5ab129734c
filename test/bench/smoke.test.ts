// A smoke run of the benchmark harness (bench/run.mjs --smoke): a tiny generated corpus, one
// repetition of everything, outputs written to a temporary folder (never over bench/RESULTS.md).
// It checks the harness end to end, not the numbers: both outputs exist, every target is present
// with a measured value, a limit and a `holds` boolean the harness computed.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";

const REPO = join(__dirname, "..", "..");
/** The target kinds of issues 6 and 15 (bench/targets.mjs TARGET_KINDS). */
const KINDS = [
  "cold-vs-parse-floor",
  "typechecker-vs-cold",
  "sdk-start-vs-ours",
  "warm-edit",
  "big-file-edit",
  "base-edit",
  "base-edit-reparses",
  "lsp-hover",
  "lsp-code-lens",
  "first-lens",
  "peak-rss",
];

interface Target {
  kind: string;
  id: string;
  name: string;
  measured: number;
  limit: number;
  unit: string;
  op: "<=" | ">=";
  holds: boolean;
  spread: { min: number; max: number; n: number };
  conclusive: boolean;
  loadAverage?: number;
  clock: string;
}

describe("bench harness (smoke)", () => {
  const out = mkdtempSync(join(tmpdir(), "lens-bench-smoke-"));
  after(() => rmSync(out, { recursive: true, force: true }));

  it("runs end to end and writes RESULTS.md and results.json with every target", { timeout: 300_000 }, () => {
    const committed = join(REPO, "bench", "RESULTS.md");
    const before = existsSync(committed) ? statSync(committed).mtimeMs : undefined;
    const started = Date.now();
    const run = spawnSync(process.execPath, ["--expose-gc", join(REPO, "bench", "run.mjs"), "--smoke", "--out", out], {
      cwd: REPO,
      encoding: "utf8",
      timeout: 290_000,
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    const seconds = (Date.now() - started) / 1000;
    assert.equal(run.status, 0, `bench/run.mjs --smoke exited ${run.status}\n${run.stderr}`);
    console.log(`# smoke run: ${seconds.toFixed(1)} s`);

    const jsonPath = join(out, "results.json");
    const mdPath = join(out, "RESULTS.md");
    assert.ok(existsSync(jsonPath), "results.json written");
    assert.ok(existsSync(mdPath), "RESULTS.md written");
    const json = JSON.parse(readFileSync(jsonPath, "utf8")) as { targets: Target[]; machine: { cores: number; node: string; smoke: boolean } };
    const md = readFileSync(mdPath, "utf8");

    assert.ok(Array.isArray(json.targets) && json.targets.length >= KINDS.length);
    assert.deepEqual([...new Set(json.targets.map((t) => t.kind))].sort(), [...KINDS].sort(), "one target (at least) of every kind");
    for (const t of json.targets) {
      assert.equal(typeof t.name, "string");
      assert.equal(typeof t.unit, "string");
      assert.equal(typeof t.holds, "boolean", `${t.id}: holds is a boolean`);
      assert.ok(Number.isFinite(t.measured), `${t.id}: measured ${t.measured}`);
      assert.ok(Number.isFinite(t.limit), `${t.id}: limit ${t.limit}`);
      assert.equal(t.holds, t.op === "<=" ? t.measured <= t.limit : t.measured >= t.limit, `${t.id}: holds agrees with measured ${t.op} limit`);
      assert.ok(md.includes(t.name), `RESULTS.md shows ${t.id}`);
      // Wall clock always; the spread and the load average beside every target.
      assert.equal(t.clock, "wall", `${t.id}: on the wall clock`);
      assert.ok(Number.isFinite(t.spread.min) && Number.isFinite(t.spread.max) && t.spread.min <= t.spread.max, `${t.id}: spread ${JSON.stringify(t.spread)}`);
      assert.equal(typeof t.conclusive, "boolean", `${t.id}: conclusive is a boolean`);
      if (t.unit === "ms" || t.unit === "×") assert.ok(Number.isFinite(t.loadAverage), `${t.id}: load average ${t.loadAverage}`);
    }
    assert.equal(json.machine.smoke, true);
    assert.ok(json.machine.cores >= 1);
    assert.match(md, new RegExp(`${json.machine.cores} cores`));
    assert.ok(md.includes(json.machine.node), "RESULTS.md names the Node version");
    // The committed results were not touched.
    assert.equal(existsSync(committed) ? statSync(committed).mtimeMs : undefined, before, "bench/RESULTS.md untouched");
  });
});
