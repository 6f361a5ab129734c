// The differential test of the SDK dialect: for every fixture in test/fixtures/sdk, what the REAL SDK
// advertises (the oracle) against what `mcp-caps --json` predicts from the source.
//
//   node --import tsx --test test/sdk/differential.test.ts
//   SDK_FIXTURES=09,30 node --import tsx --test test/sdk/differential.test.ts   (a subset, by prefix)
//   SDK_DIFF_ALONE=1 node --import tsx --test test/sdk/differential.test.ts     (also dist/cli.js alone, below)
//
// Cost: the oracle runs every fixture of an SDK version in ONE long-lived process (oraclePool.mjs),
// and `mcp-caps --json .` runs in this process through the CLI's own entry (`runCli`, from the
// sources), one fresh project per fixture with the fixture folder as the working directory. So the
// whole file starts three processes, not two per fixture.
//
// Per fixture (cwd = the fixture folder, `mcp-caps --json .`):
//  1. the report parses, the CLI exits 0, and it finds exactly ONE server whose dialect starts with
//     "sdk"; its dialect is "sdk-" + meta.sdk;
//  2. every meta.diagnostics entry is reported (same code, file, line); where meta gives a severity
//     (the diagnostic of a runtime throw: "error"), the reported severity is that one;
//  3. no unexpected diagnostic: every reported diagnostic of severity error or warning is one of
//     meta.diagnostics or has a code listed in meta.tolerate (information/hint are free);
//  4. when the real SDK threw (meta.throws), 1-3 is all: the capabilities are not compared;
//  5. otherwise the eras are compared with the oracle:
//     - meta.exact true (default): the prediction is `exact: true` and legacy/modern deep-equal the
//       oracle's (key order ignored; an era the server does not serve is null on both sides);
//     - meta.exact false: the prediction must say `exact: false`, and only agree where it speaks:
//       every key path it states outside what it says is unknown equals the real value, an object
//       that cannot hold more than it lists lists all the real keys, and an era the oracle says is
//       not served (null) is predicted null; an era predicted null claims it is not served, unless
//       an unknown entry of that era leaves its whole value open (an entry saying whether the era is
//       answered is not known goes with the era stated, never with null). What is unknown
//       is read from either report shape: `{"$dynamic": ...}` markers inside the eras, or the
//       server's `unknown` list (harness.ts partialAgreement). With the `unknown` list, `exact` is
//       false exactly when the list is not empty, and no era object holds a "$dynamic" key;
//     - meta.exact "any": an exact prediction is held to the exact rule, an inexact one to the partial.
//  6. SDK_DIFF_ALONE=1 (needs a fresh `node esbuild.mjs`): `node dist/cli.js --json .` in a process
//     of its own gives the same report as the in-process run (the built bundle, and no state carried
//     from one fixture's analysis to the next).
// Every run also analyses the first fixture again after all the others and requires the same
// report, so state leaking between in-process analyses fails the suite even without SDK_DIFF_ALONE.
import assert from "node:assert/strict";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { analyse, spawnCli } from "./cliRuns";
import type { CliRun } from "./cliRuns";
import { CLI, CONCURRENCY, hasDynamicKey, listFixtures, matches, newestMtime, partialAgreement, REPO } from "./harness";
import type { Caps, Fixture, ReportServer, UnknownPart } from "./harness";
import type { OracleResult } from "./oracle.mjs";
import { createOraclePool } from "./oraclePool.mjs";

const fixtures = listFixtures();
const alone = process.env.SDK_DIFF_ALONE === "1";
const oracle = createOraclePool({ timeoutMs: 90_000 });
/** Each fixture's oracle run, all asked for up front so the oracle processes work while this one analyses. */
const realRuns = new Map<string, Promise<OracleResult>>();
/** The first fixture's report, to compare with a second analysis after all the others. */
let firstReport: { name: string; run: CliRun } | undefined;

