// The soundness property of the SDK dialect: whatever a server's code does that only run time decides,
// the prediction is either exact AND equal to what the real SDK advertises, or says it is approximate.
// Never a confident wrong answer.
//
// Each case is a variant of a differential fixture (test/fixtures/sdk; variants.ts rewrites one
// registration statement: under a condition on the environment, in a loop over run-time data, in an
// object's method, in a callback given to a helper the analysis cannot read, followed by a helper that
// may register). The real SDK observes it (the oracle pool: one process per SDK version, as in
// differential.test.ts) and `mcp-caps --json .` predicts it.
//
//   node --import tsx --test test/sdk/property.test.ts
//   MCP_LENS_PROPERTY_SEED=7 MCP_LENS_PROPERTY_RUNS=200 node --import tsx --test test/sdk/property.test.ts
//
// A variant is named by its seed; the seeds that once found a wrong answer are kept in
// REGRESSION_SEEDS and run every time, before the seeded random ones.
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { analyse } from "./cliRuns";
import { FIXTURES, listFixtures, REPO, type ReportServer } from "./harness";
import { createOraclePool } from "./oraclePool.mjs";
import { candidates, FIRST_KIND_COUNT, makeVariant, random, type Variant } from "./variants";

/**
 * Variants that once found a wrong answer (see git history of the SDK dialect's replay), each with the
 * fixture it was made from: a seed alone picks from the fixtures there are, which change.
 */
const REGRESSION_SEEDS: readonly { readonly seed: number; readonly fixture: string; readonly kinds?: number }[] = [
  // registerCapabilities({ tools: … }) under `if (process.env.X)`: claimed exact with the merge applied.
  { seed: 948536739, fixture: "02-v1-lowlevel-registercaps-merge" },
  // A registerPrompt (completable) in a callback of a helper the analysis cannot read: claimed exact without prompts.
  { seed: 772945195, fixture: "65-v1-completable-in-spread" },
  // A class field's server with registerResource in a callback that never runs.
  { seed: 1033892171, fixture: "20-v1-class-field" },
  // A registerPrompt in a callback inside a helper of another file: that file's callbacks were never replayed.
  { seed: 586739560, fixture: "40-v2-helper-functions" },
  // A tool registered twice, the first registration in a forEach over run-time data: claimed exact, but
  // the loop runs and the second registration throws.
  { seed: 1435815950, fixture: "303-v1-tool-registered-twice" },
  // A helper called twice whose registration goes through an object's method: the second run came
  // through the same inner call, so it was taken for the first one met again (claimed exact).
  { seed: 463656782, fixture: "356-v1-helper-called-twice" },
  // registerCapabilities({ prompts: { listChanged: void 0 } }) under `if (process.env.X)`: clearing a
  // flag that was true was applied as if certain (claimed exact without listChanged).
  { seed: 343028972, fixture: "220-v1-undefined-keys" },
  // A const context object made after connect() (a plain store there was taken as harmless), handed to
  // an arrow run in place that registers through it: the registration that throws was never replayed.
  { seed: 1223475589, fixture: "45-v2-register-after-connect-throws", kinds: 12 },
];

const BASE_SEED = Number(process.env.MCP_LENS_PROPERTY_SEED ?? 20261202) >>> 0;
/** Random variants per run: bounded so the file stays well under 40 s on a loaded machine. */
const RUNS = Math.max(0, Number(process.env.MCP_LENS_PROPERTY_RUNS ?? 20) || 0);

const pool = candidates(listFixtures());
const root = mkdtempSync(join(tmpdir(), "mcp-lens-property-"));
// The variants resolve the SDK, zod and tsx from the project's own node_modules.
symlinkSync(join(REPO, "node_modules"), join(root, "node_modules"), "dir");
// ESM, like the fixtures' own folder (some use top-level await).
copyFileSync(join(FIXTURES, "package.json"), join(root, "package.json"));
const oracle = createOraclePool({ timeoutMs: 30_000 });

after(() => {
  oracle.close();
  rmSync(root, { recursive: true, force: true });
});

const pinned = process.env.MCP_LENS_PROPERTY_SEED ? [] : REGRESSION_SEEDS;
const seeds = (() => {
  const rnd = random(BASE_SEED);
  const out: number[] = [];
  // A seed met twice would make the same folder twice, observed at once by one oracle process.
  for (let i = 0; i < RUNS; i++) {
    const seed = Math.floor(rnd() * 2 ** 31);
    if (!out.includes(seed) && !pinned.some((p) => p.seed === seed)) out.push(seed);
  }
  return out;
})();

const variants: Variant[] = [
  ...pinned.map(({ seed, fixture, kinds }) => {
    const from = pool.filter((f) => f.name === fixture);
    assert.equal(from.length, 1, `regression fixture ${fixture} is among the fixtures with a registration statement`);
    return makeVariant(seed, from, root, kinds ?? FIRST_KIND_COUNT);
  }),
  ...seeds.map((s) => makeVariant(s, pool, root)),
];
// Asked for up front, so the oracle processes work while this one analyses.
const observed = new Map(variants.map((v) => [v.seed, oracle.observe(v.dir, v.sdk)] as const));
for (const run of observed.values()) run.catch(() => {});

const show = (v: unknown) => JSON.stringify(v);

describe(`SDK dialect soundness: ${variants.length} variants of the differential fixtures (seed ${BASE_SEED})`, { concurrency: 4 }, () => {
  it("has fixtures to vary", () => assert.ok(pool.length >= 20, `only ${pool.length} fixtures with a registration statement`));
  for (const v of variants) {
    it(`seed ${v.seed}: ${v.fixture} with ${v.at} as ${v.kind}`, async () => {
      const cli = analyse(v.dir);
      assert.ok(cli.report, `mcp-caps --json printed no JSON (exit ${cli.status}): ${cli.parseError}\n${cli.stderr}`);
      const servers = cli.report.servers.filter((s: ReportServer) => s.dialect.startsWith("sdk"));
      assert.equal(servers.length, 1, `one SDK server expected, found ${servers.length}`);
      const server = servers[0]!;
      const unknown = Array.isArray(server.unknown) ? server.unknown : [];
      assert.equal(server.exact, unknown.length === 0, "exact is false exactly when unknown is not empty");
      if (!server.exact) return; // approximate, and says so
      const real = await observed.get(v.seed)!;
      const legacy = real.threw === null ? real.legacy : null;
      const modern = real.threw === null ? real.modern : null;
      assert.ok(
        isDeepStrictEqual(server.legacy, legacy) && isDeepStrictEqual(server.modern, modern),
        `an exact prediction that is wrong (${v.dir}):\n  predicted legacy ${show(server.legacy)} modern ${show(server.modern)}\n` +
          `  real      legacy ${show(legacy)} modern ${show(modern)}${real.threw ? ` (threw: ${real.threw})` : ""}`,
      );
    });
  }
});
