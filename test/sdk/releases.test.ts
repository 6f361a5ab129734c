// SDK v1 releases whose McpServer adds different capabilities on its own, started for real: each
// release is installed from its committed lock file (test/sdk/releases/<version>/) into .tmp/, the
// fixtures of test/fixtures/sdk-releases are copied beside that install (so they load that release),
// the oracle asks each one `initialize`, and `mcp-caps --json` analyses the same copies (it reads the
// installed version from node_modules). Every prediction must be exact and equal what was sent (or
// not served, where the release throws at start-up).
// The releases are the edges of the ranges sdkRelease.ts keys its rules by: 1.7.0 (no listChanged,
// no completions), 1.11.0 (listChanged), 1.12.2 and 1.24.3 (completions with any prompt or resource),
// 1.32.1 (declared primitives not installed at construction); r4 is refused from 1.22.0 on; the repository's own 1.32.2 is the
// newest range and is covered by differential.test.ts. SDK 0.4.0, the only release before 0.5.0, has
// no capabilities option at all: its fixtures (p*) are started over stdio with `mcp-caps probe`.
//
//   node --import tsx --test test/sdk/releases.test.ts
//   SDK_RELEASES_SKIP_START=1 node --import tsx --test test/sdk/releases.test.ts   (no install, no start)
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { runCli } from "../../server/src/cli/main";
import { runProbe } from "../../server/src/cli/probe/probeCommand";
import { sdkRelease } from "../../server/src/analysis/dialects/sdk/sdkRelease";
import { rangeReach } from "../../server/src/analysis/dialects/sdk/rangeRelease";
import type { OracleResult } from "./oracle.mjs";
import { createOraclePool } from "./oraclePool.mjs";
import { runCommand } from "../helpers/runCommand";

const repo = join(import.meta.dirname, "..", "..");
const fixturesDir = join(repo, "test", "fixtures", "sdk-releases");
const fixtures = readdirSync(fixturesDir).filter((n) => /^r\d+-/.test(n)).sort();
/** Servers on SDK 0.4.0, the release before capabilities were declared: started over stdio by `mcp-caps probe`. */
const preOptionsFixtures = readdirSync(fixturesDir).filter((n) => /^p\d+-/.test(n)).sort();
const RELEASES = ["1.7.0", "1.11.0", "1.12.2", "1.24.3", "1.32.1"];
const INSTALL_LIMIT_MS = 180_000;

interface Reported {
  file: string;
  exact: boolean;
  legacy: Record<string, unknown> | null;
  modern: Record<string, unknown> | null;
  unknown: { path: string[]; reason: string }[];
}

/** The release installed from its committed lock file under .tmp/, unless that install is there already. */
async function installed(version: string, names: readonly string[] = fixtures): Promise<string> {
  const source = join(repo, "test", "sdk", "releases", version);
  const dir = join(repo, ".tmp", "sdk-releases", version);
  const lock = readFileSync(join(source, "package-lock.json"), "utf8");
  const stamp = join(dir, "node_modules", ".installed-lock.json");
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== lock) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const f of ["package.json", "package-lock.json"]) cpSync(join(source, f), join(dir, f));
    await runCommand("npm", ["ci", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], dir, INSTALL_LIMIT_MS);
    writeFileSync(stamp, lock);
  }
  for (const name of names) {
    const copy = join(dir, "fixtures", name);
    rmSync(copy, { recursive: true, force: true });
    cpSync(join(fixturesDir, name), copy, { recursive: true });
  }
  return dir;
}


