// Renders bench/RESULTS.md from the run's JSON (bench/results.json holds the same data), followed by
// the profile write-up (bench/where-the-time-goes.md).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "—");
const ms = (n) => (Number.isFinite(n) ? (n >= 100 ? fmt(n, 0) : n >= 10 ? fmt(n, 1) : fmt(n, 2)) : "—");
const ratio = (n) => (Number.isFinite(n) ? `${fmt(n, 2)}×` : "—");

function measuredText(t) {
  if (t.unit === "×") return ratio(t.measured);
  if (t.unit === "ms") return `${ms(t.measured)} ms`;
  return `${fmt(t.measured, t.unit === "MB" ? 1 : 0)} ${t.unit}`;
}

function limitText(t) {
  const v = t.unit === "×" ? ratio(t.limit) : t.unit === "ms" ? `${ms(t.limit)} ms` : `${fmt(t.limit, t.unit === "MB" ? 0 : 0)} ${t.unit}`;
  return `${t.op === "<=" ? "≤" : "≥"} ${v}`;
}

function spreadText(t) {
  const s = t.spread;
  if (!s || s.n <= 1 || (s.min === s.max && s.n === undefined)) return "—";
  const v = (x) => (t.unit === "×" ? fmt(x, 2) : t.unit === "ms" ? ms(x) : fmt(x, 1));
  return `${v(s.min)}–${v(s.max)}${t.unit === "×" ? "×" : ` ${t.unit}`} (${s.of ?? "samples"}, n=${s.n})`;
}

