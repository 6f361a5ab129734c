// The rule the differential test holds inexact predictions to (harness.ts partialAgreement), on
// hand-written predictions in both report shapes: `{"$dynamic": ...}` markers inside the era
// objects, and the server's `unknown` list of the CLI contract.
//   node --import tsx --test test/sdk/partialAgreement.test.ts
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hasDynamicKey, partialAgreement } from "./harness";
import type { UnknownPart } from "./harness";

const reason = "computed at run time";

describe("partialAgreement: what every prediction must get right", () => {
  it("agrees with an identical object", () => {
    assert.deepEqual(partialAgreement({ tools: { listChanged: true }, logging: {} }, { logging: {}, tools: { listChanged: true } }), []);
  });
  it("a stated value that differs is a disagreement", () => {
    assert.deepEqual(partialAgreement({ tools: { listChanged: false } }, { tools: { listChanged: true } }), ["tools.listChanged: predicted false, real true"]);
  });
  it("a real key the prediction leaves out is a disagreement", () => {
    assert.deepEqual(partialAgreement({ tools: {} }, { tools: {}, logging: {} }), ["logging: real has it, the prediction does not"]);
  });
  it("a predicted key the real server does not send is a disagreement", () => {
    assert.deepEqual(partialAgreement({ tools: {}, prompts: {} }, { tools: {} }), ["prompts: predicted an object, real undefined"]);
  });
});

describe("partialAgreement: $dynamic markers (the report shape before the unknown list)", () => {
  it("a {$dynamic} value claims nothing", () => {
    assert.deepEqual(partialAgreement({ logging: { $dynamic: "loggingCaps()" } }, { logging: { level: "info" } }), []);
  });
  it("an object with a $dynamic entry may miss real keys, but its stated keys must agree", () => {
    const pred = { tools: { $dynamic: "...extra", listChanged: true } };
    assert.deepEqual(partialAgreement(pred, { tools: { listChanged: true, more: 1 } }), []);
    assert.deepEqual(partialAgreement(pred, { tools: { listChanged: false } }), ["tools.listChanged: predicted true, real false"]);
  });
  it("below a $dynamic spread, nested objects may miss real keys too", () => {
    assert.deepEqual(partialAgreement({ $dynamic: "...base", tools: {} }, { tools: { listChanged: true }, logging: {} }), []);
  });
});

describe("partialAgreement: the unknown list", () => {
  it("a spread at the top level lets the prediction miss top-level keys, not disagree on stated ones", () => {
    const unknown: UnknownPart[] = [{ path: [], spread: true, source: "...extra", reason }];
    assert.deepEqual(partialAgreement({ tools: { listChanged: true } }, { tools: { listChanged: true }, logging: {} }, unknown), []);
    assert.deepEqual(partialAgreement({ tools: { listChanged: true } }, { tools: { listChanged: false } }, unknown), ["tools.listChanged: predicted true, real false"]);
    assert.deepEqual(partialAgreement({ tools: { listChanged: true } }, { tools: { listChanged: true }, logging: {} }), ["logging: real has it, the prediction does not"]);
  });
  it("a spread at an ancestor lets nested objects miss keys", () => {
    const unknown: UnknownPart[] = [{ path: [], spread: true, reason }];
    assert.deepEqual(partialAgreement({ tools: {} }, { tools: { listChanged: true } }, unknown), []);
  });
  it("a spread inside one object leaves its siblings held to all their keys", () => {
    const unknown: UnknownPart[] = [{ path: ["tools"], spread: true, reason }];
    assert.deepEqual(partialAgreement({ tools: {}, prompts: {} }, { tools: { listChanged: true }, prompts: { listChanged: true } }, unknown), [
      "prompts.listChanged: real has it, the prediction does not",
    ]);
  });
  it("a path listed as unknown (no spread) is not compared, whether the real server sends it or not", () => {
    const unknown: UnknownPart[] = [{ path: ["logging"], source: "process.env.DEBUG ? {} : undefined", reason }];
    assert.deepEqual(partialAgreement({ tools: {} }, { tools: {}, logging: {} }, unknown), []);
    assert.deepEqual(partialAgreement({ tools: {} }, { tools: {} }, unknown), []);
    assert.deepEqual(partialAgreement({ tools: {} }, { tools: {}, prompts: {} }, unknown), ["prompts: real has it, the prediction does not"]);
  });
  it("an unknown value deep inside an object leaves the object's other keys compared", () => {
    const unknown: UnknownPart[] = [{ path: ["tools", "listChanged"], reason }];
    assert.deepEqual(partialAgreement({ tools: {} }, { tools: { listChanged: true } }, unknown), []);
    assert.deepEqual(partialAgreement({ tools: {} }, { tools: { listChanged: true, extra: 1 } }, unknown), ["tools.extra: real has it, the prediction does not"]);
  });
  it("keys holding dots and slashes are path segments, not separators", () => {
    const unknown: UnknownPart[] = [{ path: ["extensions", "io.modelcontextprotocol/tasks"], reason }];
    assert.deepEqual(partialAgreement({ extensions: {} }, { extensions: { "io.modelcontextprotocol/tasks": {} } }, unknown), []);
    assert.deepEqual(partialAgreement({ extensions: {} }, { extensions: { io: { "modelcontextprotocol/tasks": {} } } }, unknown), [
      "extensions.io: real has it, the prediction does not",
    ]);
  });
  it("an entry with an era applies to that era only; one without applies to both", () => {
    const unknown: UnknownPart[] = [{ path: ["logging"], era: "modern", reason }];
    assert.deepEqual(partialAgreement({}, { logging: {} }, unknown, "modern"), []);
    assert.deepEqual(partialAgreement({}, { logging: {} }, unknown, "legacy"), ["logging: real has it, the prediction does not"]);
    const both: UnknownPart[] = [{ path: ["logging"], reason }];
    assert.deepEqual(partialAgreement({}, { logging: {} }, both, "legacy"), []);
    assert.deepEqual(partialAgreement({}, { logging: {} }, both, "modern"), []);
  });
  it("markers and the list together: each is honoured", () => {
    const unknown: UnknownPart[] = [{ path: ["logging"], reason }];
    assert.deepEqual(partialAgreement({ tools: { $dynamic: "x" } }, { tools: { listChanged: true }, logging: {} }, unknown), []);
  });
});

describe("hasDynamicKey", () => {
  it("finds a $dynamic key at any depth, and only there", () => {
    assert.equal(hasDynamicKey({ tools: { listChanged: true } }), false);
    assert.equal(hasDynamicKey(null), false);
    assert.equal(hasDynamicKey({ $dynamic: "x" }), true);
    assert.equal(hasDynamicKey({ experimental: { vendor: { $dynamic: "x" } } }), true);
  });
});
