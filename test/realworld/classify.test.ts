// How a corpus entry is judged against the analysis's report, on hand-made reports: exact, confidently
// wrong (with the keys that differ), approximate, approximate but contradicted where it claims to know,
// and not found.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { JsonServer } from "../../server/src/cli/jsonReport";
import { classify } from "./classify";
import type { CorpusEntry } from "./entry";

const entry: CorpusEntry = {
  id: "someone-demo",
  repo: "someone/demo",
  commit: "0".repeat(40),
  dir: "",
  package: "demo-mcp",
  version: "1.0.0",
  dialect: "sdk-v1",
  server: { file: "src/index.ts", name: "demo" },
  probe: { bin: "dist/index.js" },
  captured: {
    legacy: { tools: { listChanged: true }, logging: {} },
    modern: null,
    legacyError: null,
    modernError: "JSON-RPC error -32601: Method not found",
    probedWith: "mcp-caps probe 0.1.0",
    date: "2026-12-02",
  },
  hard: "plain",
};

function server(over: Partial<JsonServer>): JsonServer {
  return {
    name: "demo",
    file: "src/index.ts",
    line: 3,
    column: 7,
    dialect: "sdk-v1",
    exact: true,
    legacy: { logging: {}, tools: { listChanged: true } },
    modern: null,
    unknown: [],
    provenance: [],
    ...over,
  };
}

describe("classifying a corpus entry", () => {
  it("is exact when the report is exact and both eras equal the capture", () => {
    assert.deepEqual(classify(entry, [server({})]).outcome, "exact");
  });

  it("is confidently wrong when marked exact but an era differs, naming each differing key", () => {
    const r = classify(entry, [server({ legacy: { tools: { listChanged: false }, prompts: {} }, modern: {} })]);
    assert.equal(r.outcome, "confidently wrong");
    assert.deepEqual(r.details, [
      "legacy.logging: sent {}, not predicted",
      "legacy.prompts: predicted {}, not sent",
      "legacy.tools.listChanged: predicted false, sent true",
      "modern: predicted {}, sent null",
    ]);
  });

  it("is approximate when every difference lies under an unknown part, and lists the reasons with file:line", () => {
    const unknown = [{ path: [], spread: true, reason: "a helper is not followed", file: "src/tools.ts", line: 12, era: "legacy" }];
    const r = classify(entry, [server({ exact: false, legacy: { tools: { listChanged: true } }, unknown })]);
    assert.equal(r.outcome, "approximate");
    assert.deepEqual(r.details, ["legacy (top level) (spread): a helper is not followed (src/tools.ts:12)"]);
  });

  it("is approximate, contradicted when a known key is not what the server sends", () => {
    const unknown = [{ path: ["logging"], reason: "logging depends on an option" }];
    const r = classify(entry, [server({ exact: false, legacy: { tools: { listChanged: true }, prompts: { listChanged: true } }, unknown })]);
    assert.equal(r.outcome, "approximate, contradicted");
    assert.deepEqual(r.details, ["contradicted: legacy.prompts: predicted {\"listChanged\":true}, not sent", "logging: logging depends on an option"]);
  });

  it("does not let an unknown part of the other era explain a difference", () => {
    const unknown = [{ path: [], reason: "not followed", era: "modern" }];
    const r = classify(entry, [server({ exact: false, legacy: { tools: { listChanged: true } }, unknown })]);
    assert.equal(r.outcome, "approximate, contradicted");
  });

  it("finds the server by file first, then by name, and is not found otherwise, naming what was found", () => {
    assert.equal(classify(entry, [server({ file: "src/other.ts", name: "x" }), server({ name: "anything" })]).outcome, "exact");
    assert.equal(classify(entry, [server({ file: "src/moved.ts" })]).outcome, "exact");
    const r = classify(entry, [server({ file: "src/other.ts", name: "x", dialect: "conduit" })]);
    assert.equal(r.outcome, "not found");
    assert.deepEqual(r.details, ["the analysis reported only: src/other.ts#x (conduit)"]);
  });
});
