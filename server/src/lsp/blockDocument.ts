// An open document whose incremental updates cost the size of the edit, not of the document.
// vscode-languageserver-textdocument rebuilds the whole text (and shifts every later line offset) on
// each change: 500 one-character edits of a 5 MB file took 28 s. Here the text is a list of blocks of
// about 16 K characters, each knowing how many line breaks it holds; an edit rewrites the blocks it
// touches, and the whole text is joined only when someone asks for it (once per analysis).
import type { Position, Range, TextDocumentContentChangeEvent } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { TextDocumentsConfiguration } from "vscode-languageserver";

const BLOCK = 16 * 1024;
const CR = 13;
const LF = 10;

/** Line breaks in `s` (`\r\n`, `\r`, `\n`): the blocks never split a `\r\n`, so counts add up. */
function countBreaks(s: string): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) n++;
  for (let i = s.indexOf("\r"); i !== -1; i = s.indexOf("\r", i + 1)) if (s.charCodeAt(i + 1) !== LF) n++;
  return n;
}

const isEol = (c: number) => c === CR || c === LF;

/** Cuts a string into blocks of about BLOCK characters, never between `\r` and `\n`. */
function cut(s: string): string[] {
  if (s.length <= 2 * BLOCK) return [s];
  const out: string[] = [];
  let at = 0;
  while (at < s.length) {
    let end = Math.min(s.length, at + BLOCK);
    if (end < s.length && s.charCodeAt(end - 1) === CR && s.charCodeAt(end) === LF) end++;
    out.push(s.slice(at, end));
    at = end;
  }
  return out;
}

