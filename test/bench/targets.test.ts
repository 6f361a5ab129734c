// The harness's verdicts (bench/targets.mjs): a target is decided by the median of its per-pair
// ratios, and a run whose spread reaches across a limit decides nothing (bench/run.mjs then refuses
// to write results.json).
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";

interface Target {
  id: string;
  measured: number;
  holds: boolean;
  conclusive: boolean;
  spread: { min: number; max: number };
  loadAverage?: number;
  clock: string;
}
type Evaluate = (r: unknown) => Target[];

const load = async (): Promise<Evaluate> =>
  ((await import(pathToFileURL(join(__dirname, "..", "..", "bench", "targets.mjs")).href)) as { evaluateTargets: Evaluate }).evaluateTargets;

/** A run with only the cold analysis of one corpus, measured as these (cold / floor) ratios. */
function runWith(ratios: number[]): unknown {
  const sorted = [...ratios].sort((a, b) => a - b);
  const analysis = {
    pairs: { n: ratios.length, median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1], ratios },
    loadAverage: 1.3,
    cold: { median: 100 },
    floor: { median: 90 },
  };
  return { primary: 7, large: 7, corpora: [{ files: 7, analysis }] };
}

describe("bench targets", () => {
  it("takes the median of the per-pair ratios, on the wall clock, with its spread and load average", async () => {
    const evaluate = await load();
    const [t] = evaluateCold(evaluate, [1.1, 1.05, 1.15]);
    assert.equal(t!.measured, 1.1);
    assert.deepEqual([t!.spread.min, t!.spread.max], [1.05, 1.15]);
    assert.equal(t!.clock, "wall");
    assert.equal(t!.loadAverage, 1.3);
    assert.equal(t!.holds, true);
    assert.equal(t!.conclusive, true);
  });

  it("calls a run inconclusive when the spread reaches across the limit, whichever side the median is on", async () => {
    const evaluate = await load();
    const holdsNarrowly = evaluateCold(evaluate, [1.1, 1.15, 1.3])[0]!;
    assert.equal(holdsNarrowly.holds, true);
    assert.equal(holdsNarrowly.conclusive, false);
    const missesNarrowly = evaluateCold(evaluate, [1.1, 1.25, 1.3])[0]!;
    assert.equal(missesNarrowly.holds, false);
    assert.equal(missesNarrowly.conclusive, false);
    const missesClearly = evaluateCold(evaluate, [1.4, 1.5, 1.6])[0]!;
    assert.equal(missesClearly.holds, false);
    assert.equal(missesClearly.conclusive, true);
  });
});

function evaluateCold(evaluate: Evaluate, ratios: number[]): Target[] {
  return evaluate(runWith(ratios)).filter((t) => t.id.startsWith("cold-vs-parse-floor"));
}
