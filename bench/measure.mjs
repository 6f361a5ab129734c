// One measurement task, run in its own process by bench/run.mjs (so that heaps, JIT state and peak
// RSS of one task never leak into another):
//
//   node --expose-gc bench/measure.mjs <task> '<json options>'
//
// Tasks:
//   analysis  the parse floor and the cold analysis, interleaved, on one corpus; then, on the warm
//             workspace, the single-file edit, the 3,000-line-file edit, the base-class edit with its
//             dependents, and the per-server analysis of a sample of SDK servers;
//   peer      the naive type-checker peer (ts-morph Project from the tsconfig + the type checker);
//   sdk-ours  the per-server cost of analysing SDK servers (code loaded and warm);
//   rss       one cold analysis in a fresh process, then its peak RSS.
// The result is printed as one line: RESULT_MARK + JSON.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { gc, loadNow, pairRatios, RESULT_MARK, summary, timed, timedLong } from "./stats.mjs";

const require = createRequire(import.meta.url);

function loadLib(libPath) {
  return require(libPath);
}

function manifestOf(corpus) {
  return JSON.parse(readFileSync(join(corpus, "bench-manifest.json"), "utf8"));
}

function fileSystemHost() {
  const { Project } = require("ts-morph");
  // The CLI's and the language server's file system: ts-morph's real file system host.
  return new Project({ skipLoadingLibFiles: true }).getFileSystem();
}

function readProcStatus() {
  try {
    const text = readFileSync("/proc/self/status", "utf8");
    const kb = (key) => {
      const m = new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(text);
      return m ? Number(m[1]) / 1024 : undefined;
    };
    return { vmHWM: kb("VmHWM"), vmRSS: kb("VmRSS") };
  } catch {
    return {};
  }
}

const toMB = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

// ---------------------------------------------------------------------------------------------

function analysisTask(o) {
  const lib = loadLib(o.lib);
  const m = manifestOf(o.corpus);
  const fs = fileSystemHost();
  const { readFileSync: read } = require("node:fs");
  const abs = (rel) => join(o.corpus, rel);

  const discovery = timedLong(() => lib.discoverFiles([o.corpus], o.corpus, () => []));
  const files = discovery.value.files;
  const roots = discovery.value.roots;
  const options = { tasksExtension: false };

  const floor = (list) => {
    let n = 0;
    for (const f of list) {
      const sf = lib.parseFile(f, read(f, "utf8"));
      n += sf.statements.length;
    }
    return n;
  };
  const { ts } = require("ts-morph");
  const floorDefault = (list) => {
    let n = 0;
    for (const f of list) n += ts.createSourceFile(f, read(f, "utf8"), ts.ScriptTarget.Latest).statements.length;
    return n;
  };
  const cold = (list) => {
    const ws = new lib.Workspace({ fileSystem: fs, dialects: lib.DIALECTS, roots });
    const analysis = ws.analyzeFiles(list, options);
    return { ws, analysis };
  };

  // Warm-up on a spread-out tenth of the files: both code paths get compiled by the JIT before
  // anything is timed (the first run of a process is reported separately by the rss task).
  const warmList = files.filter((_, i) => i % 10 === 0);
  floor(warmList);
  cold(warmList);
  floorDefault(warmList.slice(0, 20));

  // Alternating pairs, parse floor then cold analysis (A B A B …), each after a full GC: the ratio of
  // each pair is taken, so a machine that gets busier or quieter during the run moves both halves.
  const runs = { floor: [], floorCpu: [], cold: [], coldCpu: [], floorDefault: [], floorDefaultCpu: [] };
  const loadAtStart = loadNow();
  let last;
  const started = performance.now();
  for (let r = 0; r < o.reps; r++) {
    // At least minReps; more while the time budget lasts.
    if (r >= (o.minReps ?? o.reps) && performance.now() - started > (o.budgetMs ?? Infinity)) break;
    last = undefined;
    gc();
    const f = timedLong(() => floor(files));
    runs.floor.push(f.wall);
    runs.floorCpu.push(f.cpu);
    gc();
    const c = timedLong(() => cold(files));
    runs.cold.push(c.wall);
    runs.coldCpu.push(c.cpu);
    last = c.value;
    if (o.floorDefault && r < 3) {
      gc();
      const t = timedLong(() => floorDefault(files));
      runs.floorDefault.push(t.wall);
      runs.floorDefaultCpu.push(t.cpu);
    }
  }
  const loadAverage = Math.max(loadAtStart, loadNow());
  // The workspace of the last cold run stays warm for the edits.
  if (!last) {
    gc();
    last = cold(files);
  }
  const { ws, analysis } = last;
  const dialects = {};
  for (const s of analysis.servers) dialects[s.dialect] = (dialects[s.dialect] ?? 0) + 1;
  const codes = {};
  for (const d of analysis.diagnostics) codes[d.code] = (codes[d.code] ?? 0) + 1;
  const result = {
    files: files.length,
    bytes: m.bytes,
    lines: m.lines,
    discoveryMs: discovery.wall,
    servers: analysis.servers.length,
    dialects,
    diagnostics: analysis.diagnostics.length,
    diagnosticCodes: codes,
    skipped: analysis.skipped.length,
    parsesPerColdRun: ws.files.stats.parses,
    extraFilesParsed: [...ws.files.stats.parsesByFile.keys()].filter((f) => !files.includes(f)).map((f) => relative(o.corpus, f)),
    pairs: pairRatios(runs.cold, runs.floor),
    pairsCpu: pairRatios(runs.coldCpu, runs.floorCpu),
    loadAverage,
    floor: summary(runs.floor),
    floorCpu: summary(runs.floorCpu),
    cold: summary(runs.cold),
    coldCpu: summary(runs.coldCpu),
    ...(runs.floorDefault.length > 0 ? { floorDefault: summary(runs.floorDefault), floorDefaultCpu: summary(runs.floorDefaultCpu) } : {}),
    raw: runs,
  };

  if (o.edits) Object.assign(result, editTasks(lib, ws, m, abs, options, o));
  return result;
}