describe("older SDK v1 releases, started and analysed", { skip: process.env.SDK_RELEASES_SKIP_START === "1" }, () => {
  const real = new Map<string, OracleResult>();
  const reports = new Map<string, Reported[]>();
  const warnings = new Map<string, { code: string; file: string; message: string }[]>();

  // One oracle process per release, which observes that release's fixtures one after the other
  // (each fixture's copy loads the release installed beside it): Node, tsx and the SDK start once a
  // release instead of once a fixture.
  const oracle = createOraclePool({ timeoutMs: 60_000 });
  after(() => oracle.close());

  before(async () => {
    // The releases install at once (each `npm ci` mostly waits on the registry and the disk); the
    // fixtures of one release start one after the other, beside the other releases'.
    await Promise.all(
      RELEASES.map(async (version) => {
        const dir = await installed(version);
        for (const name of fixtures) real.set(`${version}/${name}`, await oracle.observe(join(dir, "fixtures", name), version));
        let out = "";
        runCli(["--json", "fixtures"], { cwd: dir, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} });
        const report = JSON.parse(out) as { servers: Reported[]; diagnostics: { code: string; file: string; message: string }[] };
        reports.set(version, report.servers);
        warnings.set(version, report.diagnostics);
      }),
    );
  });

  for (const version of RELEASES) {
    for (const name of fixtures) {
      it(`${version} ${name}: the prediction is exact and what the release sends`, () => {
        const observed = real.get(`${version}/${name}`)!;
        const servers = reports.get(version)!.filter((s) => s.file.startsWith(`fixtures/${name}/`));
        assert.equal(servers.length, 1, "one server found");
        const s = servers[0]!;
        assert.deepEqual(s.unknown, [], "exact: the release is inside a range that was read");
        assert.equal(s.modern, null);
        // A release that refuses the code at start-up sends nothing: predicted as not served.
        if (observed.threw !== null) assert.equal(s.legacy, null, `the release throws (${observed.threw}), so nothing is sent`);
        else assert.deepEqual(s.legacy, observed.legacy);
        // "Nothing answers X" is said only where the release really answers X with Method not found.
        for (const d of warnings.get(version)!.filter((w) => w.code === "sdk-handler-missing" && w.file.startsWith(`fixtures/${name}/`))) {
          const method = /(?:nothing answers|there is no) ([a-z]+\/[a-zA-Z/]+)/.exec(d.message)?.[1];
          const probed = method === undefined ? undefined : observed.probes?.legacy?.[method];
          if (probed !== undefined) assert.equal(probed, -32601, `${version} answers ${method}, yet: ${d.message}`);
        }
      });
    }
  }
});

describe("SDK 0.4.0 (no capabilities option), started and analysed", { skip: process.env.SDK_RELEASES_SKIP_START === "1" }, () => {
  const observed = new Map<string, { legacy: { outcome: string; capabilities: unknown }; modern: { outcome: string } }>();
  let reported: Reported[] = [];
  let diagnostics: { code: string; file: string }[] = [];

  before(async () => {
    const dir = await installed("0.4.0", preOptionsFixtures);
    for (const name of preOptionsFixtures) {
      const cwd = join(dir, "fixtures", name);
      let out = "";
      let err = "";
      const io = { cwd, stdout: (t: string) => (out += t), stderr: (t: string) => (err += t), isTty: false, env: { ...process.env, NO_COLOR: "1" } };
      const status = await runProbe(["--json", "--timeout", "20000", "--", process.execPath, "--import", "tsx", "server.ts"], io);
      assert.equal(status, 0, `probe of ${name}: ${err}`);
      observed.set(name, JSON.parse(out));
    }
    let out = "";
    runCli(["--json", "fixtures"], { cwd: dir, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} });
    const report = JSON.parse(out) as { servers: Reported[]; diagnostics: { code: string; file: string }[] };
    reported = report.servers;
    diagnostics = report.diagnostics;
  });

  for (const name of preOptionsFixtures) {
    it(`0.4.0 ${name}: the prediction is exact and what the release sends`, () => {
      const meta = JSON.parse(readFileSync(join(fixturesDir, name, "meta.json"), "utf8")) as { legacy: unknown };
      const real = observed.get(name)!;
      // What 0.4.0 sends, as read in its Server.getCapabilities() and written in meta.json by hand.
      assert.equal(real.legacy.outcome, "answered");
      assert.deepEqual(real.legacy.capabilities, meta.legacy);
      assert.equal(real.modern.outcome, "refused");
      const servers = reported.filter((s) => s.file.startsWith(`fixtures/${name}/`));
      assert.equal(servers.length, 1, "one server found");
      assert.deepEqual(servers[0]!.unknown, []);
      assert.deepEqual(servers[0]!.legacy, real.legacy.capabilities);
      assert.equal(servers[0]!.modern, null);
      assert.deepEqual(diagnostics.filter((d) => d.file.startsWith(`fixtures/${name}/`)), [], "0.4.0 checks no capability");
    });
  }
});

