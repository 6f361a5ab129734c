// The server's open documents (server/src/lsp/blockDocument.ts) against the reference implementation
// (vscode-languageserver-textdocument): the same text, positions and offsets after thousands of random
// edits over CRLF, CR and LF line ends, and an incremental update whose cost is the edit, not the
// document (the reference takes tens of seconds for 500 one-character edits of a 5 MB file).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { TextDocument } from "vscode-languageserver-textdocument";
import { BlockDocument } from "../../server/src/lsp/blockDocument";
import { Rng } from "../robust/fuzz/prng";

const PIECES = ["a", "bc", "\n", "\r\n", "\r", "\n\n", "\r\r\n", "xyz\n", "😀", "", "\t", "long line ".repeat(30)];

function randomText(rng: Rng, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += rng.pick(PIECES);
  return s;
}

function randomPosition(rng: Rng, doc: TextDocument): { line: number; character: number } {
  const line = rng.chance(0.05) ? rng.pick([-1, doc.lineCount, doc.lineCount + 3]) : rng.int(doc.lineCount);
  const character = rng.chance(0.05) ? rng.pick([-2, 10_000]) : rng.int(12);
  return { line, character };
}

describe("BlockDocument: the open document of the language server", () => {
  it("agrees with vscode-languageserver-textdocument on text, offsets and positions after 3,000 random edits", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const rng = new Rng(seed);
      // Big enough to span many blocks, so edits cross block boundaries.
      const initial = randomText(rng, seed % 2 === 0 ? 20_000 : 30);
      const ref = TextDocument.create("file:///a.ts", "typescript", 1, initial);
      const doc = new BlockDocument("file:///a.ts", "typescript", 1, initial);
      for (let i = 0; i < 500; i++) {
        const a = randomPosition(rng, ref);
        const b = rng.chance(0.5) ? a : randomPosition(rng, ref);
        const change = rng.chance(0.02) ? { text: randomText(rng, rng.int(50)) } : { range: { start: a, end: b }, text: randomText(rng, rng.int(4)) };
        TextDocument.update(ref, [change], i + 2);
        doc.update([change], i + 2);
        if (i % 25 === 0 || i === 499) assert.equal(doc.getText(), ref.getText(), `seed ${seed}, edit ${i}`);
        assert.equal(doc.lineCount, ref.lineCount, `seed ${seed}, edit ${i}: line count`);
        for (let k = 0; k < 5; k++) {
          const p = randomPosition(rng, ref);
          assert.equal(doc.offsetAt(p), ref.offsetAt(p), `seed ${seed}, edit ${i}: offsetAt(${JSON.stringify(p)})`);
          const o = rng.int(ref.getText().length + 3) - 1;
          assert.deepEqual(doc.positionAt(o), ref.positionAt(o), `seed ${seed}, edit ${i}: positionAt(${o})`);
          const l = rng.int(ref.lineCount + 2) - 1;
          assert.deepEqual(doc.getLineRange(l), ref.getLineRange(l), `seed ${seed}, edit ${i}: getLineRange(${l})`);
          assert.equal(doc.getEOLCharacters(l), ref.getEOLCharacters(l), `seed ${seed}, edit ${i}: getEOLCharacters(${l})`);
        }
      }
      assert.equal(doc.version, ref.version);
    }
  });

  it("a \\r and a \\n brought together across an internal block boundary count as one line break", () => {
    // Long enough to be cut into blocks of 16,384 characters; the first ends with "\r".
    const text = `${"a".repeat(16_383)}\rX\n${"b\n".repeat(20_000)}`;
    const ref = TextDocument.create("file:///a.ts", "typescript", 1, text);
    const doc = new BlockDocument("file:///a.ts", "typescript", 1, text);
    const x = { start: ref.positionAt(16_384), end: ref.positionAt(16_385) };
    for (const d of [ref, doc]) (d === ref ? TextDocument.update(ref, [{ range: x, text: "" }], 2) : doc.update([{ range: x, text: "" }], 2));
    assert.equal(doc.getText(), ref.getText());
    assert.equal(doc.lineCount, ref.lineCount);
    for (const o of [16_382, 16_383, 16_384, 16_385, 16_386, 20_000]) assert.deepEqual(doc.positionAt(o), ref.positionAt(o), `positionAt(${o})`);
    for (const line of [0, 1, 2, 3]) for (const character of [0, 1, 5, 20_000]) assert.equal(doc.offsetAt({ line, character }), ref.offsetAt({ line, character }), `offsetAt(${line}:${character})`);
  });

  it("500 one-character edits of a 5 MB document take well under a second (the reference: tens of seconds)", (t) => {
    const line = `// ${"x".repeat(60)}\n`;
    const text = line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));
    const doc = new BlockDocument("file:///big.ts", "typescript", 1, text);
    const started = performance.now();
    for (let i = 0; i < 500; i++) {
      const at = { line: 40_000 + (i % 7), character: 5 + (i % 40) };
      doc.update([{ range: { start: at, end: at }, text: "y" }], i + 2);
    }
    const ms = performance.now() - started;
    t.diagnostic(`500 edits of a 5 MB document: ${ms.toFixed(0)} ms`);
    assert.equal(doc.getText().length, text.length + 500);
    assert.ok(ms < 2000, `${ms.toFixed(0)} ms`);
  });
});
