// The `extends` pre-pass tries its patterns only where a text spells the words they start with
// (core/project/wordMatches.ts, declarationWords.ts): on generated texts, every pattern it reads so
// must give exactly the matches the same pattern gives tried at every character.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { declarationWordPlaces } from "../../server/src/analysis/core/project/declarationWords";
import { matchesAt, matchesSomewhere, wordPlaces } from "../../server/src/analysis/core/project/wordMatches";
import { tokenText } from "../helpers/tokenTexts";

const EXPORT_PATTERNS = [
  /\bexport\s*=/g,
  /\bexport\s+(?:type\s+)?\{/g,
  /\bexport\s+\*\s*(?:as\s+([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')\s*)?(?:from\s*)?["']([^"'\n]+)["']/g,
  /\bexport\s+default\s+(?:abstract\s+)?class\b/g,
  /\bexport\s+default\s+([A-Za-z_$][\w$]*)\s*(?:;|\n|$)/g,
  /\bexport\s+default\b/g,
  /\bexport\s+(?:declare\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)/g,
  /\bexport\s+(?:declare\s+)?(?:const|let|var|function|async|enum|namespace|module)\b([^;=({]{0,2000})/g,
];
const DECLARATION_PATTERNS = [
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)|\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)|\b(?:enum|namespace|module)\s+([A-Za-z_$][\w$]*)|\bimport\s+([A-Za-z_$][\w$]*)\s*=/g,
  /\b(?:const|let|var)\s*[{[]([^=;]{0,4000})/g,
  /\b(?:class|function\s*\*?|const|let|var|enum|interface|namespace|module)\s+([A-Za-z_$][\w$]*)/g,
];
const TOKENS = [
  "export", "export ", "default", " default ", "class", " class ", "abstract ", "declare ", "type ", "*", " as ", "from", " from ", "=", " = ",
  "const", "const ", "let", "let ", "var ", "function", "function*", "enum ", "namespace ", "module", "module ", "import ", "interface ",
  "{", "}", "[", "]", "(", ";", '"', "'", "\n", " ", "a", "B", "$", "x.js", ",", "//", "async ", "modulet", "exports",
];

const generated = (seed: number, length: number): string => tokenText(TOKENS, seed, length);

const sticky = (pattern: RegExp) => new RegExp(pattern.source, "y");
const shown = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => [m.index, ...m]);

describe("patterns tried only where their words are", () => {
  it("give the global patterns' matches on 5,000 generated texts", () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const text = generated(seed, 5 + (seed % 70));
      const exports = wordPlaces(text, /export/g);
      for (const pattern of EXPORT_PATTERNS) {
        assert.deepEqual(shown(matchesAt(text, sticky(pattern), exports)), shown(text.matchAll(pattern)), `${pattern} ${JSON.stringify(text)}`);
        assert.equal(matchesSomewhere(text, sticky(pattern), exports), new RegExp(pattern.source).test(text));
      }
      for (const pattern of DECLARATION_PATTERNS) {
        assert.deepEqual(shown(matchesAt(text, sticky(pattern), declarationWordPlaces(text))), shown(text.matchAll(pattern)), `${pattern} ${JSON.stringify(text)}`);
      }
    }
  });
});
