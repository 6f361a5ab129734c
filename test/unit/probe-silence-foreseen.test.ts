// The probe's reading of a silent era: no answer is what the prediction allowed when it said the
// server may not start, and also when it said the server may stop right after it starts (fastmcp's
// first prompt added after an awaited start(): the session is up, then the program ends; trial 155
// c089). Any other unknown part for the whole server does not foresee silence.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { silenceForeseenBy, type EraReport, type SourceReport } from "../../server/src/cli/probe/probeReport";
import type { PredictedServer } from "../../server/src/cli/probe/difference";
import { mayNotStart, mayStopAfterStart } from "../../server/src/analysis/core/model/unknown";

const server = (reason: string): PredictedServer => ({ name: "late", file: "src/index.ts", line: 4, dialect: "fastmcp", exact: false, legacy: { tools: {} }, modern: null, unknown: [{ path: [], spread: true, reason }] });
const failed: EraReport = { method: "initialize", protocolVersion: "2025-11-25", outcome: "failed", capabilities: null, error: "the server exited before answering" };
const report = (reason: string) => {
  const source: SourceReport = { dir: ".", servers: [server(reason)], matched: "src/index.ts#late", differences: [] };
  return { legacy: failed, modern: failed, source };
};

describe("probe: a silent era the prediction foresaw", () => {
  it("the server may not start, or may stop right after it starts: foreseen", () => {
    for (const reason of [mayNotStart("a throw at start-up"), mayStopAfterStart("addPrompt() runs after the awaited start()")]) {
      assert.ok(silenceForeseenBy(report(reason), "legacy"), reason);
    }
  });

  it("more capabilities where the analysis does not follow: not foreseen", () => {
    assert.equal(silenceForeseenBy(report("the server may be given more capabilities where the analysis does not follow it: …"), "legacy"), undefined);
  });
});