export function renderResults(r) {
  const m = r.machine;
  const lines = [];
  const held = r.targets.filter((t) => t.holds).length;
  lines.push(
    "# Benchmark results",
    "",
    `Written by \`npm run bench\` (bench/run.mjs)${m.smoke ? " — **smoke run of the harness: tiny corpus, one repetition, not a measurement**" : ""}.`,
    "",
    `- Machine: **${m.cores} cores** (${m.cpuModel}), ${m.memoryGB} GB, ${m.platform}; **Node ${m.node}**; TypeScript ${m.typescript} (ts-morph ${m.tsMorph})${m.commit ? `; commit ${m.commit}` : ""}`,
    `- Load average (1, 5, 15 min): ${m.loadAverageAtStart.join(", ")} at start, ${m.loadAverageAtEnd.join(", ")} at the end`,
    "- Clock: **wall**, for every target. Target and baseline run as alternating pairs in one process (A B A B …); a ratio target is the median of the per-pair ratios, its spread the min–max of those ratios; a time target's spread is the min–max of its p95 over three blocks of samples. The load column is the 1-minute load average while the target was measured. A run in which any target's spread reaches across its limit is not written (bench/run.mjs asks for a rerun).",
    `- Total run time: ${fmt(r.totalSeconds, 0)} s; ${held} of ${r.targets.length} targets hold`,
    "",
    "## Targets",
    "",
    "| Target | Measured | Limit | Holds | Spread | Load | Detail |",
    "| --- | ---: | ---: | :---: | --- | ---: | --- |",
  );
  for (const t of r.targets) lines.push(`| ${t.name} | ${measuredText(t)} | ${limitText(t)} | ${t.holds ? "✅ yes" : "❌ no"} | ${spreadText(t)} | ${t.loadAverage ?? "—"} | ${t.detail ?? ""} |`);

  const measured = r.corpora.filter((c) => c.analysis);
  if (measured.length > 0) {
    lines.push(
      "",
      "## Cold analysis and baselines (wall clock, ms)",
      "",
      "Median (p95) of each series; CPU-time medians of the main thread in brackets, for reference. *Floor*: read + `ts.createSourceFile` of every file with the analysis's own options (no JSDoc, no parent pointers), the ASTs dropped. *Cold*: a new `Workspace` analyses every file (every server, both eras, all diagnostics). *Cold / floor*: the median of the per-pair ratios (min–max). *Peer*: ts-morph `Project` from the tsconfig, then every class's base chain and instance and static members resolved with the type checker, paired with a cold analysis in the same process.",
      "",
      "| Files | MB | Lines | Servers | Pairs | Parse floor | Cold analysis | Cold / floor | Type-checker peer | Peer / cold | Default-options parse | First cold run, fresh process | Peak RSS |",
      "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const c of measured) {
      const a = c.analysis;
      const dialects = Object.entries(a.dialects).map(([k, v]) => `${v} ${k}`).join(", ");
      const peer = c.peer ? `${ms(c.peer.peer.median)} (${ms(c.peer.peer.p95)}) [${ms(c.peer.peerCpu.median)}], ${c.peer.pairs.n} pair(s)` : "—";
      const peerRatio = c.peer ? `${ratio(c.peer.pairs.median)} (${fmt(c.peer.pairs.min, 2)}–${fmt(c.peer.pairs.max, 2)})` : "—";
      lines.push(
        `| ${fmt(c.files)} | ${fmt(a.bytes / 1e6, 1)} | ${fmt(a.lines)} | ${a.servers} (${dialects}) | ${a.pairs.n} | ${ms(a.floor.median)} (${ms(a.floor.p95)}) [${ms(a.floorCpu.median)}] | ${ms(a.cold.median)} (${ms(a.cold.p95)}) [${ms(a.coldCpu.median)}] | ${ratio(a.pairs.median)} (${fmt(a.pairs.min, 2)}–${fmt(a.pairs.max, 2)}) | ${peer} | ${peerRatio} | ${a.floorDefault ? ms(a.floorDefault.median) : "—"} | ${c.rss ? ms(c.rss.firstColdRunMs) : "—"} | ${c.rss ? `${fmt(c.rss.peakRssMB, 1)} MB` : "—"} |`,
      );
    }
  }

  const p = r.corpora.find((c) => c.files === r.primary && c.analysis);
  if (p) {
    const a = p.analysis;
    const row = (label, e, limit) => {
      const s = e.edit;
      const parse = e.parse.median;
      return `| ${label} | ${e.lines} | ${ms(parse)} | ${ms(s.median)} | ${ms(s.p95)} | ${limit} |`;
    };
    lines.push(
      "",
      `## Edits on the warm ${fmt(p.files)}-file workspace (ms)`,
      "",
      "Each edit: `setOverlay` with the new text, then the file's analysis and diagnostics (`analyzeFile` + `diagnosticsLocatedIn`); the base-class edit then gets the report of every dependent server again. Texts alternate between the edited and the original version.",
      "",
      "| Edit | Lines | Parse (median) | Median | p95 | Limit |",
      "| --- | ---: | ---: | ---: | ---: | --- |",
      row(`rename a handler in \`${a.warmEdit.file}\``, a.warmEdit, "1.5× parse + 5 ms"),
      row(`rename a handler in \`${a.bigEdit.file}\``, a.bigEdit, "40 ms"),
      row(`rename a handler of \`PlatformBase\` (${a.baseEdit.dependents} servers in ${a.baseEdit.dependentFiles} files depend on it)`, a.baseEdit, "parse + 1 ms per dependent"),
      "",
      `Base-class edit: ${a.baseEdit.parsesPerEdit} parse per edit, ${a.baseEdit.dependentsReparsed} dependent files parsed again, ${a.baseEdit.classAnalysesPerEdit} class analyses per edit; reports per edit (servers:with legacy logging) ${a.baseEdit.reports.join(" / ")}.`,
    );
  }

  if (r.sdk) {
    const s = r.sdk;
    lines.push(
      "",
      "## SDK servers: what users do today",
      "",
      `Alternating pairs in one process: one real start, then one batch of ours (${s.pairs.n} pairs, per-pair ratio median ${ratio(s.pairs.median)}, ${fmt(s.pairs.min, 1)}–${fmt(s.pairs.max, 1)}). ${s.compared} SDK (v1 \`McpServer\`) servers of the ${fmt(s.corpus)}-file corpus, compiled to JavaScript, each started in a fresh \`node\` process that imports it, connects an SDK \`Client\` over \`InMemoryTransport\` and reads \`getServerCapabilities()\` (bench/sdk-start.mjs), timed from spawn to exit. Ours, in a process where the analysis code is loaded and warm: **per server = the sampled servers' files analysed together in a fresh \`Workspace\` (tsconfig read, every cache empty), divided by their number**, the median of several such batches run back to back (the target); also each file in its own fresh \`Workspace\`, and each file analysed for the first time in a \`Workspace\` whose tsconfig is already loaded (a file opened in a running editor).`,
      "",
      "| | Median | p95 |",
      "| --- | ---: | ---: |",
      `| real SDK, process start to capabilities (wall) | ${ms(s.realStart.median)} ms | ${ms(s.realStart.p95)} ms |`,
      `| real SDK, CPU time of that process | ${ms(s.realStartCpu.median)} ms | ${ms(s.realStartCpu.p95)} ms |`,
      `| real SDK, inside the process (imports + connect + initialize) | ${ms(s.realInProcess.median)} ms | ${ms(s.realInProcess.p95)} ms |`,
      `| ours, per server: the sample in one fresh Workspace ÷ servers (wall) | ${ms(s.oursPerServer.median)} ms | ${ms(s.oursPerServer.p95)} ms |`,
      `| ours, per server: the sample in one fresh Workspace ÷ servers (CPU) | ${ms(s.oursPerServerCpu.median)} ms | ${ms(s.oursPerServerCpu.p95)} ms |`,
      `| ours, each server in its own fresh Workspace (wall / CPU) | ${ms(s.oursFreshEach.median)} / ${ms(s.oursFreshEachCpu.median)} ms | ${ms(s.oursFreshEach.p95)} / ${ms(s.oursFreshEachCpu.p95)} ms |`,
      `| ours, each server's first analysis in a Workspace with its tsconfig loaded (wall / CPU) | ${ms(s.oursWarmEach.median)} / ${ms(s.oursWarmEachCpu.median)} ms | ${ms(s.oursWarmEach.p95)} / ${ms(s.oursWarmEachCpu.p95)} ms |`,
      "",
      `The legacy era we predict equals what the real \`initialize\` returned for ${s.agree} of ${s.compared} servers.${s.disagreements.length ? ` Disagreements: ${s.disagreements.map((d) => `\`${d.file}\``).join(", ")} (details in results.json).` : ""}`,
    );
  }

  if (r.lsp) {
    const l = r.lsp;
    lines.push(
      "",
      `## LSP round trips (warm ${fmt(l.corpus)}-file workspace, dist/server.js over stdio, ms)`,
      "",
      `Start-up: \`initialize\` ${ms(l.initializeMs)} ms; the whole workspace analysed once (\`mcpCapabilityLens/listServers\`, ${l.serversListed} servers) ${ms(l.listServersMs)} ms. Then one file is opened and each request is sent ${l.hover.n} times, one at a time. Server CPU per request: ${l.serverCpuMsPerRequest ?? "—"} ms.`,
      "",
      "| Request | Median | p95 | Max |",
      "| --- | ---: | ---: | ---: |",
      `| hover on a server class name | ${ms(l.hover.median)} | ${ms(l.hover.p95)} | ${ms(l.hover.max)} |`,
      `| code lenses (provide + resolve ${l.lensesPerRequest}) | ${ms(l.codeLens.median)} | ${ms(l.codeLens.p95)} | ${ms(l.codeLens.max)} |`,
      `| diagnostics pull | ${ms(l.diagnostics.median)} | ${ms(l.diagnostics.p95)} | ${ms(l.diagnostics.max)} |`,
      `| didChange (rename a handler) + diagnostics pull | ${ms(l.editThenPull.median)} | ${ms(l.editThenPull.p95)} | ${ms(l.editThenPull.max)} |`,
    );
  }

  if (r.firstLens) {
    const f = r.firstLens;
    lines.push(
      "",
      `## First lens: a cold language server on the ${fmt(f.corpus)}-file corpus (wall clock, ms)`,
      "",
      `Each sample is a fresh \`node dist/server.js --stdio\` (bench/firstLens.mjs): \`initialize\` with the corpus as the workspace folder, \`initialized\`, then the clock starts at \`didOpen\` of one file; its code lenses (provided and resolved) and a hover on its server class are asked at once, as an editor restoring a file does, and the sample ends when both are answered. ${f.starts} cold starts per file, alternating between the files, after one unmeasured start. *Parsed*: files the server had parsed when it answered (the workspace has ${fmt(f.corpus)}).`,
      "",
      "| File | Lenses | Median | p95 | Max | Lenses alone (median) | Hover alone (median) | Server CPU (median) | \`initialize\` (median) | Parsed |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const x of f.files) {
      const label = x.kind === "chain" ? `\`${x.file}\` (base class chain across 5 files)` : `\`${x.file}\` (a server file)`;
      lines.push(`| ${label} | ${x.lenses} | ${ms(x.both.median)} | ${ms(x.both.p95)} | ${ms(x.both.max)} | ${ms(x.lens.median)} | ${ms(x.hover.median)} | ${x.serverCpu ? ms(x.serverCpu.median) : "—"} | ${ms(x.initialize.median)} | ${x.parses} |`);
    }
  }

  if (r.real) {
    lines.push("", "## Real repositories: whole processes (wall clock, ms)", "");
    if (r.real.skipped) lines.push(`Not measured: ${r.real.skipped}.`);
    else {
      lines.push(
        "Snapshots of public repositories extracted with `git archive HEAD` into a temporary folder (bench/realRepos.mjs; nothing of them is kept). *Ours*: `node dist/cli.js --json .` in that folder, spawn to exit. *Parse-only*: a process that loads the same dist/vendor/ts-morph.js and only reads and parses the files the CLI analyses (their list given to it), with the analysis's parse options. Alternating pairs (parse-only, ours), after one unmeasured run of each; *ratio*: the median of the per-pair ratios (min–max).",
        "",
        "| Repository | Commit | Files | MB | Servers | Ours | Parse-only | Ours / parse-only | Limit | Load |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      );
      for (const x of r.real.repos) {
        if (x.skipped) lines.push(`| ${x.repo} | — | — | — | — | — | — | not measured: ${x.skipped} | ≤ ${ratio(x.limit)} | — |`);
        else {
          const dialects = Object.entries(x.serversByDialect).map(([k, v]) => `${v} ${k}`).join(", ");
          lines.push(`| ${x.repo} (${x.role}) | \`${x.commit.slice(0, 12)}\` | ${fmt(x.files)} | ${fmt(x.megabytes, 1)} | ${x.servers}${dialects ? ` (${dialects})` : ""} | ${ms(x.ours.median)} | ${ms(x.parseOnly.median)} | ${ratio(x.pairs.median)} (${fmt(x.pairs.min, 2)}–${fmt(x.pairs.max, 2)}) | ≤ ${ratio(x.limit)} | ${x.loadAverage} |`);
        }
      }
    }
  }

  // The profile write-up is kept beside the harness and shown with every run's figures.
  const findings = join(dirname(fileURLToPath(import.meta.url)), "where-the-time-goes.md");
  if (existsSync(findings)) lines.push("", readFileSync(findings, "utf8").trimEnd());

  if (r.corpora.length > 0) {
    lines.push(
      "",
      "## Corpora",
      "",
      "Generated by bench/corpus.mjs (seeded, deterministic) under `.tmp/bench/`: 20% MCP code — Conduit-style hand-written servers (some with mistakes), inheritance chains up to 5 deep across files ending in the vendored runtime's `.d.ts`, mixins, Endpoints whose components live in other files, SDK v1 servers — and 80% ordinary code; file sizes 50–500 lines, plus one 3,000-line file.",
      "",
      "| Files | SHA-256 (first 12) | Noise files | MCP files | SDK servers | Conduit server classes | Diagnostics |",
      "| ---: | --- | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const c of r.corpora) {
      const k = c.manifest.counts;
      lines.push(`| ${fmt(c.files)} | \`${c.manifest.sha256.slice(0, 12)}\` | ${k.noise} | ${k.mcp} | ${k.sdkServers} | ${k.conduitServerClasses} | ${c.analysis?.diagnostics ?? "—"} |`);
    }
  }
  lines.push("");
  return `${lines.join("\n")}\n`;
}
