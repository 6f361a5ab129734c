// The differential test of the SDK dialect: for every fixture in test/fixtures/sdk, what the REAL SDK
// advertises (oracle.mjs) against what `mcp-caps --json` predicts from the source.
//
//   node esbuild.mjs && node --import tsx --test test/sdk/differential.test.ts
//   SDK_DIFF_BUILD=1 node --import tsx --test test/sdk/differential.test.ts     (builds dist first)
//   SDK_FIXTURES=09,30 node --import tsx --test test/sdk/differential.test.ts   (a subset, by prefix)
//
// Per fixture (cwd = the fixture folder, `node dist/cli.js --json .`):
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
//       every key path it states outside `{"$dynamic": ...}` equals the real value, an object without
//       a `"$dynamic"` entry (and no dynamic ancestor) lists all the real keys, and an era the oracle
//       says is not served (null) is predicted null; an era predicted null claims nothing;
//     - meta.exact "any": an exact prediction is held to the exact rule, an inexact one to the partial.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { CLI, CONCURRENCY, listFixtures, matches, newestMtime, partialAgreement, REPO, runCli } from "./harness";
import type { Caps, Fixture, ReportServer } from "./harness";
import { runOracle } from "./oracle.mjs";

const fixtures = listFixtures();

before(() => {
  if (process.env.SDK_DIFF_BUILD === "1") execFileSync(process.execPath, ["esbuild.mjs"], { cwd: REPO, stdio: "inherit" });
  assert.ok(existsSync(CLI), `${CLI} is missing: run \`node esbuild.mjs\` in ${REPO}`);
  const src = newestMtime(join(REPO, "server", "src"));
  if (src > statSync(CLI).mtimeMs) {
    console.error(`warning: dist/cli.js is older than server/src (rebuild with \`node esbuild.mjs\`, or set SDK_DIFF_BUILD=1)`);
  }
});

const show = (v: unknown) => JSON.stringify(v);

function compareEra(era: "legacy" | "modern", predicted: Caps | null, real: Caps | null, exact: boolean): string[] {
  if (exact) return isDeepStrictEqual(predicted, real) ? [] : [`${era}: predicted ${show(predicted)}\n        real ${show(real)}`];
  if (real === null) return predicted === null ? [] : [`${era}: the real server does not serve this era, predicted ${show(predicted)}`];
  if (predicted === null) return [];
  return partialAgreement(predicted, real).map((p) => `${era}: ${p}`);
}

async function check(f: Fixture): Promise<void> {
  const [real, cli] = await Promise.all([runOracle(f.dir, { timeoutMs: 90_000 }), runCli(f.dir)]);
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
    problems.push(
      ...compareEra("legacy", server.legacy, real.legacy, server.exact),
      ...compareEra("modern", server.modern, real.modern, server.exact),
    );
  }
  assert.deepEqual(problems, [], `${f.name}: the prediction disagrees with the real SDK`);
}

describe("SDK dialect: mcp-caps prediction vs the real SDK", { concurrency: CONCURRENCY }, () => {
  for (const f of fixtures) {
    it(`${f.name}: ${f.meta.description.slice(0, 90)}`, () => check(f));
  }
});
