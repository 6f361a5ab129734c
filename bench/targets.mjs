// The targets, computed from one run's measurements. Every entry has
// { id, name, measured, limit, unit, op, holds, spread, loadAverage, conclusive, ... }: `holds` is
// `measured <= limit` (op "<=") or `measured >= limit` (op ">="), computed here, never typed in by
// hand. Every target is on the wall clock. `spread` is the min–max of the per-pair ratios (ratio
// targets) or of the quantile over three blocks of samples (time targets); `conclusive` is false when
// the spread reaches across the limit, i.e. when it is wider than the margin between the median and
// the limit on that side: such a run decides nothing, and bench/run.mjs refuses to write it.
import { quantileSpread } from "./stats.mjs";

/** The kinds of target every run reports (the smoke test checks each one is present). */
export const TARGET_KINDS = [
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

/** Cold analysis against the parse floor (issue 15: on the wall clock). */
export const COLD_LIMIT = 1.2;
/** First lens and hover after `didOpen` on a cold language server. */
export const FIRST_LENS_LIMIT_MS = 500;

const round = (x, digits = 2) => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : x);
const fmt = (n) => n.toLocaleString("en-US");

function target({ kind, id, name, measured, limit, unit, op = "<=", statistic, corpus, detail, spread, loadAverage }) {
  const holdsAt = (x) => Number.isFinite(x) && Number.isFinite(limit) && (op === "<=" ? x <= limit : x >= limit);
  const s = spread ?? { min: measured, max: measured, n: 1 };
  return {
    kind,
    id: id ?? kind,
    name,
    measured: round(measured, unit === "×" ? 3 : 2),
    limit: round(limit),
    unit,
    op,
    holds: holdsAt(measured),
    spread: { ...s, min: round(s.min, unit === "×" ? 3 : 2), max: round(s.max, unit === "×" ? 3 : 2) },
    conclusive: holdsAt(s.min) === holdsAt(s.max) && holdsAt(s.min) === holdsAt(measured),
    loadAverage,
    statistic,
    corpus,
    clock: "wall",
    detail,
  };
}

const ratioSpread = (pairs) => ({ min: pairs.min, max: pairs.max, n: pairs.n, of: "per-pair ratios" });
const p95Spread = (raw) => ({ ...quantileSpread(raw, 0.95), of: "p95 of each block" });