describe("SDK v1 release rules", () => {
  it("keys listChanged, completions and eager installs by the version, and says when a version was not checked", () => {
    assert.deepEqual(
      ["1.9.0", "1.10.0", "1.12.1", "1.12.2", "1.24.3", "1.25.0", "1.32.1", "1.32.2"].map((v) => {
        const r = sdkRelease(v);
        return [v, r.listChangedOnRegister, r.completions, r.eagerInstall];
      }),
      [
        ["1.9.0", false, "never", false],
        ["1.10.0", true, "never", false],
        ["1.12.1", true, "never", false],
        ["1.12.2", true, "with-any-prompt-or-resource", false],
        ["1.24.3", true, "with-any-prompt-or-resource", false],
        ["1.25.0", true, "with-completers", false],
        ["1.32.1", true, "with-completers", false],
        ["1.32.2", true, "with-completers", true],
      ],
    );
    assert.equal(sdkRelease("1.7.0").unverified, undefined);
    assert.match(sdkRelease("1.5.0").unverified ?? "", /SDK 1\.5\.0, older than 1\.7\.0/);
    // No version known: the newest rules, stated exactly (what npm would install).
    assert.deepEqual(sdkRelease(undefined), { version: undefined, listChangedOnRegister: true, completions: "with-completers", eagerInstall: true, schemaChecked: true, completionHandlerChecked: true, setLevelInstalled: true, toolInputLimitChecked: true, completableMarksSchema: true, mixedZodRefused: true });
    // Tool schemas are checked at registration from 1.28.0 (read in the published builds of 1.27.1 and 1.28.0).
    assert.deepEqual(["1.27.1", "1.28.0"].map((v) => sdkRelease(v).schemaChecked), [false, true]);
    // A completion/complete handler needs `completions` from 1.22.0 (read in the builds of 1.21.2 and 1.22.0).
    assert.deepEqual(["1.21.2", "1.22.0"].map((v) => sdkRelease(v).completionHandlerChecked), [false, true]);
    // The Server's constructor answers logging/setLevel for a declared logging from 1.17.5 (read in the sources of the 1.17.4 and 1.17.5 tags).
    assert.deepEqual(["1.17.4", "1.17.5"].map((v) => sdkRelease(v).setLevelInstalled), [false, true]);
    // McpServer refuses a maxToolInputElements below 1 from 1.32.0 (read in the builds of 1.31.0 and 1.32.0).
    assert.deepEqual(["1.31.0", "1.32.0"].map((v) => sdkRelease(v).toolInputLimitChecked), [false, true]);
    // completable() wraps the schema before 1.23.0 and marks it in place from then on.
    assert.deepEqual(["1.22.0", "1.23.0"].map((v) => sdkRelease(v).completableMarksSchema), [false, true]);
    // A raw shape mixing Zod 3 and Zod 4 fields throws from 1.23.0 (objectFromShape, read in the builds of 1.22.0 and 1.23.0).
    assert.deepEqual(["1.22.0", "1.23.0"].map((v) => sdkRelease(v).mixedZodRefused), [false, true]);
  });
});