/** The median parse time of one text with the analysis's own parse call (warm). */
function parseTime(lib, file, text, reps = 21) {
  for (let i = 0; i < Math.min(5, reps); i++) lib.parseFile(file, text);
  const walls = [];
  const cpus = [];
  for (let i = 0; i < reps; i++) {
    const t = timed(() => lib.parseFile(file, text));
    walls.push(t.wall);
    cpus.push(t.cpu);
  }
  return { ...summary(walls), cpu: summary(cpus) };
}

function editTasks(lib, ws, m, abs, options, o) {
  const out = {};
  const { readFileSync: read } = require("node:fs");

  /** Alternates a file between its disk text and an edited one; times edit + that file's diagnostics. */
  const singleFileEdit = (rel, edit, reps) => {
    const file = abs(rel);
    const original = read(file, "utf8");
    if (!original.includes(edit.from)) throw new Error(`${rel} has no "${edit.from}"`);
    const edited = original.replace(edit.from, edit.to);
    const parse = parseTime(lib, file, original, o.parseReps);
    const times = [];
    const cpus = [];
    const parsesBefore = ws.files.stats.parses;
    const diagnosticCounts = new Set();
    const warm = Math.min(5, reps);
    for (let i = 0; i < warm + reps; i++) {
      const text = i % 2 === 0 ? edited : original;
      const t = timed(() => {
        ws.setOverlay(file, text);
        const a = ws.analyzeFile(file, options);
        return [...a.diagnostics, ...ws.diagnosticsLocatedIn(file)].length;
      });
      diagnosticCounts.add(t.value);
      if (i >= warm) {
        times.push(t.wall);
        cpus.push(t.cpu);
      }
    }
    ws.closeOverlay(file);
    ws.analyzeFile(file, options);
    return {
      file: rel,
      lines: original.split("\n").length - 1,
      bytes: Buffer.byteLength(original),
      parse,
      edit: summary(times),
      editCpu: summary(cpus),
      parsesPerEdit: (ws.files.stats.parses - parsesBefore - 1) / (warm + reps),
      diagnosticCounts: [...diagnosticCounts].sort((a, b) => a - b),
      raw: times,
    };
  };

  out.warmEdit = singleFileEdit(m.editFile, m.edit, o.editReps);
  out.bigEdit = singleFileEdit(m.bigFile, m.bigEdit, o.editReps);

  // The base class with its dependents: edit it, then get every dependent server's report again.
  {
    const file = abs(m.platformBase);
    const original = read(file, "utf8");
    const edited = original.replace(m.platformBaseEdit.from, m.platformBaseEdit.to);
    const dependentFiles = [...new Set(m.platformDependents.map((d) => abs(d.file)))];
    const dependentNames = new Set(m.platformDependents.map((d) => d.className));
    const parse = parseTime(lib, file, original, o.parseReps);
    const times = [];
    const cpus = [];
    const parses = [];
    const reparsedDependents = new Set();
    const loggingSeen = [];
    const analysesPerEdit = [];
    const warm = Math.min(3, o.baseReps);
    for (let i = 0; i < warm + o.baseReps; i++) {
      const text = i % 2 === 0 ? edited : original;
      const before = ws.files.stats.parses;
      const byFile = new Map(dependentFiles.map((f) => [f, ws.files.stats.parsesByFile.get(f) ?? 0]));
      const analysesBefore = ws.stats.classAnalyses;
      const t = timed(() => {
        ws.setOverlay(file, text);
        let reports = 0;
        let withLogging = 0;
        for (const f of dependentFiles) {
          for (const s of ws.analyzeFile(f, options).servers) {
            if (!dependentNames.has(s.name)) continue;
            reports++;
            if (s.legacy && "logging" in s.legacy) withLogging++;
          }
        }
        return { reports, withLogging };
      });
      for (const f of dependentFiles) if ((ws.files.stats.parsesByFile.get(f) ?? 0) !== byFile.get(f)) reparsedDependents.add(f);
      if (i >= warm) {
        times.push(t.wall);
        cpus.push(t.cpu);
        parses.push(ws.files.stats.parses - before);
        analysesPerEdit.push(ws.stats.classAnalyses - analysesBefore);
      }
      loggingSeen.push(`${t.value.reports}:${t.value.withLogging}`);
    }
    ws.closeOverlay(file);
    out.baseEdit = {
      file: m.platformBase,
      lines: original.split("\n").length - 1,
      dependents: m.platformDependents.length,
      dependentFiles: dependentFiles.length,
      parse,
      edit: summary(times),
      editCpu: summary(cpus),
      parsesPerEdit: Math.max(...parses),
      dependentsReparsed: reparsedDependents.size,
      classAnalysesPerEdit: Math.max(...analysesPerEdit),
      // reports:withLegacyLogging per edit, alternating: proves every report really changed.
      reports: [...new Set(loggingSeen)],
      raw: times,
    };
  }
  out.loadAverage = loadNow();
  return out;
}