export function evaluateTargets(r) {
  const out = [];
  const primary = r.corpora.find((c) => c.files === r.primary);
  const large = r.corpora.find((c) => c.files === r.large);

  // Cold analysis against the parse floor and the type-checker peer: every corpus, primary first.
  const ordered = primary ? [primary, ...r.corpora.filter((c) => c !== primary)] : r.corpora;
  for (const c of ordered) {
    const suffix = c === primary ? "" : `@${c.files}`;
    const a = c.analysis;
    if (a) {
      out.push(
        target({
          kind: "cold-vs-parse-floor",
          id: `cold-vs-parse-floor${suffix}`,
          name: `cold analysis ≤ ${COLD_LIMIT}× the parse floor (${fmt(c.files)} files)`,
          measured: a.pairs.median,
          limit: COLD_LIMIT,
          unit: "×",
          statistic: "median of per-pair ratios",
          corpus: c.files,
          spread: ratioSpread(a.pairs),
          loadAverage: a.loadAverage,
          detail: `${a.pairs.n} pairs; cold ${round(a.cold.median, 0)} ms, floor ${round(a.floor.median, 0)} ms (medians)`,
        }),
      );
    }
    if (c.peer) {
      out.push(
        target({
          kind: "typechecker-vs-cold",
          id: `typechecker-vs-cold${suffix}`,
          name: `cold analysis ≥ 1.5× faster than the type-checker peer (${fmt(c.files)} files)`,
          measured: c.peer.pairs.median,
          limit: 1.5,
          unit: "×",
          op: ">=",
          statistic: "median of per-pair ratios",
          corpus: c.files,
          spread: ratioSpread(c.peer.pairs),
          loadAverage: c.peer.loadAverage,
          detail: `${c.peer.pairs.n} pairs; peer ${round(c.peer.peer.median, 0)} ms, cold ${round(c.peer.cold.median, 0)} ms (medians)`,
        }),
      );
    }
  }

  // Per server: the real SDK started in a fresh node process, against our analysis of that server.
  if (r.sdk) {
    out.push(
      target({
        kind: "sdk-start-vs-ours",
        name: "per SDK server, ≥ 50× faster than starting it with the real SDK and reading initialize",
        measured: r.sdk.pairs.median,
        limit: 50,
        unit: "×",
        op: ">=",
        statistic: "median of per-pair ratios",
        corpus: r.sdk.corpus,
        spread: ratioSpread(r.sdk.pairs),
        loadAverage: r.sdk.loadAverage,
        detail: `${r.sdk.pairs.n} pairs; real start ${round(r.sdk.realStart.median, 1)} ms, ours ${round(r.sdk.oursPerServer.median, 2)} ms per server (${r.sdk.compared} servers)`,
      }),
    );
  }

  const a = primary?.analysis;
  if (a?.warmEdit) {
    const p95Target = (e, fields) => target({ ...fields, measured: e.edit.p95, unit: "ms", statistic: "p95", corpus: primary.files, spread: p95Spread(e.raw), loadAverage: a.loadAverage });
    out.push(
      p95Target(a.warmEdit, {
        kind: "warm-edit",
        name: `warm single-file edit p95 ≤ 1.5× that file's parse + 5 ms (${a.warmEdit.lines} lines)`,
        limit: 1.5 * a.warmEdit.parse.median + 5,
        detail: `${a.warmEdit.file}: parse ${round(a.warmEdit.parse.median)} ms, edit median ${round(a.warmEdit.edit.median)} ms`,
      }),
      p95Target(a.bigEdit, {
        kind: "big-file-edit",
        name: `warm edit of the ${fmt(a.bigEdit.lines)}-line file p95 < 40 ms`,
        limit: 40,
        detail: `${a.bigEdit.file}: parse ${round(a.bigEdit.parse.median)} ms, edit median ${round(a.bigEdit.edit.median)} ms`,
      }),
      p95Target(a.baseEdit, {
        kind: "base-edit",
        name: `base-class edit, ${a.baseEdit.dependents} dependents: p95 ≤ its parse + 1 ms per dependent`,
        limit: a.baseEdit.parse.median + a.baseEdit.dependents,
        detail: `${a.baseEdit.file}: parse ${round(a.baseEdit.parse.median)} ms, ${a.baseEdit.dependents} servers in ${a.baseEdit.dependentFiles} files, median ${round(a.baseEdit.edit.median)} ms`,
      }),
      target({
        kind: "base-edit-reparses",
        name: "base-class edit parses only the edited file (dependents not parsed again)",
        measured: a.baseEdit.parsesPerEdit + a.baseEdit.dependentsReparsed,
        limit: 1,
        unit: "parses",
        statistic: "max per edit",
        corpus: primary.files,
        detail: `${a.baseEdit.parsesPerEdit} parse(s) per edit, ${a.baseEdit.dependentsReparsed} dependent file(s) re-parsed`,
      }),
    );
  }

  if (r.lsp) {
    const lsp = (kind, name, s, raw) => target({ kind, name, measured: s.p95, limit: 15, unit: "ms", statistic: "p95", corpus: r.lsp.corpus, spread: p95Spread(raw), loadAverage: r.lsp.loadAverage, detail: `median ${s.median} ms` });
    out.push(
      lsp("lsp-hover", "hover round trip p95 ≤ 15 ms (warm server, over stdio)", r.lsp.hover, r.lsp.raw.hover),
      lsp("lsp-code-lens", "code-lens round trip p95 ≤ 15 ms (provide + resolve)", r.lsp.codeLens, r.lsp.raw.codeLens),
    );
  }

  if (r.firstLens) {
    for (const f of r.firstLens.files) {
      const what = f.kind === "chain" ? "a server whose base class chain spans 5 files" : "a server file";
      out.push(
        target({
          kind: "first-lens",
          id: `first-lens-${f.kind}`,
          name: `cold language server, ${fmt(r.firstLens.corpus)} files: didOpen of ${what} to its code lenses and hover answered, p95 ≤ ${FIRST_LENS_LIMIT_MS} ms`,
          measured: f.both.p95,
          limit: FIRST_LENS_LIMIT_MS,
          unit: "ms",
          statistic: `p95 of ${f.both.n} cold starts`,
          corpus: r.firstLens.corpus,
          spread: p95Spread(f.raw),
          loadAverage: f.loadAverage,
          detail: `${f.file}: median ${round(f.both.median, 0)} ms (lenses ${round(f.lens.median, 0)}, hover ${round(f.hover.median, 0)}); ${f.parses} files parsed`,
        }),
      );
    }
  }

  for (const repo of r.real?.repos ?? []) {
    if (repo.skipped) continue;
    out.push(
      target({
        kind: "real-repo",
        id: `real-repo-${repo.repo.replace("/", "+")}`,
        name: `\`mcp-caps --json .\` ≤ ${repo.limit}× a parse-only process: ${repo.repo} (${fmt(repo.files)} files, ${repo.servers} servers)`,
        measured: repo.pairs.median,
        limit: repo.limit,
        unit: "×",
        statistic: "median of per-pair ratios (whole processes)",
        spread: ratioSpread(repo.pairs),
        loadAverage: repo.loadAverage,
        detail: `${repo.pairs.n} pairs; ours ${round(repo.ours.median, 0)} ms, parse-only ${round(repo.parseOnly.median, 0)} ms (medians); commit ${repo.commit.slice(0, 12)}`,
      }),
    );
  }

  if (large?.rss) {
    out.push(
      target({
        kind: "peak-rss",
        name: `peak RSS after the cold run, ${fmt(large.files)} files ≤ 600 MB`,
        measured: large.rss.peakRssMB,
        limit: 600,
        unit: "MB",
        statistic: "VmHWM",
        corpus: large.files,
        detail: `heap retained after GC ${large.rss.heapUsedRetainedMB ?? "?"} MB`,
      }),
    );
  }
  return out;
}
