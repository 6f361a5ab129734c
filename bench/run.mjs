// The benchmarks of MCP Capability Lens (`npm run bench`):
//
//   node --expose-gc bench/run.mjs [options]
//     --out DIR          where RESULTS.md and results.json go (default: bench/)
//     --sizes A,B,C      corpus sizes in files (default 100,1000,5000)
//     --primary N        the corpus the ratio, edit and LSP targets are measured on (default 1000)
//     --large N          the corpus of the peak-RSS target (default: the largest size)
//     --parts LIST       only some parts: corpora,peer,sdk,lsp,first-lens,real (default all; a partial
//                        run writes to .tmp/bench/partial/ unless --out is given)
//     --real-pairs N     pairs of whole processes per real repository (default 5)
//     --smoke            a tiny run of the harness itself (one small corpus, one repetition)
//
// Every target is on the wall clock (CPU times are kept in results.json for reference). Target and
// baseline are measured as alternating pairs in one process (A B A B …) and the median of the
// per-pair ratios is the measured value; the spread (min–max of the ratios, or of a quantile over
// three blocks of samples) and the load average are printed beside every target. When a target's
// spread reaches across its limit (wider than the margin between the median and the limit), the run
// proves nothing either way: results.json and RESULTS.md are not written, and the run asks for a rerun.
// Real repositories (MCP_LENS_BENCH_REPOS, bench/realRepos.mjs) are measured when that folder is set.
//
// Corpora are generated (deterministically, bench/corpus.mjs) under .tmp/bench/ and reused while the
// generator is unchanged. Every measurement runs in its own child process (bench/measure.mjs): the
// parse floor and the cold analysis interleaved, the edits on the warm workspace, the type-checker
// peer, the peak RSS; the real-SDK baseline starts one `node` per server (bench/sdk-start.mjs); the
// LSP round trips talk to dist/server.js over stdio (bench/lsp.mjs).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { ensureCorpus } from "./corpus.mjs";
import { measureLsp } from "./lsp.mjs";
import { loadNow, RESULT_MARK, summary } from "./stats.mjs";
import { evaluateTargets } from "./targets.mjs";
import { renderResults } from "./report.mjs";
import { measureFirstLens } from "./firstLens.mjs";
import { measureRealRepos, REAL_REPOS, REPOS_ENV } from "./realRepos.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, "..");
const TMP = join(REPO, ".tmp", "bench");
const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// options

const ALL_PARTS = ["corpora", "peer", "sdk", "lsp", "first-lens", "real"];

function parseOptions(argv) {
  const o = { smoke: false, out: undefined, sizes: [100, 1000, 5000], primary: 1000, large: undefined, parts: ALL_PARTS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--smoke") o.smoke = true;
    else if (a.startsWith("--out")) o.out = value();
    else if (a.startsWith("--sizes")) o.sizes = value().split(",").map(Number);
    else if (a.startsWith("--primary")) o.primary = Number(value());
    else if (a.startsWith("--large")) o.large = Number(value());
    else if (a.startsWith("--parts")) o.parts = value().split(",");
    else if (a.startsWith("--real-pairs")) o.realPairs = Number(value());
    else throw new Error(`unknown option ${a}`);
  }
  if (o.smoke && !argv.some((a) => a.startsWith("--sizes"))) o.sizes = [60];
  if (o.smoke && !argv.some((a) => a.startsWith("--primary"))) o.primary = o.sizes[0];
  o.large ??= Math.max(...o.sizes);
  for (const s of [o.primary, o.large]) if (!o.sizes.includes(s)) throw new Error(`--primary/--large ${s} is not one of --sizes`);
  for (const p of o.parts) if (!ALL_PARTS.includes(p)) throw new Error(`--parts: ${p} is not one of ${ALL_PARTS.join(",")}`);
  o.partial = ALL_PARTS.some((p) => !o.parts.includes(p));
  o.out ??= o.partial ? join(TMP, "partial") : HERE;
  return o;
}

