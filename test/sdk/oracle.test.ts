// Self-check of the SDK-dialect fixtures and their oracle: does each fixture, run with the REAL SDK,
// really do what its meta.json claims? (No analysis involved: this must pass before the
// differential test means anything.)
//   node --import tsx --test test/sdk/oracle.test.ts
//   SDK_FIXTURES=30,31 node --import tsx --test test/sdk/oracle.test.ts    (a subset, by prefix)
// The oracle runs every fixture of an SDK version in one long-lived process (oraclePool.mjs).
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { CONCURRENCY, DIAGNOSTICS, listFixtures, markers, sourceFiles } from "./harness";
import type { Fixture } from "./harness";
import { createOraclePool } from "./oraclePool.mjs";

const fixtures = listFixtures();
const ENTRIES = ["server", "start", "handler", "stdio"];
const SEVERITIES = ["error", "warning", "information", "hint"];

function checkMeta(f: Fixture): void {
  const m = f.meta;
  assert.ok(m.sdk === "v1" || m.sdk === "v2", "meta.sdk is v1|v2");
  assert.ok(m.alsoImports === undefined || (m.alsoImports !== m.sdk && (m.alsoImports === "v1" || m.alsoImports === "v2")), "meta.alsoImports is the other major");
  assert.ok(ENTRIES.includes(m.entry), `meta.entry is one of ${ENTRIES.join("|")}`);
  assert.ok(m.throws === false || (typeof m.throws === "string" && m.throws.length > 0), "meta.throws is false or a message");
  assert.ok(typeof m.description === "string" && m.description.length > 20, "meta.description says what the fixture is about");
  assert.ok(Array.isArray(m.diagnostics), "meta.diagnostics is an array");
  for (const d of m.diagnostics) {
    assert.ok(d.code in DIAGNOSTICS, `unknown diagnostic code ${d.code}`);
    assert.ok(Number.isInteger(d.line) && d.line > 0, `line of ${d.code} is a positive integer`);
    if (d.severity !== undefined) assert.ok(SEVERITIES.includes(d.severity), `severity of ${d.code}`);
  }
  assert.ok(m.exact === undefined || typeof m.exact === "boolean" || m.exact === "any", "meta.exact is true|false|\"any\"");
  assert.ok("legacy" in m.expectedReal && "modern" in m.expectedReal, "meta.expectedReal has legacy and modern");
  if (m.sdk === "v1") assert.equal(m.expectedReal.modern, null, "v1 never serves the modern era");
  if (m.throws) {
    assert.equal(m.expectedReal.legacy, null);
    assert.equal(m.expectedReal.modern, null);
    // Unless the prediction is only approximate: a throw whose timing the analysis cannot prove (a
    // helper's registration racing connect()) leaves "the server may not start", not an error.
    assert.ok(
      m.exact === false || m.diagnostics.some((d) => d.severity === "error"),
      "a fixture that throws names the diagnostic of the throw, with severity error (or is marked exact: false)",
    );
  }
}

function allSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allSources(join(dir, e.name)) : /\.(ts|mts|cts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** What the fixture's package.json `imports` aliases stand for, as the imports they make (`from "<target>"`). */
function aliasTargets(dir: string): string[] {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return [];
  const imports = (JSON.parse(readFileSync(manifest, "utf8")) as { imports?: unknown }).imports;
  return [...JSON.stringify(imports ?? {}).matchAll(/"(@[^"]+)"/g)].map((m) => `from "${m[1]}"`);
}

function checkSources(f: Fixture): void {
  const files = sourceFiles(f.dir);
  assert.ok(files.includes("server.ts"), "the fixture has server.ts");
  // Every source of the fixture, subfolders included (a fixture may reach the SDK through its own modules).
  const all = [...allSources(f.dir).map((file) => readFileSync(file, "utf8")), ...aliasTargets(f.dir)].join("\n");
  const v1 = /from "@modelcontextprotocol\/sdk[/"]/.test(all);
  const v2 = /from "@modelcontextprotocol\/server[/"]/.test(all);
  const uses = (sdk: "v1" | "v2") => f.meta.sdk === sdk || f.meta.alsoImports === sdk;
  assert.equal(v1, uses("v1"), "imports @modelcontextprotocol/sdk exactly when meta.sdk (or meta.alsoImports) is v1");
  assert.equal(v2, uses("v2"), "imports @modelcontextprotocol/server exactly when meta.sdk (or meta.alsoImports) is v2");
  const server = readFileSync(join(f.dir, "server.ts"), "utf8");
  const exported: Record<string, RegExp> = {
    server: /export const server\b/,
    start: /export async function start\(/,
    // createMcpHandler's handler, or a hand-wired one with a fetch() (a composition of legs).
    handler: /export const handler = (?:createMcpHandler\(|\{\s*fetch: )/,
    stdio: /export function main\(transport\?/,
  };
  assert.match(server, exported[f.meta.entry]!, `server.ts exports what entry "${f.meta.entry}" drives`);
  if (f.meta.entry === "server" || f.meta.entry === "start") {
    // never connected on import: the real stdio connect stays inside main()
    assert.match(server, /export async function main\(\)/, "server.ts keeps the stdio connect() inside main()");
  }

  // `// expect: code` markers and meta.diagnostics name the same (code, file, line) triples
  const key = (d: { code: string; file?: string; line: number }) => `${d.code}@${d.file ?? "server.ts"}:${d.line}`;
  const fromMarkers = markers(f.dir).map(key).sort();
  const fromMeta = f.meta.diagnostics.map(key).sort();
  assert.deepEqual(fromMeta, fromMarkers, "meta.diagnostics agree with the // expect: markers in the sources");
}

describe("SDK fixtures: meta.json and sources", () => {
  it("there are at least 30 fixtures, covering every diagnostic code and every entry shape", () => {
    const all = listFixtures();
    if (process.env.SDK_FIXTURES) return; // a subset was asked for
    assert.ok(all.length >= 30, `${all.length} fixtures`);
    const codes = new Set(all.flatMap((f) => f.meta.diagnostics.map((d) => d.code)));
    for (const code of Object.keys(DIAGNOSTICS)) assert.ok(codes.has(code as keyof typeof DIAGNOSTICS), `no fixture expects ${code}`);
    for (const entry of ENTRIES) assert.ok(all.some((f) => f.meta.entry === entry), `no fixture with entry ${entry}`);
    for (const sdk of ["v1", "v2"]) {
      assert.ok(all.some((f) => f.meta.sdk === sdk && f.meta.throws), `no ${sdk} fixture that throws`);
      assert.ok(all.some((f) => f.meta.sdk === sdk && f.meta.exact === false), `no ${sdk} fixture with a dynamic (inexact) prediction`);
    }
  });
  for (const f of fixtures) {
    it(`${f.name}: meta.json is well-formed and agrees with the sources`, () => {
      checkMeta(f);
      checkSources(f);
    });
  }
});

// The differential test also holds each real run to meta.expectedReal; this deeper self-check adds
// the handler probes. With one oracle process per SDK version it costs seconds, so it always runs
// (SDK_ORACLE_SELFCHECK=0 skips it).
describe("SDK oracle: each fixture, run with the real SDK, does what meta.json says", { concurrency: CONCURRENCY, skip: process.env.SDK_ORACLE_SELFCHECK === "0" }, () => {
  const oracle = createOraclePool({ timeoutMs: 90_000 });
  after(() => oracle.close());
  for (const f of fixtures) {
    it(f.name, async (t) => {
      const real = await oracle.observe(f.dir, f.meta.sdk);
      const context = JSON.stringify({ threw: real.threw, legacy: real.legacy, modern: real.modern, probes: real.probes, details: real.details }, null, 1);
      if (f.meta.throws) {
        assert.ok(real.threw !== null, `expected the SDK to throw "${f.meta.throws}", it did not:\n${context}`);
        assert.ok(real.threw.includes(f.meta.throws), `expected a throw containing "${f.meta.throws}", got "${real.threw}"`);
        assert.equal(real.legacy, null);
        assert.equal(real.modern, null);
        return;
      }
      assert.equal(real.threw, null, `the SDK threw unexpectedly: ${real.threw}\n${real.stderr ?? ""}`);
      assert.ok(real.legacy !== null || real.modern !== null, `no era produced capabilities:\n${context}`);
      assert.deepEqual(real.legacy, f.meta.expectedReal.legacy, `legacy (initialize) differs from meta.expectedReal:\n${context}`);
      assert.deepEqual(real.modern, f.meta.expectedReal.modern, `modern (server/discover) differs from meta.expectedReal:\n${context}`);
      if (f.meta.sdk === "v1") assert.equal(real.modern, null, "v1 answered server/discover?");
      for (const era of ["legacy", "modern"] as const) {
        for (const [method, want] of Object.entries(f.meta.expectedProbes?.[era] ?? {})) {
          assert.equal(real.probes[era]?.[method], want, `${era} probe ${method}: expected ${want}\n${context}`);
        }
      }
      // A declared primitive the fixture says is unanswered must really be -32601, and vice versa
      // (catches fixtures whose sdk-handler-missing claim is stale for this SDK version).
      const missing = f.meta.diagnostics.filter((d) => d.code === "sdk-handler-missing").length;
      const minus32601 = Object.entries(real.probes.legacy ?? real.probes.modern ?? {}).filter(([method, v]) => {
        if (v !== -32601) return false;
        const caps = (real.legacy ?? real.modern)!;
        const key = { "tools/list": "tools", "prompts/list": "prompts", "resources/list": "resources", "completion/complete": "completions" }[method];
        return key !== undefined && key in caps;
      }).length;
      assert.equal(minus32601 > 0, missing > 0, `sdk-handler-missing expected ${missing}x, but ${minus32601} declared primitive(s) answer -32601`);
      if (real.stderr?.trim()) t.diagnostic(`stderr: ${real.stderr.trim().slice(0, 500)}`);
    });
  }
});
