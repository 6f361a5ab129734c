// The human report's table has a row for every capability key a server sends: a key whose value is
// `{}` in one era and has flags in the other (`prompts: {}` beside `prompts.listChanged`) keeps a row
// of its own, or a reader takes it for "not advertised". Under the tables, a legend explains the
// marks the report used, and only those.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { mcpCaps } from "../helpers/builtCliInProcess";
import { REPO, tempProject } from "../helpers/tempProject";

// Legacy sends the base as written (`prompts: {}`, `logging` with a field); modern turns
// `prompts.listChanged` on and replaces `logging` with `{}`.
const EMPTY_PROMPTS = `export class EmptyPrompts {
  static __capabilities__() {
    return { prompts: {}, logging: { level: "info" } };
  }
}
`;

/** The table row of `label` (two spaces of indent, the label, then its cells), or undefined. */
const rowOf = (stdout: string, label: string) => stdout.split("\n").find((l) => l.startsWith(`  ${label} `));

describe("the human report shows a capability whose value is {}", () => {
  it("a key that is {} in one era and has flags in the other has its own row, beside its flags' rows", () => {
    const r = mcpCaps(tempProject({ "s.ts": EMPTY_PROMPTS }));
    assert.equal(r.status, 0, r.stderr);
    assert.match(rowOf(r.stdout, "prompts") ?? "", /^ {2}prompts\s+\{\}\s+\{…\}\s/, r.stdout);
    assert.match(rowOf(r.stdout, "prompts.listChanged") ?? "", /^ {2}prompts\.listChanged\s+—\s+true \+/);
    assert.match(rowOf(r.stdout, "logging") ?? "", /^ {2}logging\s+\{…\}\s+\{\}\s/, "modern's logging: {} is shown");
    assert.match(rowOf(r.stdout, "logging.level") ?? "", /^ {2}logging\.level\s+"info"\s+—/);
    // The key is in both eras: modern adds its flag, not the key.
    assert.match(r.stdout, /modern adds: prompts\.listChanged$/m);
  });

  it("one era only: the {} of that era has its row", () => {
    const legacy = mcpCaps(tempProject({ "s.ts": EMPTY_PROMPTS }), "--era", "legacy");
    assert.match(rowOf(legacy.stdout, "prompts") ?? "", /^ {2}prompts\s+\{\}\s/, legacy.stdout);
    const modern = mcpCaps(tempProject({ "s.ts": EMPTY_PROMPTS }), "--era", "modern");
    assert.match(rowOf(modern.stdout, "logging") ?? "", /^ {2}logging\s+\{\}\s/, modern.stdout);
  });

  it("the examples: GatewayServer's legacy prompts: {} and modern logging: {} are on the table", () => {
    const r = mcpCaps(join(REPO, "examples"));
    assert.equal(r.status, 0, r.stderr);
    const gateway = r.stdout.slice(r.stdout.indexOf("GatewayServer "), r.stdout.indexOf("\n\n", r.stdout.indexOf("GatewayServer ")));
    assert.match(rowOf(gateway, "prompts") ?? "", /^ {2}prompts\s+\{\}\s/, gateway);
    assert.match(rowOf(gateway, "logging") ?? "", /^ {2}logging\s+\{…\}\s+\{\}\s/, gateway);
  });
});

describe("the legend under the tables", () => {
  it("explains each mark the report used, and no other", () => {
    const r = mcpCaps(tempProject({ "s.ts": EMPTY_PROMPTS }));
    const legend = r.stdout.slice(r.stdout.indexOf("\nLegend:\n"));
    assert.ok(legend.length > 0, r.stdout);
    assert.match(legend, /^ {2}— +not sent in that era$/m);
    assert.match(legend, /^ {2}\+ +modern adds it or turns it on$/m);
    assert.match(legend, /^ {2}\{…\} +an object, whose keys are on the rows below$/m);
    assert.doesNotMatch(legend, /^ {2}[·≈] /m, "no era is null and nothing is unknown here");
    // --era legacy shows no `+` and no `{…}` (legacy's logging row holds the object, its flag the value).
    const legacy = mcpCaps(tempProject({ "s.ts": EMPTY_PROMPTS }), "--era", "legacy").stdout;
    assert.doesNotMatch(legacy.slice(legacy.indexOf("Legend:")), /^ {2}\+ /m, legacy);
  });

  it("a null era and an unknown part: · and ≈ are explained", () => {
    const src = `declare function makeCaps(): object;
export class NoModern {
  static __capabilities__() { return { tools: { listChanged: false }, prompts: makeCaps() }; }
}
export class ToolsNotAnObject {
  static __capabilities__() { return { tools: true }; }
}
`;
    const r = mcpCaps(tempProject({ "s.ts": src }));
    const legend = r.stdout.slice(r.stdout.indexOf("Legend:"));
    assert.match(legend, /^ {2}≈ +approximate/m, r.stdout);
    assert.match(legend, /^ {2}· +that era is not served/m, r.stdout);
  });

  it("no table, no legend", () => {
    const r = mcpCaps(tempProject({ "a.ts": "export const a = 1;\n" }));
    assert.doesNotMatch(r.stdout, /Legend:/);
  });
});
