/** A zero-based line and UTF-16 character, as LSP counts them. */
export interface LineCharacter {
  readonly line: number;
  readonly character: number;
}

/** The line and character of an offset, by binary search over the file's line starts. */
export function positionAt(lineStarts: readonly number[], offset: number): LineCharacter {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - (lineStarts[lo] ?? 0) };
}

/** The offset of a line and character, clamped to the file. */
export function offsetAt(lineStarts: readonly number[], textLength: number, pos: LineCharacter): number {
  if (pos.line < 0) return 0;
  if (pos.line >= lineStarts.length) return textLength;
  const start = lineStarts[pos.line]!;
  const next = pos.line + 1 < lineStarts.length ? lineStarts[pos.line + 1]! : textLength;
  return Math.min(Math.max(start + pos.character, start), next);
}
