// The probe's comparison: which unknown parts of a prediction account for a difference with the running
// server. A spread ("may be given more capabilities") accounts for keys the server adds, and values it
// changes, but not for a key the prediction states that the server does not send (trial 128: a method
// replaced by Object.assign left such a key stated, and the probe called the difference explained).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { eraDifferences, type PredictedServer } from "../../server/src/cli/probe/difference";

const predicted = (legacy: PredictedServer["legacy"], unknown: PredictedServer["unknown"]): PredictedServer => ({ name: "s", file: "src/index.ts", line: 1, dialect: "sdk-v1", exact: false, legacy, modern: null, unknown });
const OPEN = { path: [], spread: true, reason: "the server may be given more capabilities where the analysis does not follow it: …" };

describe("probe: differences and what explains them", () => {
  it("a spread explains a key the server adds", () => {
    const [d] = eraDifferences("legacy", { prompts: { listChanged: true }, tools: { listChanged: true } }, predicted({ tools: { listChanged: true } }, [OPEN]));
    assert.deepEqual(d!.path, ["prompts"]);
    assert.deepEqual(d!.explainedBy, [OPEN]);
  });

  it("a spread does not explain a stated key the server does not send", () => {
    const [d] = eraDifferences("legacy", { tools: { listChanged: true } }, predicted({ prompts: { listChanged: true }, tools: { listChanged: true } }, [OPEN]));
    assert.deepEqual(d!.path, ["prompts"]);
    assert.deepEqual(d!.explainedBy, []);
  });

  it("an unknown part for that key, or for the whole without a spread, explains it", () => {
    const part = { path: ["prompts"], reason: "prompts is registered only under a condition" };
    const whole = { path: [], reason: "what this server advertises is not known: …" };
    for (const u of [part, whole]) {
      const [d] = eraDifferences("legacy", { tools: {} }, predicted({ prompts: {}, tools: {} }, [u]));
      assert.deepEqual(d!.explainedBy, [u]);
    }
  });

  it("an era served against one predicted not served is explained only by what leaves the whole era open (trial 141 c03)", () => {
    const key = { path: ["tools"], reason: "tools is registered only under a condition" };
    const served = { era: "modern" as const, path: [], reason: "whether the server answers server/discover is not known: …" };
    const run = (unknown: PredictedServer["unknown"]) => eraDifferences("modern", { tools: { listChanged: true } }, predicted({ tools: { listChanged: true } }, unknown))[0]!;
    assert.deepEqual(run([key, OPEN]).explainedBy, []);
    assert.deepEqual(run([key, OPEN, served]).explainedBy, [served]);
  });
});