/** One start of a compiled SDK server in a fresh `node` (bench/sdk-start.mjs), timed from spawn to exit. */
function realSdkStart(script, file) {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, [script, file], { encoding: "utf8", timeout: 60_000, env: { ...process.env, NODE_NO_WARNINGS: "1" } });
  const wallMs = performance.now() - t0;
  const line = (run.stdout ?? "").split("\n").find((l) => l.startsWith(RESULT_MARK));
  if (!line) throw new Error(`sdk-start ${file} failed (exit ${run.status})\n${(run.stderr ?? "").slice(-2000)}`);
  const r = JSON.parse(line.slice(RESULT_MARK.length));
  return { wallMs, cpuMs: r.cpuMs, inProcessMs: r.inProcessMs, capabilities: r.capabilities };
}

/**
 * The per-server cost of our analysis for SDK servers, in a process where the analysis code is loaded
 * and warm (as in a running language server), three ways:
 *   batch      the sampled servers' files analysed together in a fresh Workspace (tsconfig read,
 *              every cache empty), divided by the number of servers: "cold analysis of the files
 *              divided by servers" (the target);
 *   freshEach  each server's file in its own fresh Workspace (the tsconfig is read again each time);
 *   warmEach   each server's file analysed for the first time in one Workspace whose tsconfig is
 *              already loaded (a file opened in a running editor).
 */