export class BlockDocument implements TextDocument {
  #version: number;
  #blocks: string[] = [];
  #breaks: number[] = [];
  #length = 0;
  #lineBreaks = 0;
  #text: string | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    version: number,
    content: string,
  ) {
    this.#version = version;
    this.#reset(content);
  }

  get version(): number {
    return this.#version;
  }

  get lineCount(): number {
    return this.#lineBreaks + 1;
  }

  getText(range?: Range): string {
    this.#text ??= this.#blocks.join("");
    if (!range) return this.#text;
    return this.#text.substring(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  /** Applies the changes in order (each relative to the text the previous one left). */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ("range" in change && change.range !== undefined) {
        let { start, end } = change.range;
        if (start.line > end.line || (start.line === end.line && start.character > end.character)) [start, end] = [end, start];
        const from = this.offsetAt(start);
        this.#replace(from, Math.max(from, this.offsetAt(end)), change.text);
      } else if (typeof change.text === "string") {
        this.#reset(change.text);
      } else {
        throw new Error("Unknown change event received");
      }
    }
    this.#version = version;
  }

  offsetAt(position: Position): number {
    if (position.line >= this.lineCount) return this.#length;
    if (position.line < 0) return 0;
    const lineStart = this.#lineStart(position.line);
    if (position.character <= 0) return lineStart;
    // Not past the line's own end: the first `\r` or `\n` at or after its start, or the text's end.
    return this.#firstEolOrLimit(lineStart, lineStart + position.character);
  }

  positionAt(offset: number): Position {
    offset = Math.max(0, Math.min(offset, this.#length));
    let b = 0;
    let blockStart = 0;
    let breaksBefore = 0;
    while (b < this.#blocks.length - 1 && blockStart + this.#blocks[b]!.length <= offset) {
      blockStart += this.#blocks[b]!.length;
      breaksBefore += this.#breaks[b]!;
      b++;
    }
    const block = this.#blocks[b]!;
    const local = offset - blockStart;
    // An offset between `\r` and `\n` is on the line they end, before both.
    const split = local > 0 && block.charCodeAt(local - 1) === CR && block.charCodeAt(local) === LF;
    const line = breaksBefore + countBreaks(block.slice(0, local)) - (split ? 1 : 0);
    const at = split ? offset - 1 : offset;
    return { line, character: at - this.#lineStart(line) };
  }

  getLineRange(line: number): Range {
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const shown = Math.min(line, this.lineCount - 1);
    const start = this.#lineStart(shown);
    const end = line >= this.lineCount ? this.#length : this.#firstEolOrLimit(start, this.#length);
    return { start: { line: shown, character: 0 }, end: { line: shown, character: end - start } };
  }

  getEOLCharacters(line: number): string {
    if (line < 0 || line >= this.lineCount) return "";
    const eol = this.#firstEolOrLimit(this.#lineStart(line), this.#length);
    const c = this.#charCodeAt(eol);
    if (c === CR) return this.#charCodeAt(eol + 1) === LF ? "\r\n" : "\r";
    return c === LF ? "\n" : "";
  }

  #charCodeAt(offset: number): number {
    let blockStart = 0;
    for (const block of this.#blocks) {
      if (offset < blockStart + block.length) return block.charCodeAt(offset - blockStart);
      blockStart += block.length;
    }
    return NaN;
  }

  #reset(content: string): void {
    this.#blocks = cut(content);
    this.#breaks = this.#blocks.map(countBreaks);
    this.#length = content.length;
    this.#lineBreaks = this.#breaks.reduce((a, b) => a + b, 0);
    this.#text = content;
  }

  /** The offset where line `line` (0 < line <= breaks, or 0) starts. */
  #lineStart(line: number): number {
    if (line <= 0) return 0;
    let offset = 0;
    let seen = 0;
    for (let b = 0; b < this.#blocks.length; b++) {
      const block = this.#blocks[b]!;
      if (seen + this.#breaks[b]! < line) {
        seen += this.#breaks[b]!;
        offset += block.length;
        continue;
      }
      for (let i = 0; i < block.length; i++) {
        const c = block.charCodeAt(i);
        if (!isEol(c) || (c === CR && block.charCodeAt(i + 1) === LF)) continue;
        if (++seen === line) return offset + i + 1;
      }
    }
    return this.#length;
  }

  /** min(limit, the first `\r`/`\n` at or after `from`, the text's length). */
  #firstEolOrLimit(from: number, limit: number): number {
    let blockStart = 0;
    for (let b = 0; b < this.#blocks.length && blockStart < limit; b++) {
      const block = this.#blocks[b]!;
      const blockEnd = blockStart + block.length;
      if (blockEnd > from && this.#breaks[b]! > 0) {
        for (let i = Math.max(0, from - blockStart); i < block.length && blockStart + i < limit; i++) {
          if (isEol(block.charCodeAt(i))) return blockStart + i;
        }
      }
      blockStart = blockEnd;
    }
    return Math.min(limit, this.#length);
  }

  /** Replaces the text between two offsets, rewriting only the blocks they fall in. */
  #replace(from: number, to: number, text: string): void {
    let first = 0;
    let firstStart = 0;
    while (first < this.#blocks.length - 1 && firstStart + this.#blocks[first]!.length <= from) firstStart += this.#blocks[first++]!.length;
    let last = first;
    let lastStart = firstStart;
    while (last < this.#blocks.length - 1 && lastStart + this.#blocks[last]!.length < to) lastStart += this.#blocks[last++]!.length;
    const joined = this.#blocks[first]!.slice(0, from - firstStart) + text + this.#blocks[last]!.slice(to - lastStart);
    const pieces = joined.length === 0 && this.#blocks.length > last - first + 1 ? [] : cut(joined);
    let removedBreaks = 0;
    for (let b = first; b <= last; b++) removedBreaks += this.#breaks[b]!;
    const pieceBreaks = pieces.map(countBreaks);
    this.#blocks.splice(first, last - first + 1, ...pieces);
    this.#breaks.splice(first, last - first + 1, ...pieceBreaks);
    this.#length += text.length - (to - from);
    this.#lineBreaks += pieceBreaks.reduce((a, b) => a + b, 0) - removedBreaks;
    this.#text = undefined;
    // A `\r` now ending one block and a `\n` starting the next are one line break: keep them together.
    this.#mendBoundary(first + pieces.length - 1);
    this.#mendBoundary(first - 1);
  }

  #mendBoundary(b: number): void {
    if (b < 0 || b + 1 >= this.#blocks.length) return;
    const left = this.#blocks[b]!;
    const right = this.#blocks[b + 1]!;
    if (left.charCodeAt(left.length - 1) !== CR || right.charCodeAt(0) !== LF) return;
    // `\r` counted a break on the left and `\n` one on the right: together they are one.
    this.#blocks[b] = `${left}\n`;
    this.#blocks[b + 1] = right.slice(1);
    this.#breaks[b + 1]!--;
    this.#lineBreaks--;
    if (this.#blocks[b + 1]!.length === 0) {
      this.#blocks.splice(b + 1, 1);
      this.#breaks.splice(b + 1, 1);
    }
  }
}

/** What `TextDocuments` needs to create and update documents of this kind. */
export const BlockDocuments: TextDocumentsConfiguration<TextDocument> = {
  create: (uri, languageId, version, content) => new BlockDocument(uri, languageId, version, content),
  update: (document, changes, version) => {
    if (!(document instanceof BlockDocument)) throw new Error("BlockDocuments.update: the document was not created by BlockDocuments.create");
    document.update(changes, version);
    return document;
  },
};