/** Pairs per corpus size (the 5,000-file corpus gets fewer: the whole run must stay within 6 minutes). */
function plan(o, files) {
  if (o.smoke) return { reps: 1, minReps: 1, budgetMs: 0, editReps: 3, baseReps: 2, parseReps: 3, peerReps: 1, peerBudgetMs: 0, sdkSample: 2, sdkReps: 1, lspReps: 3, lspWarmup: 1, lensStarts: 1 };
  // reps: pairs wanted; minReps: always; budgetMs: no new pair starts after this (a busy machine gets fewer).
  if (files <= 200) return { reps: 9, minReps: 5, budgetMs: 30_000, editReps: 30, baseReps: 20, peerReps: 3, peerBudgetMs: 20_000 };
  if (files <= 2000) return { reps: 7, minReps: 5, budgetMs: 60_000, editReps: 40, baseReps: 20, peerReps: 3, peerBudgetMs: 40_000, sdkSample: 20, sdkReps: 7, lspReps: 50, lspWarmup: 5 };
  return { reps: 5, minReps: 3, budgetMs: 60_000, editReps: 20, baseReps: 10, peerReps: 2, peerBudgetMs: 0, lensStarts: 6 };
}

// ---------------------------------------------------------------------------------------------
// child processes

function runChild(args, { timeoutMs = 900_000, env = {}, cwd = REPO } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_NO_WARNINGS: "1", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      const line = stdout.split("\n").find((l) => l.startsWith(RESULT_MARK));
      if (!line) {
        reject(new Error(`${args.map((a) => relative(REPO, a) || a).join(" ").slice(0, 200)} failed (exit ${code}${signal ? `, ${signal}` : ""})\n${stderr.slice(-4000)}`));
        return;
      }
      resolve({ result: JSON.parse(line.slice(RESULT_MARK.length)), wallMs, stderr });
    });
  });
}

const measure = (task, options, childOptions = {}) =>
  runChild([...(childOptions.nodeArgs ?? ["--expose-gc"]), join(HERE, "measure.mjs"), task, JSON.stringify(options)], childOptions).then((r) => r.result);

