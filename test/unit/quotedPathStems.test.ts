// The stems a text names in quoted paths, read in one pass, must answer exactly what the search for
// one stem with a pattern answers (the pattern is written out here as the reference).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { namesStemInQuotedPath, quotedPathStems } from "../../server/src/analysis/dialects/sdk/quotedPathStems";

function reference(text: string, stem: string): boolean {
  const name = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`['"][^'"\\n]{0,300}/${name}(?:\\.[cm]?[jt]sx?)?(?:/index(?:\\.[cm]?[jt]sx?)?)?['"]`).test(text);
}

const STEMS = ["server", "index", "tools", "a", "server.test", "my-server", "x.ts", "$s", "a b", 'q"t', "line\nbreak"];

/** A small deterministic generator (the same texts on every run). */
function randomTexts(count: number): string[] {
  let seed = 20261202;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pieces = ["'", '"', "/", "\n", "server", "index", ".js", ".ts", ".mtsx", "/index", "tools", "a", "x", ".", " ", "from ", "import ", "-", "b", "$s", "q", "t"];
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    let t = "";
    const n = 1 + Math.floor(next() * 40);
    for (let k = 0; k < n; k++) t += pieces[Math.floor(next() * pieces.length)];
    texts.push(t);
  }
  return texts;
}

describe("quoted-path stems", () => {
  it("name what the pattern finds, on ordinary imports", () => {
    const text = 'import { a } from "./server.js";\nexport * from \'../tools/index.ts\';\nconst p = "@/lib/x.ts/index";\n';
    for (const stem of ["server", "tools", "x", "x.ts", "lib", "index", "a", "server.js"]) {
      assert.equal(namesStemInQuotedPath(text, stem, () => quotedPathStems(text)), reference(text, stem), stem);
    }
    assert.equal(quotedPathStems(text).has("server"), true);
    assert.equal(quotedPathStems(text).has("tools"), true);
  });

  it("stop 300 characters after the opening quote, as the pattern does", () => {
    for (const gap of [298, 299, 300, 301]) {
      const text = `"${"x".repeat(gap)}/server.js"`;
      assert.equal(namesStemInQuotedPath(text, "server", () => quotedPathStems(text)), reference(text, "server"), String(gap));
    }
  });

  it("agree with the pattern on thousands of generated texts", () => {
    for (const text of randomTexts(4000)) {
      const stems = quotedPathStems(text);
      for (const stem of STEMS) assert.equal(namesStemInQuotedPath(text, stem, () => stems), reference(text, stem), JSON.stringify({ text, stem }));
    }
  });
});
