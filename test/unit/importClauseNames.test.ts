// The names a text writes in import and export clauses, read in one pass, must answer exactly what the
// search for one name with a pattern answers (the pattern is written out here as the reference).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { importClauseNames, namesInImportClause } from "../../server/src/analysis/dialects/sdk/importClauseNames";

function reference(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.includes(name) && new RegExp(`\\b(?:import|export)\\b[^;]{0,2000}?[{,\\s]${escaped}\\b[^;]{0,2000}?\\bfrom\\b`).test(text);
}

const NAMES = ["server", "s", "from", "import", "a", "b2", "_x", "createServer", "$s", "s$", "a.b", "données", "x y"];

/** A small deterministic generator (the same texts on every run). */
function randomTexts(count: number, pieces: readonly string[], length: number): string[] {
  let seed = 20261202;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    let t = "";
    const n = 1 + Math.floor(next() * length);
    for (let k = 0; k < n; k++) t += pieces[Math.floor(next() * pieces.length)];
    texts.push(t);
  }
  return texts;
}

const PIECES = ["import", "export", "from", "server", "s", "a", "b2", "_x", "createServer", "$", "{", "}", ",", " ", "\n", "\t", "\u00a0", ";", "*", "as", ".", "'./server.js'", "x", "données", "reimport", "froms", "type"];

function agrees(text: string): void {
  const names = importClauseNames(text);
  for (const name of NAMES) {
    assert.equal(namesInImportClause(() => text, name, names), reference(text, name), JSON.stringify({ text: text.length > 300 ? `${text.slice(0, 300)}…` : text, name }));
  }
}

describe("import-clause names", () => {
  it("name what the pattern finds, on ordinary imports and re-exports", () => {
    const text = 'import { a, type b2 } from "./a.js";\nimport server from "./server.js";\nexport { s as _x } from "./s";\nconst createServer = 1;\n';
    agrees(text);
    assert.deepEqual([...importClauseNames(text)].sort(), ["_x", "a", "as", "b2", "s", "server", "type"]);
  });

  it("stop 2,000 characters after the keyword and before the from, and at a semicolon", () => {
    for (const gap of [1998, 1999, 2000, 2001]) {
      agrees(`import${" ".repeat(gap)}{server} from "x"`);
      agrees(`import {server}${" ".repeat(gap)}from "x"`);
      agrees(`import${" ".repeat(gap)}x,${" ".repeat(gap)}server${" ".repeat(gap)} from "x"`);
    }
    agrees('import { a; server } from "x"');
    agrees('import { server ; } from "x"');
    agrees('export { server }\nfoo;\nimport x from "y"');
  });

  it("agree with the pattern on thousands of generated texts", () => {
    for (const text of randomTexts(4000, PIECES, 40)) agrees(text);
  });

  it("agree with the pattern on long texts with few semicolons", () => {
    const spaced = [...PIECES, " ".repeat(700), "\n".repeat(300)];
    for (const text of randomTexts(300, spaced, 60)) agrees(text);
  });
});