// ---------------------------------------------------------------------------------------------
// build

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** The analysis as the benchmarks call it: bench/lib.ts bundled like dist/, ts-morph external. */
async function buildLib() {
  const esbuild = require("esbuild");
  const outfile = join(TMP, "lib.cjs");
  const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));
  await esbuild.build({
    entryPoints: [join(HERE, "lib.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    external: ["ts-morph"],
    logLevel: "warning",
    define: { __VERSION__: JSON.stringify(pkg.version) },
  });
  return outfile;
}

/** The parse-only process of the real-repository targets, bundled against dist/vendor/ts-morph.js as dist/cli.js is. */
async function buildParseOnly() {
  const esbuild = require("esbuild");
  const outfile = join(TMP, "parse-only.cjs");
  const vendor = join(REPO, "dist", "vendor", "ts-morph.js");
  await esbuild.build({
    entryPoints: [join(HERE, "parseOnly.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    logLevel: "warning",
    define: { __VENDOR_TS_MORPH__: JSON.stringify(vendor) },
    plugins: [{ name: "vendor-ts-morph", setup: (b) => b.onResolve({ filter: /^ts-morph$/ }, () => ({ path: vendor, external: true })) }],
  });
  return outfile;
}

/** dist/server.js for the LSP round trips: built when missing or older than the sources. */
function ensureServerBundle() {
  const server = join(REPO, "dist", "server.js");
  const sources = Math.max(newest(join(REPO, "server", "src")), newest(join(REPO, "common")));
  if (!existsSync(server) || statSync(server).mtimeMs < sources) {
    console.error("bench: building dist/ (node esbuild.mjs)…");
    execFileSync(process.execPath, [join(REPO, "esbuild.mjs")], { cwd: REPO, stdio: ["ignore", "inherit", "inherit"] });
  }
  return server;
}

// ---------------------------------------------------------------------------------------------
// the real SDK: what users do today

/** Compiles the sampled SDK servers to .mjs (as `tsc` would) next to the corpus, inside the repository. */
function compileSdkServers(corpusDir, sample, outDir) {
  const { ts } = require("ts-morph");
  mkdirSync(outDir, { recursive: true });
  return sample.map((rel) => {
    const source = readFileSync(join(corpusDir, rel), "utf8");
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    const file = join(outDir, rel.replace(/[\\/]/g, "__").replace(/\.ts$/, ".mjs"));
    writeFileSync(file, js);
    return { rel, file };
  });
}

// ---------------------------------------------------------------------------------------------

function machine(o) {
  const info = cpus();
  let commit;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    commit = undefined;
  }
  const { ts } = require("ts-morph");
  return {
    cores: info.length,
    cpuModel: info[0]?.model ?? "unknown",
    memoryGB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    typescript: ts.version,
    tsMorph: require("ts-morph/package.json").version,
    commit,
    loadAverageAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
    smoke: o.smoke,
  };
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const t0 = performance.now();
  const log = (msg) => console.error(`bench [${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
  mkdirSync(TMP, { recursive: true });
  const info = machine(o);
  log(`${info.cores} cores, Node ${info.node}, load ${info.loadAverageAtStart.join(" ")}; every target on the wall clock${o.partial ? `; parts: ${o.parts.join(",")}` : ""}`);
  const has = (part) => o.parts.includes(part);

  const lib = await buildLib();
  const server = ensureServerBundle();
  const parseOnly = await buildParseOnly();
  log(`built ${relative(REPO, lib)}, ${relative(REPO, parseOnly)}; language server ${relative(REPO, server)}`);

  const corpora = [];
  if (["corpora", "peer", "sdk", "lsp", "first-lens"].some(has)) {
    for (const files of o.sizes) {
      const dir = join(TMP, o.smoke ? `smoke-corpus-${files}` : `corpus-${files}`);
      const started = performance.now();
      const { manifest, reused } = ensureCorpus({ dir, files });
      corpora.push({ files, dir, manifest, generateMs: reused ? 0 : performance.now() - started, reused });
      log(`corpus ${files}: ${(manifest.bytes / 1e6).toFixed(1)} MB, ${manifest.lines} lines${reused ? " (reused)" : ""}`);
    }
  }

  // A real run measures one thing at a time; the smoke run only checks the harness, with its steps at once.
  const pending = [];
  const step = async (fn) => {
    if (o.smoke) pending.push(fn());
    else await fn();
  };
  const results = { machine: info, clock: "wall", parts: o.parts, corpora: [], sdk: undefined, lsp: undefined, firstLens: undefined, real: undefined };
  const primary = corpora.find((c) => c.files === o.primary);
  const large = corpora.find((c) => c.files === o.large);
  for (const c of corpora) {
    const p = plan(o, c.files);
    const isPrimary = c === primary;
    const entry = { files: c.files, dir: relative(REPO, c.dir), generateMs: c.generateMs, manifest: stripManifest(c.manifest) };
    if (has("corpora")) await step(async () => {
      log(`corpus ${c.files}: parse floor and cold analysis (${p.reps} pairs), edits…`);
      entry.analysis = await measure("analysis", {
        lib,
        corpus: c.dir,
        reps: p.reps,
        minReps: p.minReps,
        budgetMs: p.budgetMs,
        edits: true,
        editReps: p.editReps,
        baseReps: p.baseReps,
        floorDefault: !o.smoke && c.files <= 2000,
        parseReps: p.parseReps ?? 21,
      });
      const a = entry.analysis;
      log(`corpus ${c.files}: floor ${a.floor.median.toFixed(0)} ms, cold ${a.cold.median.toFixed(0)} ms; cold/floor ${a.pairs.median}× (${a.pairs.min}–${a.pairs.max}), load ${a.loadAverage}`);
      entry.rss = await measure("rss", { lib, corpus: c.dir }, { nodeArgs: ["--expose-gc"] });
      log(`corpus ${c.files}: peak RSS ${entry.rss.peakRssMB} MB`);
    });
    if (has("peer")) await step(async () => {
      log(`corpus ${c.files}: type-checker peer and cold analysis (${p.peerReps} pairs)…`);
      entry.peer = await measure("peer", { lib, corpus: c.dir, reps: p.peerReps, minReps: Math.min(2, p.peerReps), budgetMs: p.peerBudgetMs }, { nodeArgs: ["--expose-gc", "--max-old-space-size=8192"] });
      log(`corpus ${c.files}: peer ${entry.peer.peer.median.toFixed(0)} ms; peer/cold ${entry.peer.pairs.median}× (${entry.peer.pairs.min}–${entry.peer.pairs.max})`);
    });
    results.corpora.push(entry);
    const sdkSample = isPrimary && has("sdk") ? pickSample(c.manifest.sdkFiles, p.sdkSample ?? 0) : [];
    if (sdkSample.length > 0) await step(async () => {
      log(`corpus ${c.files}: ${sdkSample.length} SDK servers, real starts and ours in alternating pairs…`);
      const compiled = compileSdkServers(c.dir, sdkSample, join(TMP, o.smoke ? "smoke-sdk-js" : "sdk-js", String(c.files)));
      // Warm-up: the other SDK servers and some ordinary files, so the code is as warm as in a running server.
      const warmup = [...c.manifest.sdkFiles.filter((f) => !sdkSample.includes(f)), ...c.manifest.sourceFiles.filter((f) => f.startsWith("src/lib/")).slice(0, 40)];
      const ours = await measure("sdk-ours", { lib, corpus: c.dir, sdkSample, sdkReps: p.sdkReps ?? 1, compiled, sdkStartScript: join(HERE, "sdk-start.mjs"), warmStart: !o.smoke, ...(warmup.length > 0 ? { warmup } : {}) });
      const firstStarts = sdkSample.map((rel) => ours.starts.find((s) => s.rel === rel));
      const same = (s) => JSON.stringify(sortKeys(s.capabilities)) === JSON.stringify(sortKeys(ours.servers[s.rel]?.legacy ?? null));
      results.sdk = {
        corpus: c.files,
        sample: sdkSample,
        pairs: ours.pairs,
        loadAverage: ours.loadAverage,
        realStart: summary(ours.starts.map((s) => s.wallMs)),
        realStartCpu: summary(ours.starts.map((s) => s.cpuMs)),
        realInProcess: summary(ours.starts.map((s) => s.inProcessMs)),
        oursPerServer: ours.perServer,
        oursPerServerCpu: ours.perServerCpu,
        oursFreshEach: ours.freshEach,
        oursFreshEachCpu: ours.freshEachCpu,
        oursWarmEach: ours.warmEach,
        oursWarmEachCpu: ours.warmEachCpu,
        agree: firstStarts.filter(same).length,
        compared: firstStarts.length,
        disagreements: firstStarts.filter((s) => !same(s)).map((s) => ({ file: s.rel, real: s.capabilities, ours: ours.servers[s.rel]?.legacy ?? null })),
      };
      log(`SDK: real start ${results.sdk.realStart.median.toFixed(0)} ms, ours ${ours.perServer.median.toFixed(1)} ms per server; ratio ${ours.pairs.median}× (${ours.pairs.min}–${ours.pairs.max}); ${results.sdk.agree}/${results.sdk.compared} agree`);
    });
    if (isPrimary && has("lsp")) await step(async () => {
      log(`corpus ${c.files}: LSP round trips on a warm server…`);
      const loadAtStart = loadNow();
      results.lsp = { corpus: c.files, ...(await measureLsp({ server, corpus: c.dir, manifest: c.manifest, reps: p.lspReps ?? 50, warmup: p.lspWarmup ?? 5 })) };
      results.lsp.loadAverage = Math.max(loadAtStart, loadNow());
      log(`LSP: hover p95 ${results.lsp.hover.p95} ms, code lens p95 ${results.lsp.codeLens.p95} ms, diagnostics p95 ${results.lsp.diagnostics.p95} ms`);
    });
  }

  if (has("first-lens") && large) await step(async () => {
    const starts = plan(o, large.files).lensStarts ?? 6;
    log(`corpus ${large.files}: first lens and hover on a cold language server (${starts} cold starts per file)…`);
    results.firstLens = { corpus: large.files, starts, files: await measureFirstLens({ server, corpus: large.dir, manifest: large.manifest, starts, warmup: !o.smoke }) };
    for (const f of results.firstLens.files) log(`first lens (${f.kind}, ${f.file}): p95 ${f.both.p95} ms, median ${f.both.median} ms, ${f.parses} parses`);
  });
  await Promise.all(pending);

  if (has("real") && !o.smoke) {
    const reposDir = process.env[REPOS_ENV];
    if (!reposDir || !existsSync(reposDir)) {
      results.real = { skipped: `${REPOS_ENV} is not set to a folder of fetched snapshots (<owner>+<name>/repo): ${REAL_REPOS.map((r) => r.repo).join(", ")}` };
      log(`real repositories skipped: ${results.real.skipped}`);
    } else {
      log(`real repositories from ${reposDir}: ours (dist/cli.js --json .) and parse-only, alternating pairs of whole processes…`);
      const libModule = require(lib);
      const { Project } = require("ts-morph");
      const fs = new Project({ skipLoadingLibFiles: true }).getFileSystem();
      // The files the CLI analyses: its own walk, which skips the output folders of every tsconfig.
      const outputFolders = (configPath) => {
        try {
          return new libModule.ProjectContext(configPath, fs).outputFolders();
        } catch {
          return [];
        }
      };
      const listFiles = (dir) => libModule.discoverFiles([dir], dir, outputFolders).files;
      results.real = { repos: await measureRealRepos({ reposDir, cli: join(REPO, "dist", "cli.js"), parseOnly, listFiles, pairs: o.realPairs ?? 5, log }) };
    }
  }

  results.machine.loadAverageAtEnd = loadavg().map((x) => Math.round(x * 100) / 100);
  results.totalSeconds = Math.round((performance.now() - t0) / 100) / 10;
  results.primary = o.primary;
  results.large = o.large;
  const targets = evaluateTargets(results);
  const json = { targets, ...results };
  const inconclusive = targets.filter((t) => !t.conclusive);
  const missed = targets.filter((t) => !t.holds);
  const line = (t) => `  ${t.id}: ${t.measured}${t.unit} (spread ${t.spread.min}–${t.spread.max}, limit ${t.op} ${t.limit}, load ${t.loadAverage ?? "?"})`;
  if (inconclusive.length > 0 && !o.smoke) {
    const kept = join(TMP, "results.rejected.json");
    writeFileSync(kept, `${JSON.stringify(json, null, 2)}\n`);
    log(`NOT written: the spread of ${inconclusive.length} target(s) is wider than its margin (it reaches across the limit), so this run decides nothing for them:\n${inconclusive.map(line).join("\n")}\nThe machine was too noisy (load ${results.machine.loadAverageAtStart[0]} at start, ${results.machine.loadAverageAtEnd[0]} at the end on ${info.cores} cores). Please rerun (npm run bench) when it is quieter. The rejected run is in ${relative(REPO, kept)}.`);
    process.exitCode = 3;
    return;
  }
  mkdirSync(o.out, { recursive: true });
  writeFileSync(join(o.out, "results.json"), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join(o.out, "RESULTS.md"), renderResults(json));
  log(`wrote ${relative(REPO, join(o.out, "RESULTS.md")) || join(o.out, "RESULTS.md")} and results.json in ${results.totalSeconds} s: ${targets.length - missed.length}/${targets.length} targets hold${missed.length ? ` (missed:\n${missed.map(line).join("\n")})` : ""}`);
}

/** Every k-th file, so the sample spreads over the corpus. */
function pickSample(list, n) {
  if (n <= 0 || list.length === 0) return [];
  if (n >= list.length) return [...list];
  const step = list.length / n;
  return Array.from({ length: n }, (_, i) => list[Math.floor(i * step)]);
}

function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]));
  return v;
}

function stripManifest(m) {
  const { sourceFiles, platformDependents, sdkFiles, ...rest } = m;
  return { ...rest, platformDependents: platformDependents.length, sdkServers: sdkFiles.length };
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exit(1);
});