/** `mcp-caps --json` on a copy of r1 with the SDK version given by a stub install or a lock file only. */
function analyseWith(files: Record<string, string>): Reported {
  const dir = mkdtempSync(join(tmpdir(), "sdk-release-"));
  try {
    cpSync(join(fixturesDir, "r1-tool-and-prompt", "server.ts"), join(dir, "server.ts"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    let out = "";
    runCli(["--json", "."], { cwd: dir, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} });
    return (JSON.parse(out) as { servers: Reported[] }).servers[0]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Like analyseWith, with the report's diagnostics. */
function analyseFull(files: Record<string, string>): { server: Reported; diagnostics: { code: string; severity: string }[] } {
  const dir = mkdtempSync(join(tmpdir(), "sdk-release-"));
  try {
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
    let out = "";
    runCli(["--json", "."], { cwd: dir, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} });
    const report = JSON.parse(out) as { servers: Reported[]; diagnostics: { code: string; severity: string }[] };
    return { server: report.servers[0]!, diagnostics: report.diagnostics };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("where the SDK version comes from", () => {
  // Not installed in the analysed folder, the SDK may be loaded from a folder above it (a workspace's
  // hoisted install, which the analysis does not read): the named release's rules are shown, and
  // where the newest release's differ, the key is not stated.
  const ABOVE = /is named but not installed in the analysed folder, and Node may load a copy installed in a folder above it/;

  it("without node_modules, shows the version package-lock.json pins (what npm ci installs), approximate where a newer install above may differ", () => {
    const lock = JSON.stringify({ name: "w", lockfileVersion: 3, packages: { "node_modules/@modelcontextprotocol/sdk": { version: "1.9.0" } } }, null, 2);
    const s = analyseWith({ "package-lock.json": lock });
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { prompts: {}, tools: {} });
    assert.deepEqual(s.unknown.map((u) => u.path.join(".")), ["prompts.listChanged", "tools.listChanged"]);
    assert.ok(s.unknown.every((u) => ABOVE.test(u.reason)), JSON.stringify(s.unknown));
  });

  it("without node_modules or a lock, a package.json that names one version decides (what npm install gives)", () => {
    const manifest = JSON.stringify({ name: "w", type: "module", dependencies: { "@modelcontextprotocol/sdk": "1.9.0" } });
    const s = analyseWith({ "package.json": manifest });
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { prompts: {}, tools: {} });
    assert.deepEqual(s.unknown.map((u) => u.path.join(".")), ["prompts.listChanged", "tools.listChanged"]);
    assert.ok(s.unknown.every((u) => ABOVE.test(u.reason)), JSON.stringify(s.unknown));
  });

  it("a lock file with a range in package.json: the newest rules, approximate where the locked release differs", () => {
    const lock = JSON.stringify({ name: "w", lockfileVersion: 3, packages: { "node_modules/@modelcontextprotocol/sdk": { version: "1.9.0" } } }, null, 2);
    const manifest = JSON.stringify({ name: "w", type: "module", dependencies: { "@modelcontextprotocol/sdk": "^1.9.0" } });
    const s = analyseWith({ "package-lock.json": lock, "package.json": manifest });
    assert.equal(s.exact, false);
    // 1.9.0 sends no listChanged, the newest sends true: neither is stated, each flag is unknown.
    assert.deepEqual(s.legacy, { prompts: {}, tools: {} });
    assert.deepEqual(s.unknown.map((u) => u.path.join(".")), ["prompts.listChanged", "tools.listChanged"]);
    assert.ok(s.unknown.every((u) => /package-lock\.json pins SDK 1\.9\.0, but package\.json allows \^1\.9\.0/.test(u.reason)), JSON.stringify(s.unknown));
    // Pinned to that very version, with the lock beside the package.json: the folder is the root of its
    // own install, whose node_modules Node finds before any copy above: exact.
    const pinned = analyseWith({ "package-lock.json": lock, "package.json": manifest.replace("^1.9.0", "1.9.0") });
    assert.equal(pinned.exact, true, JSON.stringify(pinned.unknown));
    assert.deepEqual(pinned.legacy, { prompts: {}, tools: {} });
  });

  it("a lock file with a range: a listChanged the options set to true is stated, whichever release installs the handlers", () => {
    const lock = JSON.stringify({ name: "w", lockfileVersion: 3, packages: { "node_modules/@modelcontextprotocol/sdk": { version: "1.30.0" } } }, null, 2);
    const manifest = JSON.stringify({ name: "w", type: "module", dependencies: { "@modelcontextprotocol/sdk": "^1.30.0" } });
    const server = [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";',
      'const server = new McpServer({ name: "s", version: "1" }, { capabilities: { tools: { listChanged: true }, prompts: {} } });',
      "await server.connect(new StdioServerTransport());",
      "",
    ].join("\n");
    const s = analyseWith({ "package-lock.json": lock, "package.json": manifest, "server.ts": server });
    // 1.30.0 sends the options as given; 1.32.2 installs the declared primitives' handlers and forces
    // listChanged: true. Only the prompts flag differs between them.
    assert.deepEqual(s.legacy, { prompts: {}, tools: { listChanged: true } });
    assert.deepEqual(s.unknown.map((u) => u.path.join(".")), ["prompts.listChanged"]);
  });

  it("without a lock, a range decides by the newest release it allows: ~1.15.1 keeps 1.15's rules, ^1.15.1 takes the newest", () => {
    const manifest = (range: string) => JSON.stringify({ name: "w", type: "module", dependencies: { "@modelcontextprotocol/sdk": range } });
    // 1.12.2 to 1.24.x: a prompt registration adds completions (started above on 1.12.2 and 1.24.3).
    const tilde = analyseWith({ "package.json": manifest("~1.15.1") });
    // The newest release (which a folder above may hold) adds no completions here, 1.15's does: that key alone is not stated.
    assert.deepEqual(tilde.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    assert.deepEqual(tilde.unknown.map((u) => u.path.join(".")), ["completions"]);
    assert.ok(ABOVE.test(tilde.unknown[0]!.reason), JSON.stringify(tilde.unknown));
    const caret = analyseWith({ "package.json": manifest("^1.15.1") });
    assert.equal(caret.exact, true, JSON.stringify(caret.unknown));
    assert.deepEqual(caret.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    // A lock inside the only rule period the range reaches decides, exactly: beside the package.json it
    // also makes the folder the root of its own install (no copy above is loaded instead).
    const lock = JSON.stringify({ name: "w", lockfileVersion: 3, packages: { "node_modules/@modelcontextprotocol/sdk": { version: "1.15.1" } } }, null, 2);
    const locked = analyseWith({ "package.json": manifest("~1.15.0"), "package-lock.json": lock });
    assert.deepEqual(locked.legacy, { completions: {}, ...tilde.legacy });
    assert.equal(locked.exact, true, JSON.stringify(locked.unknown));
    // So does another package manager's lock file, which the analysis does not read.
    const pnpm = analyseWith({ "package.json": manifest("~1.15.1"), "pnpm-lock.yaml": "lockfileVersion: '9.0'\n" });
    assert.deepEqual(pnpm.legacy, locked.legacy);
    assert.equal(pnpm.exact, true, JSON.stringify(pnpm.unknown));
  });

  it("a tool schema refused from 1.28.0: an error on the releases that check it, nothing before, a warning when either may load", () => {
    const server = [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";',
      'import { z } from "zod";',
      'const server = new McpServer({ name: "s", version: "1" });',
      'server.tool("lookup", "Find", z.object({ email: z.string() }), async () => ({ content: [] }));',
      "await server.connect(new StdioServerTransport());",
      "",
    ].join("\n");
    const manifest = (range: string) => JSON.stringify({ name: "w", type: "module", dependencies: { "@modelcontextprotocol/sdk": range } });
    const lock = (version: string) => JSON.stringify({ name: "w", lockfileVersion: 3, packages: { "node_modules/@modelcontextprotocol/sdk": { version } } });
    const newest = analyseFull({ "package.json": manifest("1.28.0"), "package-lock.json": lock("1.28.0"), "server.ts": server });
    assert.equal(newest.server.legacy, null, "1.28.0 throws at start-up");
    assert.deepEqual(newest.diagnostics.map((d) => `${d.code} ${d.severity}`), ["sdk-tool-schema-rejected error"]);
    const older = analyseFull({ "package.json": manifest("1.27.1"), "package-lock.json": lock("1.27.1"), "server.ts": server });
    assert.deepEqual(older.server.legacy, { tools: { listChanged: true } });
    assert.equal(older.server.exact, true, JSON.stringify(older.server.unknown));
    assert.deepEqual(older.diagnostics, []);
    const either = analyseFull({ "package.json": manifest("^1.27.0"), "package-lock.json": lock("1.27.1"), "server.ts": server });
    assert.equal(either.server.exact, false);
    assert.deepEqual(either.diagnostics.map((d) => `${d.code} ${d.severity}`), ["sdk-tool-schema-rejected warning"]);
  });

  it("the rule period a range reaches", () => {
    assert.equal(rangeReach("~1.15.1"), "1.15.1");
    assert.equal(rangeReach("^1.9.0"), "1.999.999");
    assert.equal(rangeReach(">=1.10.0 <1.26.0"), "1.25.0");
    assert.equal(rangeReach("1.8.x || 1.30.x"), "1.30.0");
    assert.equal(rangeReach("latest"), undefined);
    assert.equal(rangeReach("workspace:*"), undefined);
  });

  it("a release older than the ones checked is approximate, and says why", () => {
    const s = analyseWith({ "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.5.0" }) });
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /SDK 1\.5\.0, older than 1\.7\.0, whose McpServer rules were not checked/.test(u.reason)), JSON.stringify(s.unknown));
  });

  it("no version known: the newest release's rules, exact", () => {
    const s = analyseWith({});
    assert.equal(s.exact, true);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });
});