before(() => {
  for (const f of fixtures) {
    const run = oracle.observe(f.dir, f.meta.sdk);
    run.catch(() => {}); // awaited (and reported) by the fixture's own test
    realRuns.set(f.name, run);
  }
  if (alone) {
    assert.ok(existsSync(CLI), `${CLI} is missing: run \`node esbuild.mjs\` in ${REPO}`);
    assert.ok(newestMtime(join(REPO, "server", "src")) <= statSync(CLI).mtimeMs, "dist/cli.js is older than server/src: run `node esbuild.mjs` first");
  }
});

after(() => oracle.close());

const show = (v: unknown) => JSON.stringify(v);

function compareEra(era: "legacy" | "modern", predicted: Caps | null, real: Caps | null, exact: boolean, unknown: readonly UnknownPart[]): string[] {
  if (exact) return isDeepStrictEqual(predicted, real) ? [] : [`${era}: predicted ${show(predicted)}\n        real ${show(real)}`];
  // Not served, and the prediction says it does not know whether this era is served: it claims nothing there.
  // So does an entry that leaves this era's whole value unknown (`path: []` without `spread`): an
  // object or none at all (a start-up that may throw, a server only its first build answers for).
  const servedUnknown = unknown.some((u) => u.path.length === 0 && ((u.era === era && /^whether (?:this|the) server answers/.test(u.reason)) || ((u.era === undefined || u.era === era) && u.spread !== true)));
  // `null` says "not served": an era whose service the prediction leaves open is stated as it is
  // answered if it is (both eras alike), never null beside "whether … answers … is not known".
  const serviceOpen = unknown.some((u) => u.path.length === 0 && u.era === era && /^whether (?:this|the) server answers/.test(u.reason));
  if (predicted === null && serviceOpen) return [`${era}: predicted null (not served) while an unknown entry says whether it is answered is not known`];
  if (real === null) return predicted === null || servedUnknown ? [] : [`${era}: the real server does not serve this era, predicted ${show(predicted)}`];
  if (predicted === null) return servedUnknown ? [] : [`${era}: predicted not served, the real server serves ${show(real)}`];
  return partialAgreement(predicted, real, unknown, era).map((p) => `${era}: ${p}`);
}

/** A report as compared between runs: the version stamp differs between the sources and the bundle. */
const comparable = (run: CliRun) => ({ status: run.status, report: run.report && { ...run.report, version: undefined } });