function sdkOursTask(o) {
  const lib = loadLib(o.lib);
  const fs = fileSystemHost();
  const corpus = o.corpus;
  const sample = o.sdkSample;
  const reps = o.sdkReps ?? 3;
  const options = { tasksExtension: false };
  const abs = (rel) => join(corpus, rel);
  const fresh = () => new lib.Workspace({ fileSystem: fs, dialects: lib.DIALECTS, roots: [corpus] });
  const sdkServer = (a) => a.servers.find((s) => s.dialect.startsWith("sdk"));
  // Warm-up on files outside the sample: the code gets compiled, as in a running language server.
  const warmup = o.warmup ?? sample.slice(0, 3);
  // Five rounds: the SDK replay's code paths reach the optimising compiler, as in a server that has
  // been running for a while.
  for (let i = 0; i < 5; i++) {
    const ws = fresh();
    for (const rel of warmup) ws.analyzeFile(abs(rel), options);
  }
  const batch = [];
  const batchCpu = [];
  const freshEach = [];
  const freshEachCpu = [];
  const warmEach = [];
  const warmEachCpu = [];
  const servers = {};
  // Alternating pairs: one real start of a sampled server (a fresh `node`, timed from spawn to exit),
  // then one batch of ours; the ratio of each pair is taken. No forced full GC just before a batch,
  // whose sweeping would be timed with it, which no running server pays per request.
  const starts = [];
  if (o.warmStart !== false && o.compiled.length > 0) realSdkStart(o.sdkStartScript, o.compiled[0].file); // disk and module caches warm, as for a user who ran it before
  const loadAtStart = loadNow();
  const pairs = Math.max(reps, o.compiled.length);
  for (let r = 0; r < pairs; r++) {
    const c = o.compiled[r % o.compiled.length];
    starts.push({ rel: c.rel, ...realSdkStart(o.sdkStartScript, c.file) });
    const t = timedLong(() => {
      const ws = fresh();
      return sample.map((rel) => sdkServer(ws.analyzeFile(abs(rel), options)));
    });
    batch.push(t.wall / sample.length);
    batchCpu.push(t.cpu / sample.length);
    if (r === 0) sample.forEach((rel, i) => (servers[rel] = t.value[i] ? { name: t.value[i].name, dialect: t.value[i].dialect, legacy: t.value[i].legacy, modern: t.value[i].modern } : null));
  }
  const loadAverage = Math.max(loadAtStart, loadNow());
  for (let r = 0; r < reps; r++) {
    gc();
    for (const rel of sample) {
      const f = timed(() => sdkServer(fresh().analyzeFile(abs(rel), options)));
      freshEach.push(f.wall);
      freshEachCpu.push(f.cpu);
    }
    gc();
    const ws = fresh();
    ws.analyzeFile(abs(warmup[0]), options); // reads the tsconfig
    for (const rel of sample) {
      const w = timed(() => sdkServer(ws.analyzeFile(abs(rel), options)));
      warmEach.push(w.wall);
      warmEachCpu.push(w.cpu);
    }
  }
  return {
    starts,
    pairs: pairRatios(starts.map((x) => x.wallMs), batch),
    loadAverage,
    perServer: summary(batch),
    perServerCpu: summary(batchCpu),
    freshEach: summary(freshEach),
    freshEachCpu: summary(freshEachCpu),
    warmEach: summary(warmEach),
    warmEachCpu: summary(warmEachCpu),
    servers,
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * The naive peer: a ts-morph Project loaded from the tsconfig (every file, lib files, node_modules
 * types), then, for every class, its base class chain and its instance and static members resolved
 * with the type checker, as a tool that "just uses the compiler API" would.
 */
function peerTask(o) {
  const { Project, ts } = require("ts-morph");
  const once = () => {
    const project = new Project({ tsConfigFilePath: join(o.corpus, "tsconfig.json") });
    const checker = project.getTypeChecker().compilerObject;
    let classes = 0;
    let members = 0;
    let callable = 0;
    let bases = 0;
    for (const sf of project.getSourceFiles()) {
      if (sf.isDeclarationFile()) continue;
      for (const cls of sf.getClasses()) {
        classes++;
        for (let b = cls.getBaseClass(); b; b = b.getBaseClass()) bases++;
        // Every member, inherited ones included, with its type: is it callable (a handler), and
        // for `__capabilities__`, what does it return. No printing, no diagnostics.
        const node = cls.compilerNode;
        const instanceType = checker.getTypeAtLocation(node);
        for (const p of checker.getPropertiesOfType(instanceType)) {
          if (checker.getTypeOfSymbolAtLocation(p, node).getCallSignatures().length > 0) callable++;
          members++;
        }
        const symbol = node.name ? checker.getSymbolAtLocation(node.name) : undefined;
        if (symbol) {
          const staticType = checker.getTypeOfSymbolAtLocation(symbol, node);
          for (const p of checker.getPropertiesOfType(staticType)) {
            const signatures = checker.getTypeOfSymbolAtLocation(p, node).getCallSignatures();
            if (p.getName() === "__capabilities__" && signatures[0]) checker.getPropertiesOfType(signatures[0].getReturnType());
            members++;
          }
        }
      }
    }
    return { classes, members, callable, bases, sourceFiles: project.getSourceFiles().length };
  };
  void ts;
  // The cold analysis in the same process, paired with each peer run (peer, cold, peer, cold …).
  const lib = loadLib(o.lib);
  const fs = fileSystemHost();
  const { files, roots } = lib.discoverFiles([o.corpus], o.corpus, () => []);
  const cold = () => new lib.Workspace({ fileSystem: fs, dialects: lib.DIALECTS, roots }).analyzeFiles(files, { tasksExtension: false }).servers.length;
  cold(); // JIT warm-up of the analysis (the peer's first run warms ts-morph's checker for its own)
  const walls = [];
  const cpus = [];
  const coldWalls = [];
  const coldCpus = [];
  let info;
  const loadAtStart = loadNow();
  const started = performance.now();
  for (let r = 0; r < o.reps; r++) {
    if (r >= (o.minReps ?? 1) && performance.now() - started > (o.budgetMs || Infinity)) break;
    gc();
    const t = timedLong(once);
    walls.push(t.wall);
    cpus.push(t.cpu);
    info = t.value;
    gc();
    const c = timedLong(cold);
    coldWalls.push(c.wall);
    coldCpus.push(c.cpu);
  }
  return {
    peer: summary(walls),
    peerCpu: summary(cpus),
    cold: summary(coldWalls),
    pairs: pairRatios(walls, coldWalls),
    pairsCpu: pairRatios(cpus, coldCpus),
    loadAverage: Math.max(loadAtStart, loadNow()),
    ...info,
    raw: { peer: walls, cold: coldWalls },
  };
}

// ---------------------------------------------------------------------------------------------

/** One cold analysis in a fresh process, as `mcp-caps` runs it; then the process's peak RSS. */
function rssTask(o) {
  const before = readProcStatus();
  const lib = loadLib(o.lib);
  const fs = fileSystemHost();
  const { files, roots } = lib.discoverFiles([o.corpus], o.corpus, () => []);
  let maxRss = process.memoryUsage().rss;
  const t = timedLong(() => {
    const ws = new lib.Workspace({ fileSystem: fs, dialects: lib.DIALECTS, roots });
    // Sampled between files (the analysis is synchronous, a timer would never fire).
    const chunk = 50;
    let servers = 0;
    for (let i = 0; i < files.length; i += chunk) {
      servers += ws.analyzeFiles(files.slice(i, i + chunk), { tasksExtension: false }).servers.length;
      maxRss = Math.max(maxRss, process.memoryUsage().rss);
    }
    return { ws, servers };
  });
  const { ws } = t.value;
  const after = process.memoryUsage();
  maxRss = Math.max(maxRss, after.rss);
  const status = readProcStatus();
  gc();
  const retained = process.memoryUsage();
  void ws.files; // keep the workspace alive until here
  return {
    files: files.length,
    servers: t.value.servers,
    firstColdRunMs: t.wall,
    firstColdRunCpuMs: t.cpu,
    peakRssMB: Math.round(Math.max(status.vmHWM ?? 0, toMB(maxRss), toMB(process.resourceUsage().maxRSS * 1024)) * 10) / 10,
    vmHWM: status.vmHWM,
    sampledMaxRssMB: toMB(maxRss),
    resourceMaxRssMB: toMB(process.resourceUsage().maxRSS * 1024),
    rssAtStartMB: before.vmRSS,
    heapUsedAfterMB: toMB(after.heapUsed),
    heapUsedRetainedMB: typeof globalThis.gc === "function" ? toMB(retained.heapUsed) : undefined,
  };
}

// ---------------------------------------------------------------------------------------------

const [task, json] = process.argv.slice(2);
const opts = JSON.parse(json ?? "{}");
const tasks = { analysis: analysisTask, "sdk-ours": sdkOursTask, peer: peerTask, rss: rssTask };
if (!tasks[task]) {
  console.error(`usage: node --expose-gc bench/measure.mjs ${Object.keys(tasks).join("|")} '<json>'`);
  process.exit(2);
}
const result = tasks[task](opts);
process.stdout.write(`${RESULT_MARK}${JSON.stringify(result)}\n`);
