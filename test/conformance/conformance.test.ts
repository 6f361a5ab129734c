// Runs `mcp-caps --json` over every case folder, as the shared conformance runner does: the public
// cases (test/fixtures/conformance, copied from the spec's vectors) and the project's own
// (test/fixtures/cases). Each case: sources plus expected.json (format: see the runner's header).
//
// The CLI runs in this process, through its own entry (test/helpers/mcpCapsInProcess.ts), with the
// case folder as its working directory: a spawned dist/cli.js per case cost about 1.3 s of CPU each,
// nearly all of it starting Node and loading the bundle.
//   CONFORMANCE_ALONE=1 node --import tsx --test test/conformance/conformance.test.ts
// also runs the built dist/cli.js on each case in a process of its own and requires the same output.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";

const root = join(__dirname, "..", "..");
const cli = join(root, "dist", "cli.js");
const alone = process.env.CONFORMANCE_ALONE === "1";

interface Expected {
  tasks?: boolean;
  servers?: Record<string, { legacy?: unknown; modern?: unknown; exact?: boolean; unknown?: UnknownWanted[] }>;
  notServers?: string[];
  diagnostics?: { code: string; file: string; line: number | number[] }[];
  onlyTheseDiagnostics?: boolean;
}

/** An expected `unknown` entry: its path, and its source and spread when given. */
interface UnknownWanted {
  path: string[];
  source?: string;
  spread?: boolean;
}

interface Report {
  servers: { name: string; legacy: unknown; modern: unknown; exact: boolean; unknown?: { path: string[]; source?: string; spread?: true }[] }[];
  diagnostics: { code: string; file: string; line: number; severity: string; message: string }[];
}

const run = promisify(execFile);

/** The version stamp differs between the sources ("0.0.0-dev") and the bundle. */
const withoutVersion = (stdout: string) => ({ ...JSON.parse(stdout), version: undefined });

async function problemsOf(dir: string): Promise<string[]> {
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Expected;
  const args = ["--json", ...(expected.tasks === undefined ? [] : ["--tasks", expected.tasks ? "on" : "off"]), "."];
  const { status, stdout, stderr } = mcpCapsInProcess(dir, args);
  assert.equal(status, 0, `mcp-caps exit status\nstderr: ${stderr}`);
  if (alone) {
    const spawned = await run(process.execPath, [cli, ...args], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    assert.deepEqual(withoutVersion(spawned.stdout), withoutVersion(stdout), "dist/cli.js alone and the in-process run print different reports");
    assert.equal(spawned.stderr, stderr, "dist/cli.js alone and the in-process run print different warnings");
  }
  const report = JSON.parse(stdout) as Report;
  const problems: string[] = [];
  const byName = new Map(report.servers.map((s) => [s.name, s]));
  for (const [name, want] of Object.entries(expected.servers ?? {})) {
    const got = byName.get(name);
    if (!got) {
      problems.push(`server ${name} not reported`);
      continue;
    }
    for (const era of ["legacy", "modern"] as const) {
      if (era in want && !isDeepStrictEqual(got[era], want[era])) problems.push(`${name}.${era}: want ${JSON.stringify(want[era])} got ${JSON.stringify(got[era])}`);
    }
    if ("exact" in want && got.exact !== want.exact) problems.push(`${name}.exact: want ${want.exact} got ${got.exact}`);
    // As the shared runner: each expected entry is listed (path, and source and spread when given), and nothing else.
    if (want.unknown) {
      const has = got.unknown ?? [];
      const same = (w: UnknownWanted, g: (typeof has)[number]) => isDeepStrictEqual(w.path, g.path) && (w.source === undefined || w.source === g.source) && (w.spread === undefined || (g.spread === true) === w.spread);
      for (const w of want.unknown) if (!has.some((g) => same(w, g))) problems.push(`${name}.unknown: missing ${JSON.stringify(w)} (got ${JSON.stringify(has)})`);
      for (const g of has) if (!want.unknown.some((w) => same(w, g))) problems.push(`${name}.unknown: unexpected ${JSON.stringify(g)}`);
    }
    if (JSON.stringify([got.legacy, got.modern]).includes('"$dynamic"')) problems.push(`${name}: an era object holds a "$dynamic" placeholder`);
  }
  for (const name of expected.notServers ?? []) if (byName.has(name)) problems.push(`${name} reported as a server`);
  const matches = (w: { code: string; file: string; line: number | number[] }, g: Report["diagnostics"][number]) =>
    w.code === g.code && w.file === g.file && (Array.isArray(w.line) ? w.line.includes(g.line) : w.line === g.line);
  for (const w of expected.diagnostics ?? []) {
    if (!report.diagnostics.some((g) => matches(w, g))) {
      problems.push(`missing ${w.code}@${w.file}:${w.line} (got: ${report.diagnostics.map((g) => `${g.code}@${g.file}:${g.line}`).join(", ") || "none"})`);
    }
  }
  if (expected.onlyTheseDiagnostics) {
    for (const g of report.diagnostics) {
      if ((g.severity === "error" || g.severity === "warning") && !(expected.diagnostics ?? []).some((w) => matches(w, g))) {
        problems.push(`unexpected ${g.code}@${g.file}:${g.line}: ${g.message}`);
      }
    }
  }
  return problems;
}

for (const suite of ["conformance", "cases"]) {
  const casesDir = join(root, "test", "fixtures", suite);
  if (!existsSync(casesDir)) continue;
  // Several at once only matter with CONFORMANCE_ALONE=1, where each case also waits on a process.
  describe(`conformance: test/fixtures/${suite}`, { concurrency: 4 }, () => {
    for (const name of readdirSync(casesDir).sort()) {
      const dir = join(casesDir, name);
      if (!existsSync(join(dir, "expected.json"))) continue;
      it(name, async () => assert.deepEqual(await problemsOf(dir), []));
    }
  });
}
