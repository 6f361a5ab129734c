// Fuzzing the analyser (bounded, for `npm test`): the hand-made hostile inputs, then a seeded campaign of
// mutated seed files and generated programs, analysed by the real analysis layer in worker threads with
// a per-file time budget and a hard time limit. Zero crashes, zero hangs, well-formed answers, an editor
// overlay that agrees with a fresh workspace, and a heap that does not grow. `npm run fuzz` runs ten
// times more (test/robust/fuzzCampaign.ts). Failing inputs are written to .tmp/fuzz-failures/.
import assert from "node:assert/strict";
import { cpus } from "node:os";
import { describe, it } from "node:test";
import { formatFigures, runCampaign, TEST_INPUTS, TEST_SEED, TEST_WORKSPACES, type Figures } from "./fuzz/campaign";
import { formatWorkspaceFigures, runWorkspaceCampaign } from "./fuzz/workspaceCampaign";

const SEED = TEST_SEED;
/** Mutated and generated inputs in `npm test` (the hostile ones come on top). */
const INPUTS = TEST_INPUTS;
const BUDGET_MS = 2000;
// What counts as a hang: no answer at all in this much wall time. The slowest hostile inputs (a 1 MB
// literal, a 1,500-deep chain) take about 5 s on a quiet 2-core machine and went past 10 s when the
// suite's other files (the e2e lane among them) shared the cores; a hang never answers, so a wider
// limit still catches one, and slow files are still counted against the 2 s budget above.
const HARD_LIMIT_MS = 30_000;
const WORKERS = Math.max(1, Math.min(2, cpus().length));

function report(t: { diagnostic(s: string): void }, f: Figures): void {
  const text = formatFigures(f);
  for (const line of text.split("\n")) t.diagnostic(line);
  console.log(text.split("\n").map((l) => `# ${l}`).join("\n"));
  for (const hit of f.budgetHitInputs.slice(0, 10)) t.diagnostic(`budget hit: ${hit.ms} ms: ${hit.input.slice(0, 160)}`);
}

function failures(f: Figures): string {
  return f.failures
    .slice(0, 12)
    .map((x) => `${x.kind}: ${x.input.slice(0, 160)}\n    ${x.detail.split("\n").slice(0, 4).join("\n    ")}${x.saved ? `\n    (${x.saved})` : ""}`)
    .join("\n");
}

describe("fuzzing the analyser", { concurrency: 1 }, () => {
  it("the hand-made hostile inputs: each ends in a result or a clear diagnostic, no crash, no hang", { timeout: 240_000 }, async (t) => {
    const f = await runCampaign({ seed: SEED, inputs: 0, hostile: true, budgetMs: BUDGET_MS, hardLimitMs: HARD_LIMIT_MS, workers: WORKERS, heapMb: 768 });
    report(t, f);
    assert.ok(f.hostileTried >= 40, `${f.hostileTried} hostile inputs`);
    assert.equal(f.crashes + f.hangs + f.invalid + f.unexpected, 0, `\n${failures(f)}`);
  });

  it(`a seeded campaign (seed ${SEED}, ${INPUTS} mutated or generated inputs): no crash, no hang, well-formed answers, bounded memory`, { timeout: 300_000 }, async (t) => {
    const f = await runCampaign({
      seed: SEED,
      inputs: INPUTS,
      hostile: false,
      budgetMs: BUDGET_MS,
      hardLimitMs: HARD_LIMIT_MS,
      workers: WORKERS,
      heapMb: 768,
      // A safety net for very slow machines: the figures say how many inputs ran.
      timeLimitMs: 200_000,
    });
    report(t, f);
    assert.ok(f.inputsTried >= Math.min(INPUTS, 300), `only ${f.inputsTried} inputs ran`);
    assert.equal(f.crashes, 0, `crashes:\n${failures(f)}`);
    assert.equal(f.hangs, 0, `hangs:\n${failures(f)}`);
    assert.equal(f.invalid, 0, `malformed answers:\n${failures(f)}`);
    assert.equal(f.mismatches, 0, `the editor overlay disagreed with a fresh workspace:\n${failures(f)}`);
    // Memory: the heap after a GC at each checkpoint does not creep up (fresh workspaces per input, and
    // one long-lived workspace per seed project fed overlays).
    const heap = f.retainedHeapMb;
    assert.ok(heap.length >= 1);
    assert.ok(heap[heap.length - 1]! - heap[0]! < 64, `the retained heap grew from ${heap[0]} MB to ${heap.at(-1)} MB`);
    assert.ok(f.peakHeapMb < 900, `peak heap ${f.peakHeapMb} MB`);
  });

  it(`hostile workspaces on disk (seed ${SEED}, ${TEST_WORKSPACES}): links out, devices, FIFOs, huge and deep files, control characters in names and keys; mcp-caps ends, reads and writes nothing outside, prints nothing raw`, { timeout: 120_000 }, async (t) => {
    const f = await runWorkspaceCampaign({ seed: SEED, workspaces: TEST_WORKSPACES, concurrency: WORKERS, hardLimitMs: 20_000, timeLimitMs: 15_000 });
    const text = formatWorkspaceFigures(SEED, f);
    t.diagnostic(text);
    console.log(`# ${text}`);
    // How many fit in the time limit depends on the machine (each is a CLI run); the checks do not.
    assert.ok(f.tried >= 3, `only ${f.tried} workspaces ran`);
    assert.deepEqual(f.failures.map((x) => `${x.workspace}\n    ${x.problems.join("\n    ")}\n    (${x.kept})`), []);
  });
});