async function check(f: Fixture): Promise<void> {
  const cli = analyse(f.dir);
  if (!firstReport) firstReport = { name: f.name, run: cli };
  if (alone) {
    const byItself = await spawnCli(f.dir);
    assert.deepEqual(comparable(byItself), comparable(cli), "dist/cli.js run alone and the in-process run give different reports");
  }
  const real = await realRuns.get(f.name)!;
  assert.ok(cli.report, `mcp-caps --json did not print JSON (exit ${cli.status}): ${cli.parseError}\nstderr: ${cli.stderr}`);
  assert.equal(cli.status, 0, `mcp-caps exit status\nstderr: ${cli.stderr}`);
  const report = cli.report;

  // 1. one SDK server, of the right dialect
  const sdkServers = report.servers.filter((s: ReportServer) => typeof s.dialect === "string" && s.dialect.startsWith("sdk"));
  assert.equal(
    sdkServers.length,
    1,
    `expected exactly one SDK server, found ${sdkServers.length}: ${show(report.servers.map((s) => [s.name, s.dialect, s.file, s.line]))}`,
  );
  const server = sdkServers[0]!;

  // Every other check is collected, so one run shows everything that disagrees.
  const problems: string[] = [];
  if (server.dialect !== `sdk-${f.meta.sdk}`) problems.push(`dialect: predicted ${server.dialect}, expected sdk-${f.meta.sdk}`);

  // 2. every expected diagnostic is there (with the expected severity where meta gives one)
  for (const e of f.meta.diagnostics) {
    const d = report.diagnostics.find((x) => matches(x, e));
    if (!d) problems.push(`missing diagnostic ${e.code} at ${e.file ?? "server.ts"}:${e.line}`);
    else if (e.severity && d.severity !== e.severity) problems.push(`${e.code} at line ${e.line}: severity ${d.severity}, expected ${e.severity} (the SDK throws there)`);
  }

  // 3. nothing unexpected of severity error/warning
  const tolerated = new Set(f.meta.tolerate ?? []);
  for (const d of report.diagnostics) {
    if (d.severity !== "error" && d.severity !== "warning") continue;
    if (tolerated.has(d.code) || f.meta.diagnostics.some((e) => matches(d, e))) continue;
    problems.push(`unexpected ${d.severity} ${d.code} at ${d.file}:${d.line}: ${d.message}`);
  }

  // 4. the real SDK threw: the diagnostic is the prediction
  if (f.meta.throws) {
    if (!real.threw?.includes(f.meta.throws)) problems.push(`the oracle was expected to throw "${f.meta.throws}" (see oracle.test.ts), got ${show(real.threw)}`);
    // A throw only some runs meet (a request without a header): the prediction must not be exact.
    if (f.meta.exact === false && server.exact !== false) problems.push("exact: the SDK throws on this run only, which the prediction must leave open (exact: false)");
    const unknownParts = (server.unknown ?? []) as UnknownPart[];
    if (f.meta.mayNotStart && !unknownParts.some((u) => u.path.length === 0 && u.reason.startsWith("the server may not start"))) problems.push(`the prediction must say the server may not start (an unknown part at the top level), got ${show(unknownParts)}`);
  } else if (real.threw !== null) {
    problems.push(`the oracle threw unexpectedly: ${real.threw}`);
  } else {
    // The fixture really does what its meta.json says (the oracle self-check's core, on this same run).
    if (!isDeepStrictEqual(real.legacy, f.meta.expectedReal.legacy)) problems.push(`the real legacy era differs from meta.expectedReal: ${show(real.legacy)}`);
    if (!isDeepStrictEqual(real.modern, f.meta.expectedReal.modern)) problems.push(`the real modern era differs from meta.expectedReal: ${show(real.modern)}`);
    // 5. the capabilities
    const wantExact = f.meta.exact ?? true;
    if (wantExact === true && server.exact !== true) problems.push("exact: the prediction says exact: false; this fixture is fully static");
    if (wantExact === false && server.exact !== false) problems.push("exact: the capabilities are computed at run time, the prediction must say exact: false");
    const unknown = Array.isArray(server.unknown) ? (server.unknown as UnknownPart[]) : undefined;
    if (unknown) {
      // The report shape with an `unknown` list: inexactness is metadata, never a key.
      if (server.exact !== (unknown.length === 0)) problems.push(`exact: ${server.exact} with ${unknown.length} unknown part(s); exact is false exactly when unknown is not empty`);
      for (const era of ["legacy", "modern"] as const) if (hasDynamicKey(server[era])) problems.push(`${era}: a "$dynamic" key beside the unknown list: ${show(server[era])}`);
    }
    problems.push(
      ...compareEra("legacy", server.legacy, real.legacy, server.exact, unknown ?? []),
      ...compareEra("modern", server.modern, real.modern, server.exact, unknown ?? []),
    );
  }
  assert.deepEqual(problems, [], `${f.name}: the prediction disagrees with the real SDK`);
}

describe("SDK dialect: mcp-caps prediction vs the real SDK", { concurrency: CONCURRENCY }, () => {
  for (const f of fixtures) {
    it(`${f.name}: ${f.meta.description.slice(0, 90)}`, () => check(f));
  }
});

describe("SDK dialect: in-process analyses carry nothing from one fixture to the next", () => {
  it("the first fixture, analysed again after all the others, gives the same report", { skip: fixtures.length < 2 }, () => {
    assert.ok(firstReport, "the first fixture was not analysed");
    const again = analyse(join(REPO, "test", "fixtures", "sdk", firstReport.name));
    assert.deepEqual(comparable(again), comparable(firstReport.run));
  });
});
