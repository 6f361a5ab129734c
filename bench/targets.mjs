// The targets of issue 6, computed from one run's measurements. Every entry has
// { id, name, measured, limit, unit, op, holds, ... }: `holds` is `measured <= limit` (op "<=") or
// `measured >= limit` (op ">="), computed here, never typed in by hand.

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
  "peak-rss",
];

const round = (x, digits = 2) => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : x);
const fmt = (n) => n.toLocaleString("en-US");

function target({ kind, id, name, measured, limit, unit, op = "<=", statistic, corpus, clock, detail }) {
  const holds = Number.isFinite(measured) && Number.isFinite(limit) && (op === "<=" ? measured <= limit : measured >= limit);
  return { kind, id: id ?? kind, name, measured: round(measured), limit: round(limit), unit, op, holds, statistic, corpus, clock, detail };
}

/** Picks the statistic of the run's clock: `x` (wall) or `xCpu`. */
const on = (clock, obj, key) => (clock === "cpu" && obj[`${key}Cpu`] ? obj[`${key}Cpu`] : obj[key]);

export function evaluateTargets(r) {
  const clock = r.clock;
  const out = [];
  const primary = r.corpora.find((c) => c.files === r.primary);
  const large = r.corpora.find((c) => c.files === r.large);

  // Cold analysis against the parse floor and the type-checker peer: every corpus, primary first.
  const ordered = [primary, ...r.corpora.filter((c) => c !== primary)];
  for (const c of ordered) {
    const a = c.analysis;
    const floor = on(clock, a, "floor").median;
    const cold = on(clock, a, "cold").median;
    const peer = on(clock, c.peer, "peer").median;
    const suffix = c === primary ? "" : `@${c.files}`;
    out.push(
      target({
        kind: "cold-vs-parse-floor",
        id: `cold-vs-parse-floor${suffix}`,
        name: `cold analysis ≤ 1.5× the parse floor (${fmt(c.files)} files)`,
        measured: cold / floor,
        limit: 1.5,
        unit: "×",
        statistic: "median/median",
        corpus: c.files,
        clock,
        detail: `cold ${round(cold, 0)} ms, floor ${round(floor, 0)} ms`,
      }),
      target({
        kind: "typechecker-vs-cold",
        id: `typechecker-vs-cold${suffix}`,
        name: `cold analysis ≥ 1.5× faster than the type-checker peer (${fmt(c.files)} files)`,
        measured: peer / cold,
        limit: 1.5,
        unit: "×",
        op: ">=",
        statistic: "median/median",
        corpus: c.files,
        clock,
        detail: `peer ${round(peer, 0)} ms, cold ${round(cold, 0)} ms`,
      }),
    );
  }

  // Per server: the real SDK started in a fresh node process, against our analysis of that server.
  if (r.sdk) {
    const real = (clock === "cpu" ? r.sdk.realStartCpu : r.sdk.realStart).median;
    const ours = (clock === "cpu" ? r.sdk.oursPerServerCpu : r.sdk.oursPerServer).median;
    out.push(
      target({
        kind: "sdk-start-vs-ours",
        name: "per SDK server, ≥ 50× faster than starting it with the real SDK and reading initialize",
        measured: real / ours,
        limit: 50,
        unit: "×",
        op: ">=",
        statistic: "median/median",
        corpus: r.sdk.corpus,
        clock,
        detail: `real start ${round(real, 1)} ms, ours ${round(ours, 2)} ms per server (${r.sdk.compared} servers)`,
      }),
    );
  } else {
    out.push(target({ kind: "sdk-start-vs-ours", name: "per SDK server, ≥ 50× faster than the real SDK (not measured)", measured: NaN, limit: 50, unit: "×", op: ">=" }));
  }

  const a = primary.analysis;
  const edit = (e) => on(clock, e, "edit").p95;
  const parse = (stats) => (clock === "cpu" ? stats.cpu : stats).median;
  out.push(
    target({
      kind: "warm-edit",
      name: `warm single-file edit p95 ≤ 1.5× that file's parse + 5 ms (${a.warmEdit.lines} lines)`,
      measured: edit(a.warmEdit),
      limit: 1.5 * parse(a.warmEdit.parse) + 5,
      unit: "ms",
      statistic: "p95",
      corpus: primary.files,
      clock,
      detail: `${a.warmEdit.file}: parse ${round(parse(a.warmEdit.parse))} ms, edit median ${round(on(clock, a.warmEdit, "edit").median)} ms`,
    }),
    target({
      kind: "big-file-edit",
      name: `warm edit of the ${fmt(a.bigEdit.lines)}-line file p95 < 40 ms`,
      measured: edit(a.bigEdit),
      limit: 40,
      unit: "ms",
      statistic: "p95",
      corpus: primary.files,
      clock,
      detail: `${a.bigEdit.file}: parse ${round(parse(a.bigEdit.parse))} ms, edit median ${round(on(clock, a.bigEdit, "edit").median)} ms`,
    }),
    target({
      kind: "base-edit",
      name: `base-class edit, ${a.baseEdit.dependents} dependents: p95 ≤ its parse + 1 ms per dependent`,
      measured: edit(a.baseEdit),
      limit: parse(a.baseEdit.parse) + a.baseEdit.dependents,
      unit: "ms",
      statistic: "p95",
      corpus: primary.files,
      clock,
      detail: `${a.baseEdit.file}: parse ${round(parse(a.baseEdit.parse))} ms, ${a.baseEdit.dependents} servers in ${a.baseEdit.dependentFiles} files, median ${round(on(clock, a.baseEdit, "edit").median)} ms`,
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

  if (r.lsp) {
    out.push(
      target({ kind: "lsp-hover", name: "hover round trip p95 ≤ 15 ms (warm server, over stdio)", measured: r.lsp.hover.p95, limit: 15, unit: "ms", statistic: "p95", corpus: r.lsp.corpus, clock: "wall", detail: `median ${r.lsp.hover.median} ms` }),
      target({ kind: "lsp-code-lens", name: "code-lens round trip p95 ≤ 15 ms (provide + resolve)", measured: r.lsp.codeLens.p95, limit: 15, unit: "ms", statistic: "p95", corpus: r.lsp.corpus, clock: "wall", detail: `median ${r.lsp.codeLens.median} ms` }),
    );
  }

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
  return out;
}
