// importClauses reads `import … from "` without the pattern's restarts (core/project/importClauses.ts):
// on generated texts it must give exactly what the pattern gives, and stay linear on texts full of
// `import` keywords that never reach a `from`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { importClauses } from "../../server/src/analysis/core/project/importClauses";
import { tokenText } from "../helpers/tokenTexts";

const PATTERN = /\bimport\s+([^;"'`]*?)\s*from\s*["']/g;
const TOKENS = ["import", "import ", "from", " from ", "type ", " ", "\n", "\t", ";", '"', "'", "`", "{", "}", "a", "B", ",", "*", " as ", "x.js", "importfrom", "//", "/*", "*/"];

const generated = (seed: number, length: number): string => tokenText(TOKENS, seed, length);

describe("import clauses read in one pass", () => {
  it("gives the pattern's matches on 5,000 generated texts", () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const text = generated(seed, 5 + (seed % 60));
      const expected = [...text.matchAll(PATTERN)].map((m) => [m[1], m.index + m[0].length - 1]);
      const actual = [...importClauses(text)].map((c) => [c.clause, c.quoteAt]);
      assert.deepEqual(actual, expected, JSON.stringify(text));
    }
  });

  it("reads ordinary imports", () => {
    const text = 'import A, { B as C } from "./a";\nimport type { T } from \'./t\';\nimport * as NS from "ns";\nimport "./side";\n';
    assert.deepEqual([...importClauses(text)].map((c) => c.clause), ["A, { B as C }", "type { T }", "* as NS"]);
  });

  // The pattern takes minutes on this text (each keyword rescans to its end); one pass, milliseconds.
  // The time limit only tells a hang from an answer.
  it("answers on 200,000 `import ` without a `from`", { timeout: 20_000 }, () => {
    const text = "import ".repeat(200_000) + 'x from "y"';
    // As the pattern: one match, from the first keyword (a clause may hold `import` words) to `from`.
    const found = [...importClauses(text)];
    assert.equal(found.length, 1);
    assert.ok(found[0]!.clause.startsWith("import import") && found[0]!.clause.endsWith("import x"));
  });
});
